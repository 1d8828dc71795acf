// `npm run bench:media` — animated (and, later, print) files end to end on this machine: how long
// does each take through the HTTP API with one render worker and one media worker, how fast are
// frames captured, how is the time split between frames and encoding, what does a second render
// worker add, how much of the encode overlaps the capture, and how much CPU does a frame cost (the
// figure a loaded machine inflates least)? Starts its own farm (embedded Postgres in a temp dir,
// child processes, local storage) and seeds the example designs with their assets. Prints a
// table; no pass/fail.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadControlPlaneConfig } from '@pressroom/control-plane/config';
import { X264 } from '@pressroom/media-worker/animation/ffmpeg-args';
import type { AnimatedDesign } from '@pressroom/model';
import { createPool, createStorage, EXAMPLES_DIR, migrate, parseExampleDocument, startEmbeddedPostgres } from '@pressroom/platform';
import { type Farm, freePort, seedExample, startFarm, waitForWorkers } from '../../render-worker/tasks/testing/farm-processes.js';
import {
  BENCH_CASES,
  type BenchContext,
  type BenchRow,
  FRAME_PATHS,
  type FramePath,
  LAYERS_GOALS,
  layersWallGoal,
  SCALING_CASE,
  sideBySide,
  VIDEO_DESIGN,
  VIDEO_LAYER_CASE,
  VIDEO_SECONDS,
  WORKER_MEMORY_MIB,
} from './cases.js';
import { encoderFloors, floorTable } from './floors.js';
import { medianRun } from './runs.js';

/** The benchmark is a 5-second video; the example design runs 6 s, so its timeline is cut. */
const SECONDS = Number(process.env['BENCH_ANIMATION_SECONDS'] ?? 5);
/** BENCH_VIDEO_LAYER=0 leaves out the 60 s video-layer case (about a minute and a half); =only runs it alone. */
const VIDEO_LAYER = process.env['BENCH_VIDEO_LAYER'] ?? '1';
/** BENCH_RUNS=N measures each 5 s case (and the two-worker fan-out) N times and reports the run with the median wall time (runs.ts). */
const RUNS = Number(process.env['BENCH_RUNS'] ?? 1);
if (!Number.isInteger(RUNS) || RUNS < 1)
  throw new Error(`BENCH_RUNS must be a whole number of at least 1, not ${process.env['BENCH_RUNS']}`);

