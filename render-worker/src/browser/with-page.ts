import { ConnectionClosedError, type Page } from 'puppeteer';
import { AssetRegistry } from './asset-registry.js';
import type { BrowserSupervisor, PooledPage } from './browser-supervisor.js';
import { BrowserCrashedError, RenderAbortedError, RenderTimeoutError } from './errors.js';

export interface RenderContext {
  /** Aborts on timeout, on the caller's signal, and when the page or browser dies. */
  signal: AbortSignal;
  /** Serves bytes to the page under the reserved asset origin; returns the URL to use. */
  registerAsset(bytes: Buffer | Uint8Array, contentType: string, name?: string, options?: { stable?: boolean }): string;
  /** 0 on the first try, 1 on the retry after a crash. */
  attempt: number;
}

export interface WithPageOptions {
  /** Deadline for the whole render: queueing, both attempts, capture. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** Among idle pages, take one this answers true for (a page holding the design warm). */
  prefer?: (page: Page) => boolean;
  /** Place in the page queue, as graphile-worker's job priority (lower first; default 0). */
  priority?: number;
}

/**
 * Runs `fn` on a pooled page with a deadline. If the page or the browser dies under it (renderer
 * crash, Chromium killed), `fn` runs once more on a fresh page of the supervisor's quarantine: a
 * browser of its own that runs one render at a time. Every render that was in flight when a
 * browser died retries there, so the one that caused the crash cannot crash the others' retries,
 * and a second crash there is that render's own (BrowserCrashedError: the design's fault).
 * `fn` must be safe to repeat, which a render (load, draw, capture) is. Assets registered in
 * the first attempt stay registered for the retry.
 */
export async function withPage<T>(
  supervisor: BrowserSupervisor,
  fn: (page: Page, context: RenderContext) => Promise<T>,
  options: WithPageOptions,
): Promise<T> {
  const { deadline, signal } = renderSignals(options);
  const assets = new AssetRegistry();
  const attempts = supervisor.metrics.renderAttempts;

  for (let attempt = 0; ; attempt++) {
    const pool = attempt === 0 ? supervisor : (supervisor.quarantine ?? supervisor);
    let pooled: PooledPage;
    try {
      pooled = await pool.acquirePage(signal, options.prefer, options.priority);
    } catch (error) {
      throw mapAbort(error, deadline, options);
    }
    let broken = false;
    try {
      const result = await attemptOn(pooled, assets, attempt, fn, signal);
      attempts.inc({ outcome: 'success' });
      return result;
    } catch (error) {
      broken = true;
      if (isInfrastructureFailure(pooled, error)) {
        attempts.inc({ outcome: 'crash' });
        if (attempt === 0 && !signal.aborted) continue;
        throw new BrowserCrashedError(error);
      }
      if (signal.aborted) {
        attempts.inc({ outcome: deadline.aborted ? 'timeout' : 'aborted' });
        throw mapAbort(error, deadline, options);
      }
      // An error of the render itself (bad input, a script error): the page is fine, but it is
      // dropped anyway, since its DOM is in an unknown state.
      attempts.inc({ outcome: 'error' });
      throw error;
    } finally {
      pool.releasePage(pooled, { broken });
    }
  }
}

/**
 * Runs `fn` on a page of the pool only if one is free at once in a running browser, other than
 * `besides`'s when given (`acquireIdlePage`): null when none is. One attempt, no retry: a page
 * that dies under it fails it, and the caller carries on without it (the work it helps with is
 * done elsewhere). Same deadline and abort as `withPage`.
 */
export async function withIdlePage<T>(
  supervisor: BrowserSupervisor,
  fn: (page: Page, context: RenderContext) => Promise<T>,
  options: Pick<WithPageOptions, 'timeoutMs' | 'signal'> & {
    /** A page in another browser than this one's (one browser draws one frame at a time). */
    besides?: Page;
  },
): Promise<T | null> {
  const { deadline, signal } = renderSignals(options);
  let pooled: PooledPage | null;
  try {
    pooled = await supervisor.acquireIdlePage(signal, options.besides);
  } catch (error) {
    throw mapAbort(error, deadline, options);
  }
  if (!pooled) return null;
  let broken = false;
  try {
    return await attemptOn(pooled, new AssetRegistry(), 0, fn, signal);
  } catch (error) {
    broken = true;
    throw signal.aborted ? mapAbort(error, deadline, options) : error;
  } finally {
    supervisor.releasePage(pooled, { broken });
  }
}

