// `npm run bench:scale` — does a second render-worker process add throughput, with the roles laid
// out as on separate machines?
//
// Every process has its own DATA_DIR and nothing on a shared disk: they share only DATABASE_URL
// (an embedded Postgres) and a MinIO bucket. Each render worker is pinned to its own core with
// `taskset -c`, as a machine of its own would be; the control plane, Postgres, MinIO and this load
// generator are not pinned. Throughput is how fast the farm drains a batch of async 1080² JPEG
// renders of the example design (accepted through the API, counted as stored Banner rows), first
// with one worker (core 0), then with two (cores 0 and 1), and the ratio. Throughput, not latency:
// the render deadline is raised (RENDER_TIMEOUT_MS=60000) so a busy machine counts slow renders
// instead of failing them. No pass/fail: the figures and the load average are printed.
import { cpus, loadavg } from 'node:os';
import { api, waitForWorkers } from '../tasks/testing/farm-processes.js';
import { withBenchFarm } from './bench-farm.js';

const RENDERS = Number(process.env['BENCH_SCALE_RENDERS'] ?? 80);
const GOAL = 1.8;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
process.stdout.write(`load average at start: ${load()}; ${cpus().length} cores\n`);

await withBenchFarm(
  {
    workers: 0,
    logLevel: process.env['LOG_LEVEL'] ?? 'error',
    compiled: true,
    s3: true,
    env: { RENDER_TIMEOUT_MS: '60000', RATE_LIMIT_WRITE_PER_MINUTE: '100000', RATE_LIMIT_WRITE_PER_HOUR: '1000000' },
  },
  async ({ farm, pool, seed, minio }) => {
    process.stdout.write(`storage: MinIO bucket ${minio?.bucket} at ${minio?.endpoint}; each process gets its own data dir\n`);
    /** Accepts n async renders, then waits until each has its Banner or error; answers files per second. */
    const drain = async (n: number) => {
      const t = performance.now();
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const res = await api(farm, seed.key, 'POST', `/async/banner-builder/${seed.designId}/generate`, {
          template_format_names: ['square'],
          image_file_type: 'jpeg',
          elements: { headline: { payload: `Scale ${i.toString(36)}` } },
        });
        if (res.status !== 200) throw new Error(`async generate answered ${res.status}: ${JSON.stringify(res.body)}`);
        ids.push(res.body.generation_request_id);
      }
      for (;;) {
        const { rows } = await pool.query<{ stored: number; failed: number }>(
          `SELECT (SELECT count(*) FROM banners WHERE generation_request_id = ANY($1::uuid[]))::int AS stored,
                  (SELECT count(*) FROM generation_errors WHERE generation_request_id = ANY($1::uuid[]))::int AS failed`,
          [ids],
        );
        const { stored, failed } = rows[0]!;
        if (stored + failed >= n) return { perSecond: stored / ((performance.now() - t) / 1000), failed };
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const measure = async (workers: number) => {
      await drain(4 * workers); // warm-up: every page of every worker draws once
      const r = await drain(RENDERS);
      const note = r.failed === 0 ? '' : ` (${r.failed} failed)`;
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
    process.stdout.write(`data dirs: ${farm.dataDirs.length}, one per process; shared: DATABASE_URL and the bucket\n`);
    process.stdout.write(
      `scale-out ratio, 2 processes / 1: ${ratio.toFixed(2)}x, goal >= ${GOAL}x: ${ratio >= GOAL ? 'met' : 'NOT met'}\n` +
        'bound: on this machine the second worker takes the core the control plane, Postgres, MinIO and the load\n' +
        'generator used with one worker; on separate machines each worker brings its own core(s) (docs/generation.md).\n',
    );
  },
);
