import type { Logger } from '@pressroom/platform';
import type { Browser, Page } from 'puppeteer';
import type { AssetRegistry } from './asset-registry.js';
import { PoolSaturatedError, SupervisorStoppedError } from './errors.js';
import { interceptRequests } from './intercept-requests.js';
import { type LaunchedBrowser, launchBrowser } from './launch-browser.js';
import { type BrowserMetrics, createBrowserMetrics, type RestartReason } from './metrics.js';
import { processTreeRssBytes } from './process-memory.js';

export interface SupervisorOptions {
  /** Pages open at once (renders in parallel). Default 2. */
  poolSize?: number;
  /**
   * Browsers the pages are spread over (at most `poolSize`). Default 1. The headless shell draws
   * one frame at a time per browser (capture.ts): two browsers draw two frames at once, and a
   * browser that dies takes only its own pages with it.
   */
  browsers?: number;
  /**
   * Pages beyond `poolSize` that only urgent renders lease (priority below `urgentBelow`), so an
   * urgent render never waits for a page behind the others. Default 0.
   */
  reservedPages?: number;
  /** The priority below which a render is urgent (graphile-worker's order: lower first). Default 0. */
  urgentBelow?: number;
  /** Renders that may wait for a page; one more fails fast with PoolSaturatedError. Default 16. */
  maxQueueLength?: number;
  /** Replace the browser after this many renders; null never. Default 500. */
  recycleAfterRenders?: number | null;
  /** Replace the browser when its process tree's RSS exceeds this; null never. Default 1.5 GiB. */
  maxMemoryBytes?: number | null;
  /** Check memory every N renders (a /proc walk is not free). Default 10. */
  memoryCheckEvery?: number;
  /** Default `launchBrowser()`. */
  launch?: () => Promise<LaunchedBrowser>;
  metrics?: BrowserMetrics;
  logger?: Logger;
  /**
   * Retry a render whose page or browser died under it in a quarantine browser of its own, one
   * render at a time, so a design that crashes Chromium again takes down only itself (and its
   * second crash is known to be its own). Default true; false runs the retry in this pool.
   */
  isolateCrashes?: boolean;
  /** Close the browser as soon as no page is leased (the quarantine's own setting). Default false. */
  closeWhenIdle?: boolean;
}

/** One browser slot of the pool: its live browser, the launch under way, the pages being opened. */
interface Lane {
  index: number;
  current: BrowserInstance | null;
  launching: Promise<BrowserInstance> | null;
  /** Pages being opened in this lane right now (counted before the browser is there). */
  opening: number;
}

/** One Chromium process and the pages opened in it. */
interface BrowserInstance {
  id: number;
  lane: Lane;
  launched: LaunchedBrowser;
  browser: Browser;
  renders: number;
  leased: number;
  idle: PooledPage[];
  /** No new leases; closed once the last lease returns. */
  retiring: boolean;
  /** We are closing it: its disconnect is expected, not a crash. */
  closing: boolean;
  /** The tab Chromium opened at launch has been given to the pool (or was gone). */
  firstTabTaken: boolean;
}

/** A leased page. Hand it back with `releasePage` exactly once. */
export interface PooledPage {
  readonly page: Page;
  /** The assets the page may load right now (set by `withPage`). */
  assets: AssetRegistry | null;
  /** Set when Chromium reported the page's renderer crashed. */
  crashed: boolean;
  readonly instance: BrowserInstance;
}

interface Waiter {
  /** graphile-worker's order: lower is served first; equal ones in arrival order. */
  priority: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Owns Chromium for a render worker: a bounded pool of pages spread over one or more browsers
 * (lanes), a bounded wait queue, recycling after N renders or past a memory ceiling, and a lazy
 * relaunch after a crash, each per lane. Nothing launches until the first page is asked for.
 */
export class BrowserSupervisor {
  readonly metrics: BrowserMetrics;
  private readonly poolSize: number;
  private readonly reservedPages: number;
  private readonly urgentBelow: number;
  private readonly maxQueueLength: number;
  private readonly recycleAfterRenders: number | null;
  private readonly maxMemoryBytes: number | null;
  private readonly memoryCheckEvery: number;
  private readonly launch: () => Promise<LaunchedBrowser>;
  private readonly logger: Logger | undefined;
  private readonly closeWhenIdle: boolean;
  /** Where a render retries after a crash (see `isolateCrashes`); null: in this pool. */
  readonly quarantine: BrowserSupervisor | null;

