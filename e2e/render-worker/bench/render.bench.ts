// `npm run bench:render` — how fast is a sync render of a rich design end to end, where does the
// time go, how far is that from the floor, and how does it compare with a browserless peer?
//
// Starts its own farm (embedded Postgres in a temp dir, a control plane and one render worker as
// child processes, local storage), imports `examples/designs/static-summer-sale.json` (text, a
// photo, shapes, a gradient, a logo, a rating, a QR code) with its assets uploaded, and prints
// figures: latency serial and at concurrency 4, warm (the worker's page holds the design: only
// the headline is redrawn) and cold (the design's version is bumped before every request, so the
// canvas is built from nothing) apart, the warm-hit rate, throughput of one render worker, the
// stage breakdown from the processes' own metrics, the floor (the same design drawn in process,
// and a bare CDP capture of it), the peer (Satori + resvg + sharp, in process), and each figure
// against its goal, with the stage that bounds it where it is not met. No pass/fail: the numbers
// depend on the machine and its load, which is printed too.
// Scale-out across processes is `npm run bench:scale`.
import { loadavg } from 'node:os';
import { measureFloor } from '@pressroom/render-worker/bench/floor';
import { createPeerRenderer } from '@pressroom/render-worker/bench/peer-satori';
import { boundingStage, breakdown, counterDelta, type Scrape, scrape } from '@pressroom/render-worker/bench/stage-breakdown';
import { api, type Farm, freePort } from '../tasks/testing/farm-processes.js';
import { withBenchFarm } from './bench-farm.js';

const SERIAL = Number(process.env['BENCH_SERIAL'] ?? 40);
const CONCURRENT = Number(process.env['BENCH_CONCURRENT'] ?? 60);
const THROUGHPUT = Number(process.env['BENCH_THROUGHPUT'] ?? 60);
const DYNAMIC_MISSES = Number(process.env['BENCH_DYNAMIC_MISSES'] ?? 10);
const DYNAMIC_HITS = Number(process.env['BENCH_DYNAMIC_HITS'] ?? 200);
const FLOOR = Number(process.env['BENCH_FLOOR'] ?? 30);
const PEER = Number(process.env['BENCH_PEER'] ?? 20);

const COLD = Number(process.env['BENCH_COLD'] ?? 20);

/** The goals of issues #18 and #25 for the example 1080² JPEG on two cores (docs/generation.md). */
const GOALS = { serialP50Ms: 90, concurrentP99Ms: 300, imagesPerSecond: 16, peerRatio: 0.45, dynamicMissP50Ms: 90 };

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
process.stdout.write(`load average at start: ${load()} (${process.env['BENCH_NOTE'] ?? 'machine shared with other work'})\n`);
const metricsPort = await freePort();
const figures = {
  serialP50: Number.NaN,
  coldSerialP50: Number.NaN,
  concurrentP99: Number.NaN,
  coldConcurrentP99: Number.NaN,
  imagesPerSecond: Number.NaN,
  dynamicMissP50: Number.NaN,
  warmHits: 0,
  warmMisses: 0,
};
/** Per goal, the breakdown of the batch that measured it (its largest stage bounds the goal). */
const bounds: Record<string, ReturnType<typeof breakdown>> = {};