// The video layer's source: 60 s of moving test picture, 1080² at 25 fps, made here and served
// from loopback (the farm is told to fetch from private addresses); about 8 MB at crf 30, under
// the render worker's 20 MB fetch limit (MAX_IMAGE_BYTES).
const videoDir = await mkdtemp(join(tmpdir(), 'pressroom-bench-video-'));
let video: Buffer | null = null;
if (VIDEO_LAYER !== '0') {
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=s=1080x1080:r=25:d=${VIDEO_SECONDS}`],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '30', '-pix_fmt', 'yuv420p', join(videoDir, 'clip.mp4')],
  ]);
  video = await readFile(join(videoDir, 'clip.mp4'));
}
const server = createServer((req, res) => {
  if (req.url !== '/clip.mp4' || !video) res.writeHead(404).end();
  else res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': video.length }).end(video);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const videoUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/clip.mp4`;

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
    // The roles' compiled entries, as production runs them (through tsx, each process and each
    // compositor thread also loads and transforms its modules at run time).
    compiled: true,
    // Worker options (RENDER_CONCURRENCY, PAGE_POOL_SIZE, ...) pass through from the environment.
    env: { LOG_LEVEL: process.env['LOG_LEVEL'] ?? 'error', OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' },
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
  const withVideo = await seedExample(pool, 'animated-product-launch.json', storage);
  await pool.query(
    `UPDATE designs SET document = jsonb_set(jsonb_set(document, '{animation,duration}', to_jsonb($2::numeric)),
       '{elements}', (document->'elements') || $3::jsonb) WHERE id = $1`,
    [withVideo.designId, VIDEO_SECONDS, JSON.stringify(await videoLayer(videoUrl))],
  );
  const ctx: BenchContext = {
    farm,
    pool,
    designs: { 'animated-product-launch.json': animated, [VIDEO_DESIGN]: withVideo },
    animationSeconds: SECONDS,
  };

  // Both frame sources in one run, one render worker each in turn (docs/animation.md): Chromium
  // frames first (ANIMATION_COMPOSITOR=false, the planner's fallback), then layer rasters
  // composited by the media worker.
  const paths: Record<FramePath, BenchRow[]> = { chromium: [], layers: [] };
  const only = process.env['BENCH_FRAME_PATH'];
  for (const path of FRAME_PATHS.filter((p) => (!only || p === only) && VIDEO_LAYER !== 'only')) {
    const worker = farm.addWorker({ env: { ANIMATION_COMPOSITOR: path === 'layers' ? 'true' : 'false' } });
    await waitForWorkers(pool, farm, 1);
    for (const c of BENCH_CASES) {
      if (c.warmUp) await c.run(ctx);
      const runs: BenchRow[] = [];
      for (let k = 0; k < RUNS; k += 1) {
        const run = await c.run(ctx);
        process.stderr.write(`${c.name}, ${path}: ${run.wallSeconds.toFixed(2)} s\n`);
        runs.push(run);
      }
      paths[path].push(medianRun(runs));
    }
    worker.child.kill('SIGTERM');
    await worker.exited;
  }
  const rows = sideBySide(paths);
  if (VIDEO_LAYER !== '0') {
    // Both frame sources again, one render worker and one media worker: Chromium frames, then the
    // compositor decoding the video layer's frames in the media worker.
    for (const path of FRAME_PATHS.filter((p) => !only || p === only)) {
      const worker = farm.addWorker({ env: { ANIMATION_COMPOSITOR: path === 'layers' ? 'true' : 'false' } });
      await waitForWorkers(pool, farm, 1);
      const row = await VIDEO_LAYER_CASE.run(ctx);
      process.stderr.write(`${row.case}, ${path}: ${row.wallSeconds.toFixed(2)} s\n`);
      const peak = row.peakMiB!;
      rows.push({
        ...row,
        case: `${row.case}, ${path}`,
        met: peak.render <= WORKER_MEMORY_MIB && peak.media <= WORKER_MEMORY_MIB,
        notes: `${row.notes}; peak memory (PSS) render worker ${peak.render} MiB, media worker ${peak.media} MiB`,
      });
      worker.child.kill('SIGTERM');
      await worker.exited;
    }
  }
  const one = paths.layers.find((r) => r.case === SCALING_CASE.name);
  if (one) {
    // The fan-out: the composited MP4 with two render workers.
    farm.addWorker({ env: { ANIMATION_COMPOSITOR: 'true' } });
    farm.addWorker({ env: { ANIMATION_COMPOSITOR: 'true' } });
    await waitForWorkers(pool, farm, 2);
    await SCALING_CASE.run(ctx);
    const twos: BenchRow[] = [];
    for (let k = 0; k < RUNS; k += 1) twos.push(await SCALING_CASE.run(ctx));
    const two = medianRun(twos);
    rows.push({
      ...two,
      case: `${SCALING_CASE.name}, layers, 2 render workers`,
      target: '—',
      met: true,
      notes: `${two.notes}; speed-up ×${(one.wallSeconds / two.wallSeconds).toFixed(2)} over 1 render worker`,
    });
  }
  printTable(rows, await floors(paths.layers));
  await storage.stop();
} finally {
  await farm?.stop();
  await pool.end();
  await pg.stop();
  await rm(pgDir, { recursive: true, force: true });
  await new Promise((r) => server.close(r));
  await rm(videoDir, { recursive: true, force: true });
  if (farm) await rm(farm.dataDir, { recursive: true, force: true });
}

/** A muted video layer over the whole `square` format for the whole clip, as the API stores it. */
async function videoLayer(src: string): Promise<unknown[]> {
  const box = { x: 0, y: 0, width: 1080, height: 1080 };
  const example = JSON.parse(await readFile(join(EXAMPLES_DIR, 'animated-product-launch.json'), 'utf8'));
  example.layers.push({
    name: 'clip',
    type: 'video',
    layout: Object.fromEntries(example.formats.map((f: { name: string }) => [f.name, box])),
    properties: { src, muted: true, max_volume: 0, fitting_type: 'cover' },
    animation: { start_at_s: 0, end_at_s: null, tweens: [] },
  });
  const parsed = parseExampleDocument(example);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed));
  return (parsed.design as AnimatedDesign).elements.slice(-1);
}

/**
 * #39's floors (floors.ts) from the composited MP4 and GIF of this run: their browsers' CPU, and
 * the encoders alone on the composited MP4's frames. None when the composited path did not run.
 */
async function floors(layers: readonly BenchRow[]): Promise<string[]> {
  const mp4 = layers.find((r) => r.case === BENCH_CASES[0]!.name);
  const gif = layers.find((r) => r.case === BENCH_CASES[1]!.name);
  if (!mp4?.fileUrl || mp4.browserMsPerFrame == null || gif?.browserMsPerFrame == null) return [];
  const bytes = Buffer.from(await (await fetch(mp4.fileUrl)).arrayBuffer());
  const encoders = await encoderFloors(bytes, { width: 1080, height: 1080 });
  const cores = availableParallelism();
  const table = floorTable(
    [
      {
        file: 'mp4',
        frames: encoders.mp4Frames,
        chromiumMs: mp4.browserMsPerFrame,
        encoderMs: encoders.x264,
        encoder: `x264 ${X264.preset}`,
      },
      {
        file: 'gif',
        frames: encoders.gifFrames,
        chromiumMs: gif.browserMsPerFrame,
        encoderMs: encoders.gif,
        encoder: 'paletteuse and the GIF encoder',
      },
    ],
    (f) => ({ wallSeconds: layersWallGoal(f.frames, f.file), cpuMsPerFrame: LAYERS_GOALS.cpuMsPerFrame, cores }),
  );
  return ['', ...table];
}

function printTable(rows: BenchRow[], after: readonly string[]): void {
  // The figures mean something only on a quiet machine: the load average says how quiet it was.
  const [l1, l5, l15] = loadavg().map((l) => l.toFixed(2));
  const lines = [
    `Load average at the end of the run: ${l1}, ${l5}, ${l15} (1, 5, 15 min); re-measure on a quiet machine before concluding.`,
    '',
    '| Case | Wall time | Target | Met | Figures |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.case} | ${r.wallSeconds.toFixed(2)} s | ${r.target} | ${r.met ? 'yes' : 'no'} | ${r.notes} |`),
    ...after,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