  private readonly lanes: Lane[];
  private readonly alive = new Set<BrowserInstance>();
  private nextInstanceId = 1;
  private leased = 0;
  private readonly waiters: Waiter[] = [];
  private stopped = false;

  constructor(options: SupervisorOptions = {}) {
    this.poolSize = options.poolSize ?? 2;
    this.reservedPages = options.reservedPages ?? 0;
    this.urgentBelow = options.urgentBelow ?? 0;
    const browsers = Math.max(1, Math.min(options.browsers ?? 1, this.poolSize));
    this.lanes = Array.from({ length: browsers }, (_, index) => ({ index, current: null, launching: null, opening: 0 }));
    this.maxQueueLength = options.maxQueueLength ?? 16;
    this.recycleAfterRenders = options.recycleAfterRenders === undefined ? 500 : options.recycleAfterRenders;
    this.maxMemoryBytes = options.maxMemoryBytes === undefined ? 1.5 * 1024 ** 3 : options.maxMemoryBytes;
    this.memoryCheckEvery = options.memoryCheckEvery ?? 10;
    this.launch = options.launch ?? (() => launchBrowser());
    this.metrics = options.metrics ?? createBrowserMetrics();
    this.logger = options.logger;
    this.closeWhenIdle = options.closeWhenIdle ?? false;
    this.quarantine =
      options.isolateCrashes === false
        ? null
        : new BrowserSupervisor({
            poolSize: 1,
            maxQueueLength: this.maxQueueLength,
            recycleAfterRenders: null,
            maxMemoryBytes: null,
            launch: this.launch,
            ...(this.logger ? { logger: this.logger } : {}),
            isolateCrashes: false,
            closeWhenIdle: true,
          });
    this.metrics.poolSize.set(this.poolSize + this.reservedPages);
    this.updateGauges();
  }