/** The render's deadline, and the signal that aborts it: the deadline or the caller's signal. */
function renderSignals(options: Pick<WithPageOptions, 'timeoutMs' | 'signal'>): { deadline: AbortSignal; signal: AbortSignal } {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  return { deadline, signal: options.signal ? AbortSignal.any([deadline, options.signal]) : deadline };
}

/** One attempt of `fn` on a leased page serving `assets`, raced against its death (runAttempt). */
function attemptOn<T>(
  pooled: PooledPage,
  assets: AssetRegistry,
  attempt: number,
  fn: (page: Page, context: RenderContext) => Promise<T>,
  signal: AbortSignal,
): Promise<T> {
  pooled.assets = assets;
  return runAttempt(
    pooled,
    (attemptSignal) =>
      fn(pooled.page, {
        signal: attemptSignal,
        attempt,
        registerAsset: (bytes, contentType, name, registered) => assets.register(bytes, contentType, name, registered),
      }),
    signal,
  );
}

/**
 * Races the render against its abort signal and against the page's death, so a render never
 * waits for a CDP answer that cannot come.
 */
async function runAttempt<T>(pooled: PooledPage, run: (signal: AbortSignal) => Promise<T>, outer: AbortSignal): Promise<T> {
  const local = new AbortController();
  const signal = AbortSignal.any([outer, local.signal]);
  const browser = pooled.instance.browser;
  let cleanup: () => void = () => undefined;
  const died = new Promise<never>((_, reject) => {
    const onDeath = () => {
      const error = new PageDiedError();
      local.abort(error);
      reject(error);
    };
    const onAbort = () => reject(signal.reason);
    // The deadline may have passed while the page was being opened (a slow launch).
    if (signal.aborted) onAbort();
    if (!browser.connected || pooled.page.isClosed()) onDeath();
    // `on`, not `once`: puppeteer's `once` registers a wrapper that `off(handler)` cannot find, so
    // each render left three handlers on its long-lived page and browser, and through `died` they
    // kept the render's result (its file's bytes) until the browser was recycled.
    pooled.page.on('error', onDeath);
    pooled.page.on('close', onDeath);
    browser.on('disconnected', onDeath);
    signal.addEventListener('abort', onAbort, { once: true });
    cleanup = () => {
      pooled.page.off('error', onDeath);
      pooled.page.off('close', onDeath);
      browser.off('disconnected', onDeath);
      signal.removeEventListener('abort', onAbort);
    };
  });
  died.catch(() => undefined);
  const work = signal.aborted ? Promise.reject(signal.reason) : run(signal);
  work.catch(() => undefined); // it may reject after we stopped waiting for it
  try {
    return await Promise.race([work, died]);
  } finally {
    cleanup();
  }
}

/** Internal: the page or its browser went away while the render waited on it. */
class PageDiedError extends Error {
  constructor() {
    super('page or browser died during the render');
    this.name = 'PageDiedError';
  }
}

/** Judged by the state of the page and browser, not by the error's text. */
function isInfrastructureFailure(pooled: PooledPage, error: unknown): boolean {
  return (
    pooled.crashed ||
    pooled.page.isClosed() ||
    !pooled.instance.browser.connected ||
    error instanceof PageDiedError ||
    error instanceof ConnectionClosedError
  );
}

function mapAbort(error: unknown, deadline: AbortSignal, options: WithPageOptions): unknown {
  if (deadline.aborted) return new RenderTimeoutError(options.timeoutMs);
  if (options.signal?.aborted) return new RenderAbortedError(options.signal.reason);
  return error;
}
