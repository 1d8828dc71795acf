// `npm run bench:media` — animated (and, later, print) files end to end on this machine: how long
// does each take through the HTTP API with one render worker and one media worker, how fast are
// frames captured, how is the time split between frames and encoding, what does a second render
// worker add, how much of the encode overlaps the capture, and how much CPU does a frame cost (the
// figure a loaded machine inflates least)? Starts its own farm (embedded Postgres in a temp dir,
// child processes, local storage) and seeds the example designs with their assets. Prints a
// table; no pass/fail.
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadControlPlaneConfig } from '@pressroom/control-plane/config';
import { createPool, createStorage, migrate, startEmbeddedPostgres } from '@pressroom/platform';
import { type Farm, freePort, seedExample, startFarm, waitForWorkers } from '../../render-worker/tasks/testing/farm-processes.js';
import { BENCH_CASES, type BenchContext, type BenchRow, FRAME_PATHS, type FramePath, SCALING_CASE, sideBySide } from './cases.js';

/** The benchmark is a 5-second video; the example design runs 6 s, so its timeline is cut. */
const SECONDS = Number(process.env['BENCH_ANIMATION_SECONDS'] ?? 5);

const pgDir = await mkdtemp(join(tmpdir(), 'pressroom-bench-pg-'));
const pg = await startEmbeddedPostgres({ dataDir: pgDir, port: await freePort() });
const pool = createPool(pg.connectionString, { max: 4 });
let farm: Farm | undefined;
try {
  await migrate(pool);
  farm = await startFarm({
    databaseUrl: pg.connectionString,
    workers: 0,
    mediaWorkers: 1,
    // Worker options (RENDER_CONCURRENCY, PAGE_POOL_SIZE, ...) pass through from the environment.
    env: { LOG_LEVEL: process.env['LOG_LEVEL'] ?? 'error' },
  });
  const storage = await createStorage(loadControlPlaneConfig({ DATA_DIR: farm.dataDir, DATABASE_URL: pg.connectionString }), {
    dataDir: farm.dataDir,
    publicBaseUrl: farm.baseUrl,
  });
  const animated = await seedExample(pool, 'animated-product-launch.json', storage);
  // Tweens past the cut hold their value at the cut: the timeline clamps (docs/animation.md).
  await pool.query(`UPDATE designs SET document = jsonb_set(document, '{animation,duration}', to_jsonb($2::numeric)) WHERE id = $1`, [
    animated.designId,
    SECONDS,
  ]);
  const ctx: BenchContext = {
    farm,
    pool,
    designs: { 'animated-product-launch.json': animated },
    animationSeconds: SECONDS,
  };

  // Both frame sources in one run, one render worker each in turn (docs/animation.md): Chromium
  // frames first (ANIMATION_COMPOSITOR=false, the planner's fallback), then layer rasters
  // composited by the media worker.
  const paths: Record<FramePath, BenchRow[]> = { chromium: [], layers: [] };
  const only = process.env['BENCH_FRAME_PATH'];
  for (const path of FRAME_PATHS.filter((p) => !only || p === only)) {
    const worker = farm.addWorker({ env: { ANIMATION_COMPOSITOR: path === 'layers' ? 'true' : 'false' } });
    await waitForWorkers(pool, farm, 1);
    for (const c of BENCH_CASES) {
      if (c.warmUp) await c.run(ctx);
      const row = await c.run(ctx);
      process.stderr.write(`${c.name}, ${path}: ${row.wallSeconds.toFixed(2)} s\n`);
      paths[path].push(row);
    }
    worker.child.kill('SIGTERM');
    await worker.exited;
  }
  const rows = sideBySide(paths);
  // The fan-out: the composited MP4 with two render workers.
  farm.addWorker({ env: { ANIMATION_COMPOSITOR: 'true' } });
  farm.addWorker({ env: { ANIMATION_COMPOSITOR: 'true' } });
  await waitForWorkers(pool, farm, 2);
  await SCALING_CASE.run(ctx);
  const two = await SCALING_CASE.run(ctx);
  const one = paths.layers.find((r) => r.case === SCALING_CASE.name)!;
  rows.push({
    ...two,
    case: `${SCALING_CASE.name}, layers, 2 render workers`,
    target: '—',
    met: true,
    notes: `${two.notes}; speed-up ×${(one.wallSeconds / two.wallSeconds).toFixed(2)} over 1 render worker`,
  });
  printTable(rows);
  await storage.stop();
} finally {
  await farm?.stop();
  await pool.end();
  await pg.stop();
  await rm(pgDir, { recursive: true, force: true });
  if (farm) await rm(farm.dataDir, { recursive: true, force: true });
}

function printTable(rows: BenchRow[]): void {
  // The figures mean something only on a quiet machine: the load average says how quiet it was.
  const [l1, l5, l15] = loadavg().map((l) => l.toFixed(2));
  const lines = [
    `Load average at the end of the run: ${l1}, ${l5}, ${l15} (1, 5, 15 min); re-measure on a quiet machine before concluding.`,
    '',
    '| Case | Wall time | Target | Met | Figures |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.case} | ${r.wallSeconds.toFixed(2)} s | ${r.target} | ${r.met ? 'yes' : 'no'} | ${r.notes} |`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
