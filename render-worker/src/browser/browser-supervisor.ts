import type { Logger } from '@pressroom/platform';
import type { Page } from 'puppeteer';
import { type BrowserInstance, BrowserLifecycle, type Lane, type PooledPage } from './browser-lifecycle.js';
import { keepTreePriorityLowered, lowerTreePriority } from './cpu-priority.js';
import { SupervisorStoppedError } from './errors.js';
import { interceptRequests } from './intercept-requests.js';
import { pickLane } from './lanes.js';
import { type LaunchedBrowser, launchBrowser } from './launch-browser.js';
import { type BrowserMetrics, createBrowserMetrics, poolGauges } from './metrics.js';
import { PagePool, type Slot } from './page-pool.js';

export type { PooledPage } from './browser-lifecycle.js';

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
   * urgent render never waits for a page behind the others. They are opened in a browser of their
   * own, which keeps the worker's CPU priority when `poolNiceness` lowers the others'. Default 0.
   */
  reservedPages?: number;
  /**
   * The nice value (1–19) the browsers of the pool's pages run at, every process and thread of
   * them: the kernel then gives the CPU to the reserved pages' browser (and to the rest of the
   * farm) first, so an urgent render is not slowed by the renders around it (docs/bulk.md,
   * "Interactive renders first"). 0 (default): the worker's own priority.
   */
  poolNiceness?: number;
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

/**
 * Owns Chromium for a render worker: a bounded pool of pages spread over one or more browsers
 * (lanes), a bounded wait queue, recycling after N renders or past a memory ceiling, and a lazy
 * relaunch after a crash, each per lane. Nothing launches until the first page is asked for.
 * It leases pages; the slots and their queue are the page pool's (page-pool.ts), the lane a page
 * comes from is `pickLane`'s (lanes.ts), the browsers' lives are the lifecycle's
 * (browser-lifecycle.ts) and the gauges are set from the pool's state (metrics.ts).
 */
export class BrowserSupervisor {
  readonly metrics: BrowserMetrics;
  private readonly closeWhenIdle: boolean;
  private readonly logger: Logger | undefined;
  /** Where a render retries after a crash (see `isolateCrashes`); null: in this pool. */
  readonly quarantine: BrowserSupervisor | null;

  private readonly pool: PagePool;
  private readonly browsers: BrowserLifecycle;
  private readonly poolNiceness: number;
  private stopped = false;

  constructor(options: SupervisorOptions = {}) {
    const poolSize = options.poolSize ?? 2;
    const maxQueueLength = options.maxQueueLength ?? 16;
    const launch = options.launch ?? (() => launchBrowser());
    const reservedPages = options.reservedPages ?? 0;
    this.poolNiceness = options.poolNiceness ?? 0;
    this.metrics = options.metrics ?? createBrowserMetrics();
    this.logger = options.logger;
    this.closeWhenIdle = options.closeWhenIdle ?? false;
    this.browsers = new BrowserLifecycle({
      browsers: Math.max(1, Math.min(options.browsers ?? 1, poolSize)),
      reservedBrowsers: reservedPages > 0 ? 1 : 0,
      launch: async (lane) => {
        const launched = await launch();
        if (!lane.reserved) await keepTreePriorityLowered(launched.chromium, this.poolNiceness);
        return launched;
      },
      metrics: this.metrics,
      logger: this.logger,
      recycleAfterRenders: options.recycleAfterRenders === undefined ? 500 : options.recycleAfterRenders,
      maxMemoryBytes: options.maxMemoryBytes === undefined ? 1.5 * 1024 ** 3 : options.maxMemoryBytes,
      memoryCheckEvery: options.memoryCheckEvery ?? 10,
    });
    this.quarantine =
      options.isolateCrashes === false
        ? null
        : new BrowserSupervisor({
            poolSize: 1,
            maxQueueLength,
            recycleAfterRenders: null,
            maxMemoryBytes: null,
            launch,
            ...(this.logger ? { logger: this.logger } : {}),
            isolateCrashes: false,
            closeWhenIdle: true,
          });
    this.pool = new PagePool({
      size: poolSize,
      reserved: reservedPages,
      urgentBelow: options.urgentBelow ?? 0,
      maxQueueLength,
      onChange: poolGauges(this.metrics, poolSize + reservedPages),
    });
  }

  /**
   * Launches Chromium now instead of at the first page (a worker's cold start: the launch runs
   * while the rest of the worker loads). A failed launch is reported by the next page request.
   */
  async start(): Promise<void> {
    await Promise.all(this.browsers.lanes.map((lane) => this.browsers.instance(lane)));
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
    // Without a free slot, the render waits: the releasing render hands its slot over.
    const slot = this.pool.take(priority) ?? (await this.pool.wait(signal, priority));
    return this.openLeased(slot, signal, prefer);
  }

