import { readdir } from 'node:fs/promises';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { getPriority } from 'node:os';
import { until } from '@pressroom/platform/testing';
import type { Counter } from 'prom-client';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BrowserSupervisor, type SupervisorOptions } from './browser-supervisor.js';
import { capture } from './capture.js';
import { PoolSaturatedError, RenderTimeoutError } from './errors.js';
import { launchBrowser } from './launch-browser.js';
import { printPdf } from './print-pdf.js';
import { childrenOf } from './process-memory.js';
import { withPage } from './with-page.js';

/** Real Chromium. Each test builds its own supervisor and stops it. */
let supervisor: BrowserSupervisor | null = null;
function build(options: SupervisorOptions = {}): BrowserSupervisor {
  supervisor = new BrowserSupervisor(options);
  return supervisor;
}
afterEach(async () => {
  await supervisor?.stop();
  supervisor = null;
});

async function count(counter: Counter<string>, labels: Record<string, string>): Promise<number> {
  const { values } = await counter.get();
  return values.find((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l))?.value ?? 0;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const CARD = '<body style="margin:0;background:#123456"><div style="width:200px;height:100px;background:#ff0000"></div></body>';

describe('page pool', () => {
  it('leases up to poolSize pages, queues up to maxQueueLength, then refuses', async () => {
    const sup = build({ poolSize: 2, maxQueueLength: 1 });
    const a = await sup.acquirePage();
    const b = await sup.acquirePage();
    expect(a.page).not.toBe(b.page);
    expect(await sup.metrics.pagesInUse.get()).toMatchObject({ values: [{ value: 2 }] });

    let third: Awaited<ReturnType<typeof sup.acquirePage>> | null = null;
    const waiting = sup.acquirePage().then((p) => {
      third = p;
      return p;
    });
    await until('one render waiting for a page', async () => (await sup.metrics.queueLength.get()).values[0]?.value === 1);
    await expect(sup.acquirePage()).rejects.toBeInstanceOf(PoolSaturatedError);
    expect(third).toBeNull();

    sup.releasePage(a);
    const c = await waiting;
    expect(c.page).toBe(a.page); // the idle page is reused, not reopened
    expect((await sup.metrics.queueLength.get()).values[0]?.value).toBe(0);
    sup.releasePage(b);
    sup.releasePage(c);
    expect((await sup.metrics.pagesInUse.get()).values[0]?.value).toBe(0);
  });

  it('an aborted waiter leaves the queue', async () => {
    const sup = build({ poolSize: 1, maxQueueLength: 1 });
    const a = await sup.acquirePage();
    const controller = new AbortController();
    const waiting = sup.acquirePage(controller.signal);
    controller.abort(new Error('gave up'));
    await expect(waiting).rejects.toThrow('gave up');
    // The queue slot is free again: another waiter is accepted rather than refused.
    const next = sup.acquirePage();
    sup.releasePage(a);
    sup.releasePage(await next);
  });

  it('serves waiters by priority, lower first, and in arrival order within one priority', async () => {
    const sup = build({ poolSize: 1, maxQueueLength: 4 });
    const held = await sup.acquirePage();
    const served: string[] = [];
    const wait = (name: string, priority: number) =>
      sup.acquirePage(undefined, undefined, priority).then((p) => {
        served.push(name);
        sup.releasePage(p);
      });
    // Two bulk renders queue first (graphile priority 10), then an async (0) and a sync one (-10).
    const all = [wait('bulk 1', 10), wait('bulk 2', 10), wait('async', 0), wait('sync', -10)];
    await until('four renders waiting for a page', async () => (await sup.metrics.queueLength.get()).values[0]?.value === 4);
    sup.releasePage(held);
    await Promise.all(all);
    expect(served).toEqual(['sync', 'async', 'bulk 1', 'bulk 2']);
  });

  it('leases a reserved page only to an urgent render, and keeps it free while only others wait', async () => {
    const sup = build({ poolSize: 1, reservedPages: 1, urgentBelow: 0, maxQueueLength: 4 });
    const bulk = await sup.acquirePage(undefined, undefined, 10);
    // The pool is full for a bulk render: it waits although the reserved page is free.
    let bulkWaiting: Awaited<ReturnType<typeof sup.acquirePage>> | null = null;
    const waiting = sup.acquirePage(undefined, undefined, 10).then((p) => {
      bulkWaiting = p;
      return p;
    });
    await until('one render waiting for a page', async () => (await sup.metrics.queueLength.get()).values[0]?.value === 1);
    // A sync render (-10) takes the reserved page at once.
    const sync = await sup.acquirePage(undefined, undefined, -10);
    expect(sync.page).not.toBe(bulk.page);
    expect((await sup.metrics.pagesInUse.get()).values[0]?.value).toBe(2);
    // The reserved page comes back while only the bulk render waits: it stays free.
    sup.releasePage(sync);
    await new Promise((r) => setTimeout(r, 100));
    expect(bulkWaiting).toBeNull();
    // The pool's page comes back: the bulk render takes it.
    sup.releasePage(bulk);
    sup.releasePage(await waiting);
    expect((await sup.metrics.pagesInUse.get()).values[0]?.value).toBe(0);
    expect((await sup.metrics.poolSize.get()).values[0]?.value).toBe(2);
  });

  it('reports health with the browser version', async () => {
    const sup = build();
    const health = await sup.health();
    expect(health.ok).toBe(true);
    expect(health.browserVersion).toMatch(/Chrom/);
  });
});

describe('browsers (lanes)', () => {
  it('spreads the pages over the browsers, and a browser that dies takes only its own pages', async () => {
    const sup = build({ poolSize: 2, browsers: 2 });
    await sup.start();
    const [pidA, pidB] = sup.browserPids();
    expect(pidA).not.toBeNull();
    expect(pidB).not.toBeNull();
    expect(pidA).not.toBe(pidB);
    const [a, b] = [await sup.acquirePage(), await sup.acquirePage()];
    expect(a.page.browser()).not.toBe(b.page.browser());
    // Two frames at once, one per browser: the headless shell's one-frame-at-a-time rule is per browser.
    await Promise.all([a, b].map((p) => p.page.setContent(CARD)));
    const shots = await Promise.all([a, b].map((p) => capture(p.page, { width: 200, height: 100, format: 'jpeg' })));
    for (const shot of shots) expect(await sharp(shot).metadata()).toMatchObject({ width: 200, height: 100 });
    process.kill(pidA!, 'SIGKILL');
    await until("browser A's page to be disconnected", () => !a.page.browser().connected);
    // The other browser's page still draws.
    expect(await sharp(await capture(b.page, { width: 200, height: 100, format: 'jpeg' })).metadata()).toMatchObject({ width: 200 });
    sup.releasePage(a, { broken: true });
    sup.releasePage(b);
    // The dead lane relaunches on its next page; the live one keeps its browser.
    const [c, d] = [await sup.acquirePage(), await sup.acquirePage()];
    expect(sup.browserPids()).toContain(pidB);
    expect(sup.browserPids()).not.toContain(pidA);
    expect(c.page.browser()).not.toBe(d.page.browser());
    sup.releasePage(c);
    sup.releasePage(d);
  });

  it('two pages asked for in one tick, one idle in each browser, take one each (the pages stay spread)', async () => {
    const sup = build({ poolSize: 2, browsers: 2 });
    const [a, b] = await Promise.all([sup.acquirePage(), sup.acquirePage()]);
    expect(a.page.browser()).not.toBe(b.page.browser());
    sup.releasePage(a);
    sup.releasePage(b);
    const [c, d] = await Promise.all([sup.acquirePage(), sup.acquirePage()]);
    expect(c.page.browser()).not.toBe(d.page.browser());
    expect(new Set([c.page, d.page])).toEqual(new Set([a.page, b.page]));
    sup.releasePage(c);
    sup.releasePage(d);
  });

  it('lends an idle page only at once, in a running browser other than the one named, never a reserved page', async () => {
    const sup = build({ poolSize: 2, browsers: 2, reservedPages: 1, urgentBelow: 0 });
    const first = await sup.acquirePage();
    // The other browser has not been launched: nothing is lent (a launch would outlast the help).
    expect(await sup.acquireIdlePage(undefined, first.page)).toBeNull();
    await sup.start();
    const lent = await sup.acquireIdlePage(undefined, first.page);
    expect(lent?.page.browser()).toBeDefined();
    expect(lent!.page.browser()).not.toBe(first.page.browser());
    // Both pool pages leased: none is lent, though the reserved page is free; nobody was queued.
    expect(await sup.acquireIdlePage()).toBeNull();
    expect(sup.waitingForPages()).toBe(0);
    // A render that waits is counted (a lent page goes back for it).
    const waiting = sup.acquirePage();
    expect(sup.waitingForPages()).toBe(1);
    sup.releasePage(lent!);
    sup.releasePage(await waiting);
    sup.releasePage(first);
  });

  it('lends no page in a browser where a render has one (a crash there would take it)', async () => {
    const sup = build({ poolSize: 4, browsers: 2 });
    await sup.start();
    const [a, b] = await Promise.all([sup.acquirePage(), sup.acquirePage()]);
    expect(a.page.browser()).not.toBe(b.page.browser());
    // Free pages remain in both browsers, but each has a page leased.
    expect(await sup.acquireIdlePage(undefined, a.page)).toBeNull();
    sup.releasePage(b);
    const other = await sup.acquireIdlePage(undefined, a.page);
    expect(other?.page.browser()).toBe(b.page.browser());
    sup.releasePage(other!);
    sup.releasePage(a);
  });

  it('never runs more browsers than pages', async () => {
    const sup = build({ poolSize: 1, browsers: 3 });
    await sup.start();
    expect(sup.browserPids()).toHaveLength(1);
  });
});

/** The nice value of every thread of every process in a tree, and how many processes it has. */
async function treeNiceness(pid: number): Promise<{ processes: number; nice: number[] }> {
  const nice: number[] = [];
  let processes = 0;
  for (const pending = [pid]; pending.length > 0; ) {
    const next = pending.pop()!;
    processes++;
    for (const tid of await readdir(`/proc/${next}/task`).catch(() => [])) nice.push(getPriority(Number(tid)));
    pending.push(...(await childrenOf(next)));
  }
  return { processes, nice };
}

describe('CPU priority', () => {
  it("runs the pool's browsers at poolNiceness, every process and thread, and the reserved pages' browser at the worker's own", async () => {
    const own = getPriority();
    const sup = build({ poolSize: 2, browsers: 1, reservedPages: 1, urgentBelow: 0, poolNiceness: 10 });
    const bulk = await sup.acquirePage(undefined, undefined, 10);
    const sync = await sup.acquirePage(undefined, undefined, -10);
    expect(sync.page.browser()).not.toBe(bulk.page.browser());
    // A second pool page, opened after the launch: its renderer is lowered too.
    const later = await sup.acquirePage(undefined, undefined, 10);
    expect(later.page.browser()).toBe(bulk.page.browser());
    await Promise.all([bulk, sync, later].map((p) => p.page.setContent(CARD)));
    await Promise.all([bulk, sync, later].map((p) => capture(p.page, { width: 200, height: 100, format: 'jpeg' })));
    const [poolPid, reservedPid] = sup.browserPids();
    // Chromium run as root raises a few of its threads back when it sets their type: they are
    // lowered again within 5 seconds.
    await until(
      "every thread of the pool's Chromium at niceness 10 or more",
      async () => Math.min(...(await treeNiceness(poolPid!)).nice) >= 10,
      {
        timeoutMs: 8_000,
      },
    );
    const pool = await treeNiceness(poolPid!);
    const reserved = await treeNiceness(reservedPid!);
    // The browser, its zygotes, GPU and utility processes, and a renderer per page at least.
    expect(pool.processes).toBeGreaterThanOrEqual(4);
    expect(reserved.processes).toBeGreaterThanOrEqual(3);
    expect(Math.max(...reserved.nice)).toBeLessThanOrEqual(own);
    for (const p of [bulk, sync, later]) sup.releasePage(p);
    // A sync render with the reserved page busy takes a pool page; the freed reserved page is its next.
    const busy = await sup.acquirePage(undefined, undefined, -10);
    expect(busy.page.browser()).toBe(sync.page.browser());
    const overflow = await sup.acquirePage(undefined, undefined, -10);
    expect(overflow.page.browser()).toBe(bulk.page.browser());
    sup.releasePage(busy);
    sup.releasePage(overflow);
  });

  it("leaves every browser at the worker's priority when poolNiceness is 0", async () => {
    const own = getPriority();
    const sup = build({ poolSize: 1, reservedPages: 1, urgentBelow: 0 });
    const page = await sup.acquirePage(undefined, undefined, 10);
    await page.page.setContent(CARD);
    const tree = await treeNiceness(sup.browserPids()[0]!);
    expect(Math.max(...tree.nice)).toBe(own);
    sup.releasePage(page);
  });
});

describe('request interception', () => {
  let canary: Server;
  let canaryPort: number;
  let connections = 0;
  beforeAll(async () => {
    canary = createServer((socket) => {
      connections++;
      socket.end('HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n');
    });
    await new Promise<void>((r) => canary.listen(0, '127.0.0.1', r));
    canaryPort = (canary.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((r) => canary.close(r));
  });

  it('serves registered bytes and data: URLs, refuses the network, and the canary sees nothing', async () => {
    const sup = build();
    const png = await sharp({ create: { width: 3, height: 2, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer();
    const outcome = await withPage(
      sup,
      async (page, { registerAsset }) => {
        const asset = registerAsset(png, 'image/png', 'green.png');
        const outside = `http://127.0.0.1:${canaryPort}/x.png`;
        const dataUrl = `data:image/png;base64,${png.toString('base64')}`;
        const html = registerAsset(
          Buffer.from(`<body><img id="a" src="${asset}"><img id="b" src="${outside}"><img id="c" src="${dataUrl}"></body>`),
          'text/html',
        );
        await page.goto(html, { waitUntil: 'load' });
        return page.evaluate(async (outsideUrl: string) => {
          const width = (id: string) => (document.getElementById(id) as HTMLImageElement).naturalWidth;
          const fetched = await fetch(outsideUrl).then(
            () => 'fetched',
            () => 'refused',
          );
          const missing = await fetch('https://assets.pressroom.internal/not-registered').then((r) => r.status);
          return { a: width('a'), b: width('b'), c: width('c'), fetched, missing };
        }, outside);
      },
      { timeoutMs: 20_000 },
    );
    expect(outcome).toEqual({ a: 3, b: 0, c: 3, fetched: 'refused', missing: 404 });
    expect(connections).toBe(0);
  });
});

describe('withPage', () => {
  it('leaves no listener on its page or browser after a render (they would keep each result alive)', async () => {
    const sup = build({ poolSize: 1 });
    const counts = async () =>
      withPage(
        sup,
        async (page) => [page.listenerCount('close'), page.listenerCount('error'), page.browser().listenerCount('disconnected')],
        { timeoutMs: 30_000 },
      );
    await counts(); // the page exists, with the pool's own listeners
    const before = await counts();
    for (let i = 0; i < 5; i++) await withPage(sup, async () => Buffer.alloc(1024), { timeoutMs: 30_000 });
    expect(await counts()).toEqual(before);
  });

  it('captures exact sizes as JPEG and PNG, and prints a PDF', async () => {
    const sup = build();
    const { jpeg, png, pdf } = await withPage(
      sup,
      async (page) => {
        await page.setViewport({ width: 200, height: 100 });
        await page.setContent(CARD);
        return {
          jpeg: await capture(page, { width: 200, height: 100, format: 'jpeg', quality: 90 }),
          png: await capture(page, { width: 200, height: 100, format: 'png', optimizeForSpeed: true }),
          pdf: await printPdf(page, { width: 200, height: 100 }),
        };
      },
      { timeoutMs: 20_000 },
    );
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: 'jpeg', width: 200, height: 100 });
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 200, height: 100 });
    const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([255, 0, 0]); // the red div, not the blue body
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('survives kill -9 of Chromium mid-render: relaunches, retries once, counts a crash', async () => {
    const sup = build();
    const firstPid = await withPage(sup, async () => sup.browserPid(), { timeoutMs: 20_000 });
    expect(firstPid).not.toBeNull();
    const attempts: number[] = [];
    const jpeg = await withPage(
      sup,
      async (page, { attempt }) => {
        attempts.push(attempt);
        await page.setContent(CARD);
        if (attempt === 0) {
          process.kill(firstPid!, 'SIGKILL');
          await page.evaluate(() => new Promise((r) => setTimeout(r, 10_000)));
        }
        return capture(page, { width: 200, height: 100, format: 'jpeg' });
      },
      { timeoutMs: 30_000 },
    );
    expect(attempts).toEqual([0, 1]);
    expect(await sharp(jpeg).metadata()).toMatchObject({ width: 200, height: 100 });
    expect(sup.browserPid()).not.toBe(firstPid);
    await until('a restart counted as a crash', async () => (await count(sup.metrics.restarts, { reason: 'crash' })) === 1);
    expect(await count(sup.metrics.renderAttempts, { outcome: 'crash' })).toBe(1);
    expect(await count(sup.metrics.renderAttempts, { outcome: 'success' })).toBe(2);
  });

  it('a page asked for just after Chromium died opens on a fresh browser, not with an error', async () => {
    const sup = build({ poolSize: 1 });
    await sup.start(); // a browser with no page yet: the next lease must open one
    const firstPid = sup.browserPid()!;
    // Killed and asked in the same tick: the pipe's close has not been read yet, so the
    // supervisor still holds the dead browser when it asks it for a page.
    process.kill(firstPid, 'SIGKILL');
    const pooled = await sup.acquirePage();
    try {
      expect(sup.browserPid()).not.toBe(firstPid);
      await pooled.page.setContent(CARD);
      expect(await sharp(await capture(pooled.page, { width: 200, height: 100, format: 'png' })).metadata()).toMatchObject({ width: 200 });
    } finally {
      sup.releasePage(pooled);
    }
  });

  it('survives a renderer crash: retries on a fresh page (in the quarantine browser)', async () => {
    const sup = build();
    const attempts: number[] = [];
    const jpeg = await withPage(
      sup,
      async (page, { attempt }) => {
        attempts.push(attempt);
        await page.setContent(CARD);
        if (attempt === 0) {
          const session = await page.createCDPSession();
          await session.send('Page.crash').catch(() => undefined); // never answers: the renderer is gone
          await page.evaluate(() => new Promise((r) => setTimeout(r, 10_000)));
        }
        return capture(page, { width: 200, height: 100, format: 'jpeg' });
      },
      { timeoutMs: 30_000 },
    );
    expect(attempts).toEqual([0, 1]);
    expect(await sharp(jpeg).metadata()).toMatchObject({ width: 200, height: 100 });
    expect(await count(sup.metrics.renderAttempts, { outcome: 'crash' })).toBe(1);
    expect(await count(sup.metrics.restarts, { reason: 'crash' })).toBe(0); // the browser itself lived
  });

  it('recycles the browser after N renders', async () => {
    const sup = build({ recycleAfterRenders: 3 });
    const pids: (number | null)[] = [];
    for (let i = 0; i < 4; i++) pids.push(await withPage(sup, async () => sup.browserPid(), { timeoutMs: 20_000 }));
    expect(pids[0]).toBe(pids[1]);
    expect(pids[1]).toBe(pids[2]);
    expect(pids[3]).not.toBe(pids[2]);
    expect(await count(sup.metrics.restarts, { reason: 'recycle_count' })).toBe(1);
    expect(await count(sup.metrics.restarts, { reason: 'crash' })).toBe(0);
    await until(`the recycled Chromium (pid ${pids[0]}) to exit`, () => !isAlive(pids[0]!));
  });

  it('recycles the browser past its memory ceiling', async () => {
    const sup = build({ maxMemoryBytes: 1024 * 1024, memoryCheckEvery: 1 });
    const pid = await withPage(sup, async () => sup.browserPid(), { timeoutMs: 20_000 });
    await until('a restart counted as recycle_memory', async () => (await count(sup.metrics.restarts, { reason: 'recycle_memory' })) === 1);
    await until(`the recycled Chromium (pid ${pid}) to exit`, () => !isAlive(pid!));
  });

  it('times out a render that never settles, with a typed error, and the next render works', async () => {
    const sup = build({ poolSize: 1 });
    expect((await sup.health()).ok).toBe(true); // launched: the deadline below is all render
    const started = Date.now();
    const hung = withPage(
      sup,
      async (page) => {
        await page.setContent(CARD);
        await page.evaluate(() => {
          for (;;) {} // a renderer stuck in script: only closing the target frees it
        });
      },
      { timeoutMs: 2_000 },
    );
    // The script never ends, so only the deadline can have ended the render; it ended no earlier.
    await expect(hung).rejects.toBeInstanceOf(RenderTimeoutError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000 - 5);
    expect(await count(sup.metrics.renderAttempts, { outcome: 'timeout' })).toBe(1);

    const jpeg = await withPage(
      sup,
      async (page) => {
        await page.setContent(CARD);
        return capture(page, { width: 200, height: 100, format: 'jpeg' });
      },
      { timeoutMs: 20_000 },
    );
    expect(await sharp(jpeg).metadata()).toMatchObject({ width: 200, height: 100 });
  });

  it('the first page is the tab Chromium opened at launch, the others get windows of their own', async () => {
    const sup = build({ poolSize: 2 });
    const a = await sup.acquirePage();
    const b = await sup.acquirePage();
    try {
      // Two pages leased, two pages in the browser: no idle launch tab beside them.
      expect(await a.page.browser().pages()).toHaveLength(2);
      const shots = await Promise.all(
        [a, b].map(async ({ page }) => {
          await page.setContent(CARD);
          return capture(page, { width: 200, height: 100, format: 'jpeg' });
        }),
      );
      for (const jpeg of shots) expect(await sharp(jpeg).metadata()).toMatchObject({ width: 200, height: 100 });
    } finally {
      sup.releasePage(a);
      sup.releasePage(b);
    }
  });

  it('times out when the deadline passes while the browser is still launching', async () => {
    let launched = false;
    const sup = build({
      launch: async () => {
        await new Promise((r) => setTimeout(r, 5_000));
        launched = true;
        return launchBrowser();
      },
    });
    let ran = false;
    const render = withPage(
      sup,
      async () => {
        ran = true;
      },
      { timeoutMs: 300 },
    );
    await expect(render).rejects.toBeInstanceOf(RenderTimeoutError);
    // Not held until the 5 s launch finishes: the launch's own timer has not fired yet (timers
    // fire in deadline order however loaded the machine is, so no wall-clock bound is needed).
    expect(launched).toBe(false);
    expect(ran).toBe(false);
    // The page that arrived late goes back to the pool; the slot is free again.
    await until('no page in use', async () => (await sup.metrics.pagesInUse.get()).values[0]?.value === 0, { timeoutMs: 15_000 });
    expect(await withPage(sup, async () => 'ok', { timeoutMs: 20_000 })).toBe('ok');
  });
});
