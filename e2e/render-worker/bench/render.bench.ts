// `npm run bench:render` — how fast is a sync render of a rich design end to end, where does the
// time go, how far is that from the floor, and how does it compare with a browserless peer?
//
// Starts its own farm (embedded Postgres in a temp dir, a control plane and one render worker as
// child processes, local storage), imports `examples/designs/static-summer-sale.json` (text, a
// photo, shapes, a gradient, a logo, a rating, a QR code) with its assets uploaded, and prints
// figures: latency serial and at concurrency 4, throughput of one render worker, the stage
// breakdown from the processes' own metrics, the floor (the same design drawn in process, and a
// bare CDP capture of it), the peer (Satori + resvg + sharp, in process), and each figure against
// its goal. No pass/fail: the numbers depend on the machine and its load, which is printed too.
// Scale-out across processes is `npm run bench:scale`.
import { loadavg } from 'node:os';
import { measureFloor } from '@pressroom/render-worker/bench/floor';
import { createPeerRenderer } from '@pressroom/render-worker/bench/peer-satori';
import { breakdown, type Scrape, scrape } from '@pressroom/render-worker/bench/stage-breakdown';
import { api, type Farm, freePort } from '../tasks/testing/farm-processes.js';
import { withBenchFarm } from './bench-farm.js';

const SERIAL = Number(process.env['BENCH_SERIAL'] ?? 40);
const CONCURRENT = Number(process.env['BENCH_CONCURRENT'] ?? 60);
const THROUGHPUT = Number(process.env['BENCH_THROUGHPUT'] ?? 60);
const DYNAMIC_MISSES = Number(process.env['BENCH_DYNAMIC_MISSES'] ?? 10);
const DYNAMIC_HITS = Number(process.env['BENCH_DYNAMIC_HITS'] ?? 200);
const FLOOR = Number(process.env['BENCH_FLOOR'] ?? 30);
const PEER = Number(process.env['BENCH_PEER'] ?? 20);

/** The goals of issue #18 for the example 1080² JPEG on two cores (docs/generation.md). */
const GOALS = { serialP50Ms: 90, concurrentP99Ms: 300, imagesPerSecond: 16, peerRatio: 0.5 };

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
process.stdout.write(`load average at start: ${load()} (${process.env['BENCH_NOTE'] ?? 'machine shared with other work'})\n`);
const metricsPort = await freePort();
const figures = { serialP50: Number.NaN, concurrentP99: Number.NaN, imagesPerSecond: Number.NaN };

