// `npm run bench:scale` — does a second render-worker process add throughput, with the roles laid
// out as on separate machines?
//
// Every process has its own DATA_DIR and nothing on a shared disk: they share only DATABASE_URL
// (an embedded Postgres) and a MinIO bucket. Each render worker is pinned to its own core with
// `taskset -c`, as a machine of its own would be; the control plane, Postgres, MinIO and this load
// generator are not pinned. Throughput of sync 1080² JPEG renders of the example design at
// concurrency 8, first with one worker (core 0), then with two (cores 0 and 1), and the ratio.
// No pass/fail: figures depend on the machine and its load, which is printed too.
import { cpus, loadavg } from 'node:os';
import { api, waitForWorkers } from '../src/tasks/testing/farm-processes.js';
import { withBenchFarm } from './bench-farm.js';

const RENDERS = Number(process.env['BENCH_SCALE_RENDERS'] ?? 80);
const CONCURRENCY = Number(process.env['BENCH_SCALE_CONCURRENCY'] ?? 8);
const GOAL = 1.8;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
process.stdout.write(`load average at start: ${load()}; ${cpus().length} cores\n`);

await withBenchFarm({ workers: 0, logLevel: process.env['LOG_LEVEL'] ?? 'error', s3: true }, async ({ farm, pool, seed, minio }) => {
  process.stdout.write(
    `storage: MinIO bucket ${minio?.bucket} at ${minio?.endpoint}; data dirs: ${farm.dataDirs.length} (one per process), shared: DATABASE_URL and the bucket\n`,
  );
  const run = async (n: number) => {
    const failed: string[] = [];
    let next = 0;
    const t = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < n) {
          next++;
          const res = await api(farm, seed.key, 'POST', `/banner-builder/${seed.designId}/generate`, {
            template_format_name: 'square',
            image_file_type: 'jpeg',
            elements: { headline: { payload: `Scale ${Math.random().toString(36).slice(2, 8)}` } },
          });
          if (res.status !== 200) failed.push(`${res.status} ${res.body.id}`);
        }
      }),
    );
    const seconds = (performance.now() - t) / 1000;
    return { perSecond: (n - failed.length) / seconds, failed };
  };
  const measure = async (workers: number) => {
    await run(CONCURRENCY * 2); // warm-up: every page of every worker draws once
    const r = await run(RENDERS);
    const note = r.failed.length === 0 ? '' : ` (${r.failed.length} failed: ${[...new Set(r.failed)].join(', ')})`;
    process.stdout.write(`throughput, ${workers} render worker(s), pinned: ${r.perSecond.toFixed(2)} images/s${note} (load ${load()})\n`);
    return r.perSecond;
  };

  farm.addWorker({ cpu: 0 });
  await waitForWorkers(pool, farm, 1, 180_000);
  const one = await measure(1);
  farm.addWorker({ cpu: 1 });
  await waitForWorkers(pool, farm, 2, 180_000);
  const two = await measure(2);
  const ratio = two / one;
  process.stdout.write(
    `scale-out ratio, 2 processes / 1: ${ratio.toFixed(2)}x, goal >= ${GOAL}x: ${ratio >= GOAL ? 'met' : 'NOT met'}\n` +
      'bound: on this machine the second worker takes the core the control plane, Postgres, MinIO and the load\n' +
      'generator used with one worker; on separate machines each worker brings its own core(s) (docs/generation.md).\n',
  );
});
