// `npx tsx e2e/media-worker/bench/layer-rasters.profile.ts [runs]` — the layer compositor's raster
// phase alone (docs/animation.md, "Measured", "The raster phase"): the example's `square` format
// at 1080², its rasters drawn in Chromium by `createChromiumAnimator(...).layers(...)` as range 0
// of a composited file draws them, `runs` times (default 5) on one warm browser after a first,
// unmeasured draw. Prints per run the animator's "frames" figure (page, plan, player, captures),
// its wall time, and the CPU of this process and of the browser's processes (from /proc), and a
// digest of the rasters and the composition: a change that must keep the rasters byte-identical
// keeps the digest. PROFILE_RASTERS_OUT=dir writes the rasters and composition there.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GIF_FPS, VIDEO_FPS } from '@pressroom/model';
import { resolveFfmpegPath } from '@pressroom/platform';
import { createChromiumAnimator } from '@pressroom/render-worker/animation/render-animation';
import { BrowserSupervisor } from '@pressroom/render-worker/browser/index';
import { descendantsOf } from '../../render-worker/tasks/testing/farm-processes.js';
import { exampleDesign, exampleLayersInput } from './example-layers.js';

const SECONDS = Number(process.env['BENCH_ANIMATION_SECONDS'] ?? 5);
const RUNS = Number(process.argv[2] ?? 5);

const design = exampleDesign(SECONDS);

/** CPU seconds (user + system) of this process's live descendants (the browser's processes), from /proc. */
function childrenCpu(): number {
  let ticks = 0;
  for (const pid of descendantsOf(process.pid)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // ended between the listing and the read
    }
  }
  return ticks / 100;
}

const ffmpegPath = resolveFfmpegPath(process.env['FFMPEG_PATH']);
// PROFILE_PAGES=2: two pages in two browsers, as a render worker has by default, so that a second
// page draws some of the captures (capture-lanes.ts); 1 (default): every capture on one page.
const PAGES = Number(process.env['PROFILE_PAGES'] ?? 1);
const supervisor = new BrowserSupervisor({ poolSize: PAGES, browsers: PAGES });
// Both browsers running, as a worker launches them at its start (a page is lent only in a running one).
await supervisor.start();
try {
  const animator = createChromiumAnimator(supervisor, { timeoutMs: 120_000, ffmpegPath });
  for (const [kind, fps] of [
    ['mp4', VIDEO_FPS],
    ['gif', GIF_FPS],
  ] as const) {
    const draw = () => animator.layers(exampleLayersInput(design, kind, fps, SECONDS));
    const first = await draw();
    const digest = createHash('sha256');
    for (const r of first.rasters) digest.update(r.name).update(r.bytes);
    digest.update(JSON.stringify(first.composition));
    const frames = first.composition.states.length;
    const out = process.env['PROFILE_RASTERS_OUT'];
    if (out) {
      // The first draw's rasters and composition, to compare two versions of the raster phase.
      mkdirSync(join(out, kind), { recursive: true });
      for (const r of first.rasters) writeFileSync(join(out, kind, r.name), r.bytes);
      writeFileSync(join(out, kind, 'composition.json'), JSON.stringify(first.composition, null, 1));
    }
    const lines: string[] = [];
    const sums = { frames: 0, wall: 0, node: 0, browser: 0 };
    for (let run = 0; run < RUNS; run++) {
      const c0 = process.cpuUsage();
      const b0 = childrenCpu();
      const t0 = performance.now();
      const drawn = await draw();
      const wall = (performance.now() - t0) / 1000;
      const c = process.cpuUsage(c0);
      const node = (c.user + c.system) / 1e6;
      const browser = childrenCpu() - b0;
      sums.frames += drawn.timings.frames;
      sums.wall += wall;
      sums.node += node;
      sums.browser += browser;
      lines.push(
        `  run ${run + 1}: frames ${drawn.timings.frames.toFixed(3)} s (captures ${drawn.captures.main} + ${drawn.captures.helper} on a second page), wall ${wall.toFixed(3)} s, CPU node ${node.toFixed(3)} s + browser ${browser.toFixed(3)} s`,
      );
    }
    const mean = (s: number) => (s / RUNS).toFixed(3);
    process.stdout.write(
      `${kind}: ${first.rasters.length} rasters, ${frames} frames, digest ${digest.digest('hex').slice(0, 16)}\n${lines.join('\n')}\n` +
        `  mean: frames ${mean(sums.frames)} s, wall ${mean(sums.wall)} s, CPU node ${mean(sums.node)} s + browser ${mean(sums.browser)} s ` +
        `(${((1000 * (sums.node + sums.browser)) / RUNS / frames).toFixed(1)} ms/frame)\n`,
    );
  }
} finally {
  await supervisor.stop();
}
