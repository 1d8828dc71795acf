import type { Logger } from '@pressroom/platform';
import type { Browser, Page } from 'puppeteer';
import type { AssetRegistry } from './asset-registry.js';
import { SupervisorStoppedError } from './errors.js';
import type { LaunchedBrowser } from './launch-browser.js';
import type { BrowserMetrics, RestartReason } from './metrics.js';
import { processTreeRssBytes } from './process-memory.js';

/** One browser slot of the pool: its live browser, the launch under way, the pages being opened. */
export interface Lane {
  index: number;
  /** Serves the pool's reserved slots only (page-pool.ts), at the worker's own CPU priority. */
  readonly reserved: boolean;
  current: BrowserInstance | null;
  launching: Promise<BrowserInstance> | null;
  /** Pages being opened in this lane right now (counted before the browser is there). */
  opening: number;
}

/** One Chromium process and the pages opened in it. */
export interface BrowserInstance {
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

export interface LifecycleOptions {
  /** Lanes of the pool's pages. */
  browsers: number;
  /** Lanes of the reserved pages only, after those (0 or 1). */
  reservedBrowsers: number;
  launch: (lane: Lane) => Promise<LaunchedBrowser>;
  metrics: BrowserMetrics;
  logger: Logger | undefined;
  /** Replace a browser after this many renders; null never. */
  recycleAfterRenders: number | null;
  /** Replace a browser when its process tree's RSS exceeds this; null never. */
  maxMemoryBytes: number | null;
  /** Check memory every N renders. */
  memoryCheckEvery: number;
}

/**
 * The browsers of a pool, one per lane, through their lives: launched lazily (first use, after a
 * crash or a recycle), recycled after N renders or past a memory ceiling, closed once the last page
 * leased from a retired one returns, and told apart when they go: a crash or a dropped connection
 * (counted and logged) from a close of ours.
 */
export class BrowserLifecycle {
  readonly lanes: Lane[];
  private readonly alive = new Set<BrowserInstance>();
  private nextInstanceId = 1;
  private halted = false;

  constructor(private readonly options: LifecycleOptions) {
    this.lanes = Array.from({ length: options.browsers + options.reservedBrowsers }, (_, index) => ({
      index,
      reserved: index >= options.browsers,
      current: null,
      launching: null,
      opening: 0,
    }));
  }

  /** The lane's browser when it may lease pages (connected, not retiring), else null. */
  live(lane: Lane): BrowserInstance | null {
    return lane.current?.browser.connected && !lane.current.retiring ? lane.current : null;
  }

  /** The lane's live browser, launching one when there is none (first use, after a crash or a recycle). */
  instance(lane: Lane): Promise<BrowserInstance> {
    const gen = lane.current;
    if (gen?.browser.connected && !gen.retiring) return Promise.resolve(gen);
    if (this.halted) return Promise.reject(new SupervisorStoppedError());
    if (!lane.launching) {
      lane.launching = this.startInstance(lane).finally(() => {
        lane.launching = null;
      });
    }
    return lane.launching;
  }

  /** Forgets a lane's browser that died under a caller (its 'disconnected' event may not have run yet). */
  forget(gen: BrowserInstance): void {
    if (gen.lane.current === gen) gen.lane.current = null;
  }

  /**
   * A render on `gen` ended: recycle the browser once it has served its renders or outgrown its
   * memory ceiling, and close a retired one when its last leased page is back.
   */
  rendered(gen: BrowserInstance): void {
    const live = gen === gen.lane.current;
    if (live && this.options.recycleAfterRenders !== null && gen.renders >= this.options.recycleAfterRenders) {
      this.retire(gen, 'recycle_count');
    } else if (live && this.options.maxMemoryBytes !== null && gen.renders % this.options.memoryCheckEvery === 0) {
      void this.checkMemory(gen);
    }
    if (gen.retiring && gen.leased === 0) void this.closeInstance(gen);
  }

  /** Closes an idle browser now (the quarantine's: what ran there may have left it bloated). */
  closeIdle(gen: BrowserInstance): void {
    gen.retiring = true;
    this.forget(gen);
    void this.closeInstance(gen);
  }

  /** The OS process id of each lane's browser (null: none running). */
  pids(): (number | null)[] {
    return this.lanes.map((lane) => lane.current?.launched.chromium.pid ?? null);
  }

  /** No browser launches from now on (a launch under way is closed when it lands). */
  halt(): void {
    this.halted = true;
  }

  /** Waits for launches under way and closes every browser. */
  async closeAll(): Promise<void> {
    this.halt();
    await Promise.all(this.lanes.map((lane) => lane.launching?.catch(() => undefined)));
    for (const lane of this.lanes) lane.current = null;
    await Promise.all([...this.alive].map((gen) => this.closeInstance(gen)));
  }

  private async startInstance(lane: Lane): Promise<BrowserInstance> {
    const launched = await this.options.launch(lane);
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
    if (this.halted) {
      await this.closeInstance(gen);
      throw new SupervisorStoppedError();
    }
    lane.current = gen;
    this.options.logger?.info(
      {
        instance: gen.id,
        lane: lane.index,
        reserved: lane.reserved,
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
    this.forget(gen);
    gen.idle = [];
    if (gen.closing) return;
    const reason = await exitReason(gen.launched);
    this.options.metrics.restarts.inc({ reason });
    this.options.logger?.warn({ instance: gen.id, reason }, 'browser lost; the next render relaunches it');
  }

  private retire(gen: BrowserInstance, reason: RestartReason): void {
    if (gen.retiring) return;
    gen.retiring = true;
    this.forget(gen);
    this.options.metrics.restarts.inc({ reason });
    this.options.logger?.info({ instance: gen.id, reason, renders: gen.renders }, 'recycling browser');
    for (const pooled of gen.idle.splice(0)) void pooled.page.close().catch(() => undefined);
  }

  private async checkMemory(gen: BrowserInstance): Promise<void> {
    if (this.options.maxMemoryBytes === null) return;
    const rss = await processTreeRssBytes(gen.launched.chromium.pid);
    if (rss !== null && rss > this.options.maxMemoryBytes && !gen.retiring) {
      this.retire(gen, 'recycle_memory');
      if (gen.leased === 0) await this.closeInstance(gen);
    }
  }

  private async closeInstance(gen: BrowserInstance): Promise<void> {
    if (gen.closing) return;
    gen.closing = true;
    this.alive.delete(gen);
    this.forget(gen);
    await gen.launched.close();
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