  /**
   * Launches Chromium now instead of at the first page (a worker's cold start: the launch runs
   * while the rest of the worker loads). A failed launch is reported by the next page request.
   */
  async start(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => this.instance(lane)));
  }

  /**
   * Leases a page, waiting in a bounded queue when all are busy. Aborting `signal` leaves the
   * queue and rejects with the signal's reason. `prefer` picks among idle pages (a page that holds
   * the render's design warm); any page is taken when none is preferred. `priority` orders the
   * queue as graphile-worker orders jobs (lower first; default 0): a sync render waiting for a page
   * goes before the bulk renders already waiting (docs/bulk.md, "Interactive renders first").
   */
  async acquirePage(signal?: AbortSignal, prefer?: (page: Page) => boolean, priority = 0): Promise<PooledPage> {
    if (this.stopped) throw new SupervisorStoppedError();
    signal?.throwIfAborted();
    if (this.leased < this.capacityFor(priority)) {
      this.leased++;
    } else {
      if (this.waiters.length >= this.maxQueueLength) throw new PoolSaturatedError(this.waiters.length);
      await this.waitForSlot(signal, priority); // the releasing render hands its slot over
    }
    this.updateGauges();
    return this.openLeased(signal, prefer);
  }

  /**
   * Returns a leased page. `broken` (timed out, crashed, aborted mid-render) closes it instead of
   * pooling it, so a stuck page never serves another render.
   */
  releasePage(pooled: PooledPage, options: { broken?: boolean } = {}): void {
    const gen = pooled.instance;
    gen.leased--;
    gen.renders++;
    pooled.assets = null;
    const reusable = !options.broken && !pooled.crashed && !pooled.page.isClosed() && !gen.retiring && gen.browser.connected;
    if (reusable) gen.idle.push(pooled);
    else void pooled.page.close().catch(() => undefined);

    const live = gen === gen.lane.current;
    if (live && this.recycleAfterRenders !== null && gen.renders >= this.recycleAfterRenders) {
      this.retire(gen, 'recycle_count');
    } else if (live && this.maxMemoryBytes !== null && gen.renders % this.memoryCheckEvery === 0) {
      void this.checkMemory(gen);
    }
    if (gen.retiring && gen.leased === 0) void this.closeInstance(gen);
    this.freeSlot();
    if (this.closeWhenIdle && this.leased === 0 && gen.leased === 0 && !gen.retiring) {
      // The quarantine: what ran here may have left the browser bloated; nothing waits for it.
      gen.retiring = true;
      if (gen.lane.current === gen) gen.lane.current = null;
      void this.closeInstance(gen);
    }
  }

  /** Launches the browsers if needed and asks each for its version, within `timeoutMs`. */
  async health(timeoutMs = 5_000): Promise<{ ok: boolean; browserVersion: string | null; pagesInUse: number; queueLength: number }> {
    const snapshot = { pagesInUse: this.leased, queueLength: this.waiters.length };
    try {
      const versions = await Promise.race([
        Promise.all(this.lanes.map(async (lane) => (await this.instance(lane)).browser.version())),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('health check timed out')), timeoutMs).unref()),
      ]);
      return { ok: true, browserVersion: versions[0] ?? null, ...snapshot };
    } catch (error) {
      this.logger?.warn({ err: error }, 'browser health check failed');
      return { ok: false, browserVersion: null, ...snapshot };
    }
  }

  /** The first browser's OS process id, or null when none is running. For diagnostics and tests. */
  browserPid(): number | null {
    return this.browserPids()[0] ?? null;
  }

  /** The OS process id of each lane's browser (null: none running). For diagnostics and tests. */
  browserPids(): (number | null)[] {
    return this.lanes.map((lane) => lane.current?.launched.chromium.pid ?? null);
  }

  /** Rejects queued renders and closes every browser. Leased pages fail with their browser. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const waiter of this.waiters.splice(0)) waiter.reject(new SupervisorStoppedError());
    await this.quarantine?.stop();
    await Promise.all(this.lanes.map((lane) => lane.launching?.catch(() => undefined)));
    for (const lane of this.lanes) lane.current = null;
    await Promise.all([...this.alive].map((gen) => this.closeInstance(gen)));
    this.updateGauges();
  }

  private waitForSlot(signal: AbortSignal | undefined, priority: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const index = this.waiters.indexOf(waiter);
        if (index !== -1) this.waiters.splice(index, 1);
        this.updateGauges();
        reject(signal?.reason);
      };
      const waiter: Waiter = {
        priority,
        resolve: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        reject: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const behind = this.waiters.findIndex((w) => w.priority > priority);
      this.waiters.splice(behind === -1 ? this.waiters.length : behind, 0, waiter);
      this.updateGauges();
    });
  }

  /** Pages a render of this priority may count on: the pool, plus the reserve for urgent ones. */
  private capacityFor(priority: number): number {
    return this.poolSize + (priority < this.urgentBelow ? this.reservedPages : 0);
  }

  /**
   * A slot came free: hand it to the first waiter (they are in priority order) if its capacity
   * admits it, else give it back to the pool. A reserved page freed while only non-urgent renders
   * wait stays free for the next urgent one.
   */
  private freeSlot(): void {
    const next = this.waiters[0];
    if (next && this.leased - 1 < this.capacityFor(next.priority)) {
      this.waiters.shift();
      next.resolve(); // the slot passes to it: `leased` is unchanged
    } else {
      this.leased--;
    }
    this.updateGauges();
  }

  /**
   * Opens a page for a slot already held. Opening can mean launching Chromium (seconds), so an
   * abort stops the wait at once; a page that arrives after that goes straight back to the pool.
   */
  private openLeased(signal: AbortSignal | undefined, prefer?: (page: Page) => boolean): Promise<PooledPage> {
    const opening = this.openPage(false, prefer).catch((error: unknown) => {
      this.freeSlot();
      throw error;
    });
    if (!signal) return opening;
    return new Promise<PooledPage>((resolve, reject) => {
      const onAbort = () => {
        reject(signal.reason);
        opening.then(
          (late) => this.releasePage(late),
          () => undefined,
        );
      };
      if (signal.aborted) {
        onAbort();
        return;
      }
      signal.addEventListener('abort', onAbort, { once: true });
      opening.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  private async openPage(retried = false, prefer?: (page: Page) => boolean): Promise<PooledPage> {
    const lane = this.pickLane(prefer);
    lane.opening++;
    let gen: BrowserInstance;
    try {
      gen = await this.instance(lane);
    } finally {
      lane.opening--;
    }
    gen.leased++;
    try {
      // An idle page the caller prefers (one that holds its design warm), else the last released.
      const preferred = prefer ? gen.idle.findIndex((p) => !p.page.isClosed() && prefer(p.page)) : -1;
      let pooled = preferred >= 0 ? gen.idle.splice(preferred, 1)[0] : gen.idle.pop();
      while (pooled?.page.isClosed()) pooled = gen.idle.pop();
      return pooled ?? (await this.newPage(gen));
    } catch (error) {
      gen.leased--;
      // The browser died between the lookup and the new page (its 'disconnected' event may not
      // have run yet): forget it and open the page on a fresh one, once.
      if (!retried && !gen.browser.connected && !this.stopped) {
        if (lane.current === gen) lane.current = null;
        return this.openPage(true, prefer);
      }
      throw error;
    }
  }

  /**
   * The lane a page is taken from: one holding an idle page the caller prefers, else one holding
   * any idle page, else the one with the fewest pages (a launched browser before one still to
   * launch), so the pages spread evenly over the browsers.
   */
  private pickLane(prefer?: (page: Page) => boolean): Lane {
    const live = (lane: Lane) => (lane.current?.browser.connected && !lane.current.retiring ? lane.current : null);
    // Idle pages not yet promised: callers that picked the lane take its idle pages after an await,
    // so two callers in one tick would otherwise both count on the same page.
    const free = (lane: Lane, fits: (page: Page) => boolean) =>
      (live(lane)?.idle.filter((p) => !p.page.isClosed() && fits(p.page)).length ?? 0) > lane.opening;
    const preferred = prefer ? this.lanes.find((lane) => free(lane, prefer)) : undefined;
    if (preferred) return preferred;
    const withIdle = this.lanes.find((lane) => free(lane, () => true));
    if (withIdle) return withIdle;
    const load = (lane: Lane) => {
      const gen = live(lane);
      return 2 * ((gen ? gen.leased + gen.idle.length : 0) + lane.opening) + (gen ? 0 : 1);
    };
    return this.lanes.reduce((best, lane) => (load(lane) < load(best) ? lane : best));
  }

  private async newPage(gen: BrowserInstance): Promise<PooledPage> {
    // Each page gets a window of its own: a background tab produces no frames, so a screenshot of
    // it waits until it comes to the front, and two pages capturing at once stall each other. The
    // tab Chromium opened at launch is alone in its window: the first page uses it, which spares
    // the first render (a worker's cold start) a window and a renderer process to start.
    let page: Page | undefined;
    if (!gen.firstTabTaken) {
      gen.firstTabTaken = true;
      page = (await gen.browser.pages()).find((p) => p.url() === 'about:blank' && !p.isClosed());
    }
    page ??= await gen.browser.newPage({ type: 'window' });
    const pooled: PooledPage = { page, assets: null, crashed: false, instance: gen };
    page.on('error', () => {
      pooled.crashed = true; // "Page crashed!": the renderer process died
    });
    await interceptRequests(page, () => pooled.assets);
    return pooled;
  }

  /** The lane's live browser, launching one when there is none (first use, after a crash or a recycle). */
  private instance(lane: Lane): Promise<BrowserInstance> {
    const gen = lane.current;
    if (gen?.browser.connected && !gen.retiring) return Promise.resolve(gen);
    if (this.stopped) return Promise.reject(new SupervisorStoppedError());
    if (!lane.launching) {
      lane.launching = this.startInstance(lane).finally(() => {
        lane.launching = null;
      });
    }
    return lane.launching;
  }

  private async startInstance(lane: Lane): Promise<BrowserInstance> {
    const launched = await this.launch();
    const { browser } = launched;
    const gen: BrowserInstance = {
      id: this.nextInstanceId++,
      lane,
      launched,
      browser,
      renders: 0,
      leased: 0,
      idle: [],
      retiring: false,
      closing: false,
      firstTabTaken: false,
    };
    browser.on('disconnected', () => void this.onDisconnected(gen));
    this.alive.add(gen);
    if (this.stopped) {
      await this.closeInstance(gen);
      throw new SupervisorStoppedError();
    }
    lane.current = gen;
    this.logger?.info(
      {
        instance: gen.id,
        lane: lane.index,
        pid: launched.chromium.pid,
        executable: launched.chromium.executablePath,
        frameMode: launched.chromium.frameMode,
        sinceStartMs: Math.round(process.uptime() * 1000),
      },
      'browser launched',
    );
    return gen;
  }

  private async onDisconnected(gen: BrowserInstance): Promise<void> {
    this.alive.delete(gen);
    if (gen.lane.current === gen) gen.lane.current = null;
    gen.idle = [];
    if (gen.closing) return;
    const reason = await exitReason(gen.launched);
    this.metrics.restarts.inc({ reason });
    this.logger?.warn({ instance: gen.id, reason }, 'browser lost; the next render relaunches it');
  }

  private retire(gen: BrowserInstance, reason: RestartReason): void {
    if (gen.retiring) return;
    gen.retiring = true;
    if (gen.lane.current === gen) gen.lane.current = null;
    this.metrics.restarts.inc({ reason });
    this.logger?.info({ instance: gen.id, reason, renders: gen.renders }, 'recycling browser');
    for (const pooled of gen.idle.splice(0)) void pooled.page.close().catch(() => undefined);
  }

  private async checkMemory(gen: BrowserInstance): Promise<void> {
    if (this.maxMemoryBytes === null) return;
    const rss = await processTreeRssBytes(gen.launched.chromium.pid);
    if (rss !== null && rss > this.maxMemoryBytes && !gen.retiring) {
      this.retire(gen, 'recycle_memory');
      if (gen.leased === 0) await this.closeInstance(gen);
    }
  }

  private async closeInstance(gen: BrowserInstance): Promise<void> {
    if (gen.closing) return;
    gen.closing = true;
    this.alive.delete(gen);
    if (gen.lane.current === gen) gen.lane.current = null;
    await gen.launched.close();
  }

  private updateGauges(): void {
    this.metrics.pagesInUse.set(this.leased);
    this.metrics.queueLength.set(this.waiters.length);
  }
}

/**
 * A browser that died on a signal or a non-zero exit crashed; one whose process is still there
 * (or exited cleanly) merely dropped the connection, and is killed so it cannot linger.
 */
async function exitReason({ chromium }: LaunchedBrowser): Promise<'crash' | 'disconnect'> {
  if (chromium.exitDescription() === null) {
    // The pipe can close a moment before the exit is reaped.
    await Promise.race([chromium.exited, new Promise((r) => setTimeout(r, 1_000).unref())]);
  }
  const { exitCode, signalCode } = chromium.child;
  if (signalCode !== null || (exitCode !== null && exitCode !== 0)) return 'crash';
  if (exitCode === null) chromium.kill();
  return 'disconnect';
}
