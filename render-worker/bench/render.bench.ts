// `npm run bench:render` — how fast is a sync render of a rich design end to end, and how many
// images per second does one render worker, then two, produce on this machine?
//
// Starts its own farm (embedded Postgres in a temp dir, a control plane and render workers as
// child processes, local storage), imports `examples/designs/static-summer-sale.json` (text, a
// photo, shapes, a gradient, a logo, a rating, a QR code) with its assets uploaded, and prints
// figures. No pass/fail on timings: the numbers depend on the machine.
import { api, type Farm, waitForWorkers } from '../src/tasks/testing/farm-processes.js';
import { withBenchFarm } from './bench-farm.js';

const SERIAL = Number(process.env['BENCH_SERIAL'] ?? 40);
const CONCURRENT = Number(process.env['BENCH_CONCURRENT'] ?? 60);
const THROUGHPUT = Number(process.env['BENCH_THROUGHPUT'] ?? 60);
const DYNAMIC_MISSES = Number(process.env['BENCH_DYNAMIC_MISSES'] ?? 10);
const DYNAMIC_HITS = Number(process.env['BENCH_DYNAMIC_HITS'] ?? 200);

await withBenchFarm({ workers: 1, logLevel: process.env['LOG_LEVEL'] ?? 'error' }, async ({ farm, pool, seed }) => {
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

  process.stdout.write(`design ${seed.designId} (static-summer-sale, square 1080×1080 JPEG)\n`);
  await batch(6, 1); // warm-up: Chromium launch, fonts, caches

  const serial = await batch(SERIAL, 1);
  report(`sync, serial (n=${SERIAL})`, serial.latencies, serial.failed);
  await benchDynamicImages(running, seed);
  const parallel = await batch(CONCURRENT, 4);
  report(`sync, concurrency 4 (n=${CONCURRENT})`, parallel.latencies, parallel.failed);

  const one = await batch(THROUGHPUT, 8);
  process.stdout.write(
    `throughput, 1 render worker:  ${((THROUGHPUT - one.failed.length) / one.seconds).toFixed(2)} images/s${failedNote(one.failed)}\n`,
  );
  farm.addWorker();
  await waitForWorkers(pool, farm, 2);
  await batch(6, 2);
  const two = await batch(THROUGHPUT, 8);
  process.stdout.write(
    `throughput, 2 render workers: ${((THROUGHPUT - two.failed.length) / two.seconds).toFixed(2)} images/s${failedNote(two.failed)}\n`,
  );
});

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

function report(label: string, ms: number[], failed: string[], digits = 0): void {
  const sorted = [...ms].sort((a, b) => a - b);
  const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!.toFixed(digits);
  process.stdout.write(
    `${label}: p50 ${p(0.5)} ms, p90 ${p(0.9)} ms, p99 ${p(0.99)} ms, max ${sorted.at(-1)!.toFixed(digits)} ms${failedNote(failed)}\n`,
  );
}