await withBenchFarm(
  { workers: 1, logLevel: process.env['LOG_LEVEL'] ?? 'error', compiled: true, env: { METRICS_PORT: String(metricsPort) } },
  async ({ farm, seed, pool }) => {
    const running = farm;
    // A new version of the design: the worker's warm canvas of the old one serves nothing.
    const bumpVersion = () => pool.query('UPDATE designs SET version = version + 1, updated_at = now() WHERE id = $1', [seed.designId]);
    const failures: string[] = [];
    const once = async () => {
      const t = performance.now();
      const res = await api(running, seed.key, 'POST', `/banner-builder/${seed.designId}/generate`, {
        template_format_name: 'square',
        image_file_type: 'jpeg',
        elements: { headline: { payload: `Summer sale ${Math.random().toString(36).slice(2, 8)}` } },
      });
      // A failed render is counted and reported, not fatal: the figures should show it.
      if (res.status !== 200) failures.push(`${res.status} ${res.body.id}`);
      return performance.now() - t;
    };
    const batch = async (n: number, concurrency: number, cold = false) => {
      failures.length = 0;
      const latencies: number[] = [];
      let next = 0;
      const t = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < n) {
            next++;
            if (cold) await bumpVersion();
            latencies.push(await once());
          }
        }),
      );
      return { latencies, seconds: (performance.now() - t) / 1000, failed: [...failures] };
    };
    const scrapeBoth = async (): Promise<[Scrape, Scrape]> => [
      await scrape(`${running.baseUrl}/metrics`),
      await scrape(`http://127.0.0.1:${metricsPort}/metrics`),
    ];

    process.stdout.write(`design ${seed.designId} (static-summer-sale, square 1080×1080 JPEG)\n`);
    // Warm-up: Chromium launch, fonts, caches, and the design drawn on each of the worker's pages
    // (PAGE_POOL_SIZE 2), so that the warm batches do not count a page's first, cold, draw.
    const warmUp = () => batch(6, 2);
    await warmUp();

    /** A batch with its stage breakdown and warm hits, printed. */
    const measured = async (label: string, n: number, concurrency: number, cold = false) => {
      const [cpBefore, workerBefore] = await scrapeBoth();
      const result = await batch(n, concurrency, cold);
      const [cpAfter, workerAfter] = await scrapeBoth();
      const hits = counterDelta(workerBefore, workerAfter, 'pressroom_render_warm_hits_total');
      const misses = counterDelta(workerBefore, workerAfter, 'pressroom_render_warm_misses_total');
      const p50 = report(`${label} (n=${n}, warm hits ${hits}/${hits + misses})`, result.latencies, result.failed);
      const b = breakdown(mean(result.latencies), [cpBefore, cpAfter], [workerBefore, workerAfter]);
      printBreakdown(label, mean(result.latencies), b);
      return { ...result, p50, p99: percentile(result.latencies, 0.99), hits, misses, breakdown: b };
    };

    const serial = await measured('sync, serial, warm', SERIAL, 1);
    figures.serialP50 = serial.p50;
    bounds['serial'] = serial.breakdown;
    const coldSerial = await measured('sync, serial, cold (new version every request)', COLD, 1, true);
    figures.coldSerialP50 = coldSerial.p50;
    const misses = await benchDynamicImages(running, seed, scrapeBoth);
    figures.dynamicMissP50 = misses.p50;
    bounds['dynamic'] = misses.breakdown;
    const parallel = await measured('sync, concurrency 4, warm', CONCURRENT, 4);
    figures.concurrentP99 = parallel.p99;
    bounds['concurrent'] = parallel.breakdown;
    const coldParallel = await measured('sync, concurrency 4, cold', COLD, 4, true);
    figures.coldConcurrentP99 = coldParallel.p99;

    await warmUp(); // the cold batches left the design at a version no page holds
    const one = await measured('throughput, 1 render worker, concurrency 8, warm', THROUGHPUT, 8);
    figures.imagesPerSecond = (THROUGHPUT - one.failed.length) / one.seconds;
    bounds['throughput'] = one.breakdown;
    for (const b of [serial, parallel, one]) {
      figures.warmHits += b.hits;
      figures.warmMisses += b.misses;
    }
    process.stdout.write(
      `throughput, 1 render worker, concurrency 8: ${figures.imagesPerSecond.toFixed(2)} images/s${failedNote(one.failed)}\n`,
    );
  },
);