  /**
   * Leases a page only if one is free right now, in a browser running already, with no page
   * leased, and other than `besides`'s: null otherwise, without waiting in the queue or for a
   * launch, and never a reserved page. For work that helps a render already under way (a
   * composited file's second page of captures, capture-lanes.ts), which must not hold back
   * renders waiting for a page.
   */
  async acquireIdlePage(signal?: AbortSignal, besides?: Page): Promise<PooledPage | null> {
    if (this.stopped) return null;
    signal?.throwIfAborted();
    // A browser no render has a page in: a design that crashes Chromium there takes no other
    // render's page with it.
    const fits = (lane: Lane) => {
      const live = this.browsers.live(lane);
      return live !== null && live.leased === 0 && live.browser !== besides?.browser();
    };
    if (!this.browsers.lanes.some((lane) => slotOf(lane) === 'pool' && fits(lane))) return null;
    // The lowest priority there is: never urgent, so never a reserved slot.
    const slot = this.pool.take(Number.POSITIVE_INFINITY);
    if (slot === null) return null;
    return this.openLeased(slot, signal, undefined, fits);
  }

  /** Renders waiting for a page now (a page lent to help another render goes back for them). */
  waitingForPages(): number {
    return this.pool.state().waiting;
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
    this.browsers.rendered(gen);
    this.pool.release(slotOf(gen.lane));
    if (this.closeWhenIdle && this.pool.state().leased === 0 && gen.leased === 0 && !gen.retiring) this.browsers.closeIdle(gen);
  }

  /** Launches the browsers if needed and asks each for its version, within `timeoutMs`. */
  async health(timeoutMs = 5_000): Promise<{ ok: boolean; browserVersion: string | null; pagesInUse: number; queueLength: number }> {
    const { leased, waiting } = this.pool.state();
    const snapshot = { pagesInUse: leased, queueLength: waiting };
    try {
      const versions = await Promise.race([
        Promise.all(this.browsers.lanes.map(async (lane) => (await this.browsers.instance(lane)).browser.version())),
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
    return this.browsers.pids();
  }

  /** Rejects queued renders and closes every browser. Leased pages fail with their browser. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.browsers.halt();
    this.pool.rejectWaiting(() => new SupervisorStoppedError());
    await this.quarantine?.stop();
    await this.browsers.closeAll();
  }

  /**
   * Opens a page for a slot already held. Opening can mean launching Chromium (seconds), so an
   * abort stops the wait at once; a page that arrives after that goes straight back to the pool.
   */
  private openLeased(
    slot: Slot,
    signal: AbortSignal | undefined,
    prefer?: (page: Page) => boolean,
    only?: (lane: Lane) => boolean,
  ): Promise<PooledPage> {
    const opening = this.openPage(slot, false, prefer, only).catch((error: unknown) => {
      this.pool.release(slot);
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

  private async openPage(
    slot: Slot,
    retried = false,
    prefer?: (page: Page) => boolean,
    only: (lane: Lane) => boolean = () => true,
  ): Promise<PooledPage> {
    const all = this.browsers.lanes.filter((lane) => slotOf(lane) === slot);
    // `only` narrows the choice (acquireIdlePage checks that a lane fits before it takes the
    // slot). When none fits any more (its browser died meanwhile), any lane serves the slot held.
    const narrowed = all.filter(only);
    const lanes = narrowed.length > 0 ? narrowed : all;
    const at = pickLane(
      lanes.map((lane) => ({ live: this.browsers.live(lane), opening: lane.opening })),
      (pooled) => !pooled.page.isClosed(),
      prefer && ((pooled) => prefer(pooled.page)),
    );
    const lane = lanes[at]!;
    lane.opening++;
    let gen: BrowserInstance;
    try {
      gen = await this.browsers.instance(lane);
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
        this.browsers.forget(gen);
        return this.openPage(slot, true, prefer, only);
      }
      throw error;
    }
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
    // A new page may have brought a renderer process of its own, which inherits its zygote's
    // priority (lowered at launch); it is lowered before its first render all the same.
    await this.deprioritize(gen.lane, gen.launched.chromium.pid);
    return pooled;
  }

  /** Lowers a pool lane's browser to `poolNiceness`; a reserved lane's keeps the worker's priority. */
  private async deprioritize(lane: Lane, pid: number): Promise<void> {
    if (lane.reserved || this.poolNiceness === 0) return;
    const lowered = await lowerTreePriority(pid, this.poolNiceness);
    if (lowered > 0)
      this.logger?.debug({ lane: lane.index, pid, threads: lowered, niceness: this.poolNiceness }, 'browser priority lowered');
  }
}

/** The pool slot a lane's pages serve. */
function slotOf(lane: Lane): Slot {
  return lane.reserved ? 'reserved' : 'pool';
}