await withBenchFarm(
  { workers: 1, logLevel: process.env['LOG_LEVEL'] ?? 'error', compiled: true, env: { METRICS_PORT: String(metricsPort) } },
  async ({ farm, seed }) => {
    const running = farm;
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
    const batch = async (n: number, concurrency: number) => {
      failures.length = 0;
      const latencies: number[] = [];
      let next = 0;
      const t = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < n) {
            next++;
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
    await batch(6, 1); // warm-up: Chromium launch, fonts, caches

    const [cpBefore, workerBefore] = await scrapeBoth();
    const serial = await batch(SERIAL, 1);
    const [cpAfter, workerAfter] = await scrapeBoth();
    figures.serialP50 = report(`sync, serial (n=${SERIAL})`, serial.latencies, serial.failed);
    printBreakdown('serial', mean(serial.latencies), breakdown(mean(serial.latencies), [cpBefore, cpAfter], [workerBefore, workerAfter]));
    await benchDynamicImages(running, seed);
    const [cpBefore4, workerBefore4] = await scrapeBoth();
    const parallel = await batch(CONCURRENT, 4);
    const [cpAfter4, workerAfter4] = await scrapeBoth();
    report(`sync, concurrency 4 (n=${CONCURRENT})`, parallel.latencies, parallel.failed);
    printBreakdown(
      'concurrency-4',
      mean(parallel.latencies),
      breakdown(mean(parallel.latencies), [cpBefore4, cpAfter4], [workerBefore4, workerAfter4]),
    );
    figures.concurrentP99 = percentile(parallel.latencies, 0.99);

    const one = await batch(THROUGHPUT, 8);
    figures.imagesPerSecond = (THROUGHPUT - one.failed.length) / one.seconds;
    process.stdout.write(
      `throughput, 1 render worker, concurrency 8: ${figures.imagesPerSecond.toFixed(2)} images/s${failedNote(one.failed)}\n`,
    );
  },
);

// The floor and the peer run after the farm has stopped, each alone on the machine's cores.
const floor = await measureFloor('static-summer-sale.json', 'square', FLOOR);
const floorP50 = report(`floor: same design drawn in process (renderToImage, n=${FLOOR})`, floor.inProcess, []);
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

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
const lines = [
  '',
  `against the goals (load average at end: ${load()}):`,
  `  serial p50          ${figures.serialP50.toFixed(0)} ms, goal <= ${GOALS.serialP50Ms} ms: ${verdict(figures.serialP50 <= GOALS.serialP50Ms)}` +
    `; floor in process ${floorP50.toFixed(0)} ms (of which capture ${captureP50.toFixed(0)} ms), around it ${(figures.serialP50 - floorP50).toFixed(0)} ms`,
  `  p99 concurrency 4   ${figures.concurrentP99.toFixed(0)} ms, goal <= ${GOALS.concurrentP99Ms} ms: ${verdict(figures.concurrentP99 <= GOALS.concurrentP99Ms)}`,
  `  throughput          ${figures.imagesPerSecond.toFixed(2)} images/s, goal >= ${GOALS.imagesPerSecond}: ${verdict(figures.imagesPerSecond >= GOALS.imagesPerSecond)}` +
    `; bound by drawing alone on 2 cores: ${((2 * 1000) / floorP50).toFixed(1)} images/s (2 × 1000 / ${floorP50.toFixed(0)} ms)`,
  `  peer ratio          ${ratio.toFixed(2)} (Pressroom end to end ${figures.serialP50.toFixed(0)} ms / peer in process ${peerP50.toFixed(0)} ms), goal <= ${GOALS.peerRatio}: ${verdict(ratio <= GOALS.peerRatio)}`,
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
async function benchDynamicImages(running: Farm, seed: { key: string; designId: string }): Promise<void> {
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
  for (let i = 0; i < DYNAMIC_MISSES; i++)
    misses.push(await fetchOnce(`headline.payload=Dynamic%20${i}-${Date.now()}&format=jpeg`, 'miss'));
  report(`dynamic image, cache miss, client (n=${DYNAMIC_MISSES})`, misses, failed.splice(0));
  report(`dynamic image, cache miss, control plane (n=${DYNAMIC_MISSES})`, serverMs.splice(0), []);
  const hitQuery = 'headline.payload=Cached&format=jpeg';
  await fetchOnce(hitQuery, 'miss');
  const hits: number[] = [];
  serverMs.length = 0;
  for (let i = 0; i < DYNAMIC_HITS; i++) hits.push(await fetchOnce(hitQuery, 'hit'));
  report(`dynamic image, cache hit, client (n=${DYNAMIC_HITS})`, hits, failed.splice(0), 1);
  report(`dynamic image, cache hit, control plane (n=${DYNAMIC_HITS})`, serverMs.splice(0), [], 1);
}

/** Prints p50/p90/p99/max and answers the p50. */
function report(label: string, ms: number[], failed: string[], digits = 0): number {
  const p = (q: number) => percentile(ms, q).toFixed(digits);
  process.stdout.write(
    `${label}: p50 ${p(0.5)} ms, p90 ${p(0.9)} ms, p99 ${p(0.99)} ms, max ${Math.max(...ms).toFixed(digits)} ms${failedNote(failed)}\n`,
  );
  return percentile(ms, 0.5);
}