// The floor and the peer run after the farm has stopped, each alone on the machine's cores.
const floor = await measureFloor('static-summer-sale.json', 'square', FLOOR);
const floorP50 = report(`floor: same design drawn in process, warm (renderToImage, n=${FLOOR})`, floor.inProcess, []);
report(`floor: same design drawn in process, cold canvas (n=${FLOOR})`, floor.inProcessCold, []);
const captureP50 = report(`floor: bare CDP capture JPEG q90 of that page (n=${FLOOR})`, floor.capture, []);
const optimizedP50 = report(`floor: same capture with optimizeForSpeed (n=${FLOOR})`, floor.captureOptimized, []);

const peer = await createPeerRenderer();
for (let i = 0; i < 3; i++) await peer.render(`Warm-up ${i}`);
const peerMs: number[] = [];
for (let i = 0; i < PEER; i++) {
  const t = performance.now();
  await peer.render(`Summer sale ${i.toString(36)}`);
  peerMs.push(performance.now() - t);
}
const peerP50 = report(`peer: Satori + resvg + sharp JPEG q90, in process (n=${PEER})`, peerMs, []);
const ratio = figures.serialP50 / peerP50;

const verdict = (ok: boolean, bound?: string) => {
  if (ok) return 'met';
  const top = bound ? boundingStage(bounds[bound]!) : null;
  return top ? `NOT met; bounded by ${top.stage} ${top.ms.toFixed(1)} ms (${top.where})` : 'NOT met';
};
const hitRate = figures.warmHits / Math.max(1, figures.warmHits + figures.warmMisses);
const lines = [
  '',
  `against the goals (load average at end: ${load()}):`,
  `  warm-hit rate       ${(100 * hitRate).toFixed(1)} % (${figures.warmHits} of ${figures.warmHits + figures.warmMisses} renders of the warm batches)`,
  `  serial p50          warm ${figures.serialP50.toFixed(0)} ms, cold ${figures.coldSerialP50.toFixed(0)} ms; goal <= ${GOALS.serialP50Ms} ms (warm): ${verdict(figures.serialP50 <= GOALS.serialP50Ms, 'serial')}` +
    `; floor in process ${floorP50.toFixed(0)} ms (of which capture ${captureP50.toFixed(0)} ms), around it ${(figures.serialP50 - floorP50).toFixed(0)} ms`,
  `  p99 concurrency 4   warm ${figures.concurrentP99.toFixed(0)} ms, cold ${figures.coldConcurrentP99.toFixed(0)} ms; goal <= ${GOALS.concurrentP99Ms} ms (warm): ${verdict(figures.concurrentP99 <= GOALS.concurrentP99Ms, 'concurrent')}`,
  `  throughput          ${figures.imagesPerSecond.toFixed(2)} images/s (warm), goal >= ${GOALS.imagesPerSecond}: ${verdict(figures.imagesPerSecond >= GOALS.imagesPerSecond, 'throughput')}` +
    `; bound by drawing alone on 2 cores: ${((2 * 1000) / floorP50).toFixed(1)} images/s (2 × 1000 / ${floorP50.toFixed(0)} ms)`,
  `  peer ratio          ${ratio.toFixed(2)} (Pressroom end to end ${figures.serialP50.toFixed(0)} ms / peer in process ${peerP50.toFixed(0)} ms, same run), goal <= ${GOALS.peerRatio}: ${verdict(ratio <= GOALS.peerRatio, 'serial')}`,
  `  dynamic image miss  p50 ${figures.dynamicMissP50.toFixed(0)} ms (client), goal <= ${GOALS.dynamicMissP50Ms} ms: ${verdict(figures.dynamicMissP50 <= GOALS.dynamicMissP50Ms, 'dynamic')}`,
  `  optimizeForSpeed    JPEG capture p50 ${optimizedP50.toFixed(0)} ms against ${captureP50.toFixed(0)} ms without`,
];
process.stdout.write(`${lines.join('\n')}\n`);

function printBreakdown(name: string, clientMs: number, b: ReturnType<typeof breakdown>): void {
  process.stdout.write(`stage breakdown of the ${name} batch (means per render, client mean ${clientMs.toFixed(1)} ms):\n`);
  for (const row of b.rows) {
    const ms = Number.isNaN(row.ms) ? '   n/a' : row.ms.toFixed(1).padStart(6);
    process.stdout.write(`  ${row.stage.padEnd(18)} ${ms} ms  ${row.where}\n`);
  }
}

function mean(ms: number[]): number {
  return ms.reduce((a, b) => a + b, 0) / ms.length;
}

function percentile(ms: number[], q: number): number {
  const sorted = [...ms].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

function failedNote(failed: string[]): string {
  return failed.length === 0 ? '' : ` (${failed.length} failed: ${[...new Set(failed)].join(', ')})`;
}

/**
 * Dynamic image URLs (docs/dynamic-images.md), serial, timed at the client over loopback (an upper
 * bound of the control plane's own time): a miss renders through the sync pipeline; a hit is one
 * Postgres lookup, the override validation and one object-store read.
 */
async function benchDynamicImages(
  running: Farm,
  seed: { key: string; designId: string },
  scrapeBoth: () => Promise<[Scrape, Scrape]>,
): Promise<{ p50: number; breakdown: ReturnType<typeof breakdown> }> {
  const created = await api(running, seed.key, 'POST', `/designs/${seed.designId}/dynamic-image-url`, { enable_production_mode: true });
  const url = created.body.formats.find((f: { id: string }) => f.id === 'square').dynamic_image_url as string;
  const failed: string[] = [];
  const serverMs: number[] = [];
  const fetchOnce = async (query: string, expected: string) => {
    const t = performance.now();
    const res = await fetch(`${url}?${query}`);
    await res.arrayBuffer();
    const ms = performance.now() - t;
    // The control plane's own time, from request to response (Server-Timing `app`).
    serverMs.push(Number(/app;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? Number.NaN));
    if (res.status !== 200 || res.headers.get('x-pressroom-cache') !== expected)
      failed.push(`${res.status} ${res.headers.get('x-pressroom-cache')}`);
    return ms;
  };
  const misses: number[] = [];
  const [cpBefore, workerBefore] = await scrapeBoth();
  for (let i = 0; i < DYNAMIC_MISSES; i++)
    misses.push(await fetchOnce(`headline.payload=Dynamic%20${i}-${Date.now()}&format=jpeg`, 'miss'));
  const [cpAfter, workerAfter] = await scrapeBoth();
  const missP50 = report(`dynamic image, cache miss, client (n=${DYNAMIC_MISSES})`, misses, failed.splice(0));
  const missBreakdown = breakdown(mean(misses), [cpBefore, cpAfter], [workerBefore, workerAfter], '/i/:uid', 'GET');
  printBreakdown('dynamic image miss', mean(misses), missBreakdown);
  report(`dynamic image, cache miss, control plane (n=${DYNAMIC_MISSES})`, serverMs.splice(0), []);
  const hitQuery = 'headline.payload=Cached&format=jpeg';
  await fetchOnce(hitQuery, 'miss');
  const hits: number[] = [];
  serverMs.length = 0;
  for (let i = 0; i < DYNAMIC_HITS; i++) hits.push(await fetchOnce(hitQuery, 'hit'));
  report(`dynamic image, cache hit, client (n=${DYNAMIC_HITS})`, hits, failed.splice(0), 1);
  report(`dynamic image, cache hit, control plane (n=${DYNAMIC_HITS})`, serverMs.splice(0), [], 1);
  return { p50: missP50, breakdown: missBreakdown };
}

/** Prints p50/p90/p99/max and answers the p50. */
function report(label: string, ms: number[], failed: string[], digits = 0): number {
  const p = (q: number) => percentile(ms, q).toFixed(digits);
  process.stdout.write(
    `${label}: p50 ${p(0.5)} ms, p90 ${p(0.9)} ms, p99 ${p(0.99)} ms, max ${Math.max(...ms).toFixed(digits)} ms${failedNote(failed)}\n`,
  );
  return percentile(ms, 0.5);
}
