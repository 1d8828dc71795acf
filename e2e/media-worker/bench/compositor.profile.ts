// `npx tsx e2e/media-worker/bench/compositor.profile.ts [mp4|gif|composite|all]` — where the layer
// compositor's CPU per frame goes (docs/animation.md, "Measured", "Where a composited frame's CPU
// goes"): the example's `square` format, 5 s at 1080², its rasters drawn once in Chromium (kept in
// a temp dir between runs, written whole or not at all), then every frame composited in this process and, for mp4 and gif,
// streamed to ffmpeg exactly as the media worker does. Prints CPU per frame of this process
// (compositing and the pipe), of it in the kernel, its minor page faults per frame, and ffmpeg's
// CPU (its `-benchmark` times). Run with `node --cpu-prof`
// through tsx to see the composite's own split. PROFILE_THREADS=2 composites on the media worker's
// compositor threads instead (composite-pool.ts): wall time, and CPU of this process in all.
// A GIF is made as a composited one is: two passes, the palette's from its sampled frames alone
// (gif-palette.ts); PROFILE_GIF_PASSES=1 runs the one-pass graph, PROFILE_GIF_PALETTE=all makes
// the palette from every frame. PROFILE_GIF_OUT=path keeps the GIF there. Each run writes its
// outputs to a temp dir of its own (run-dirs.ts), so two runs at once do not collide.
// "main thread" is this process's own thread alone (with threads: the pipe and the pool's
// hand-over; "node in all" also counts V8's GC helpers). PROFILE_INPUT=file writes the composited
// frames to a file first and runs ffmpeg on it: no pipe, and no encode beside the compositing
// (docs/animation.md, Measured, "Moving frames into ffmpeg").
import { closeSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCompositePool } from '@pressroom/media-worker/animation/composite-pool';
import { createCompositor, type FramePixels } from '@pressroom/media-worker/animation/compositor';
import { gifArgs, gifPaletteArgs, mp4Args } from '@pressroom/media-worker/animation/ffmpeg-args';
import { gifPaletteFrames } from '@pressroom/media-worker/animation/gif-palette';
import type { Composition } from '@pressroom/model';
import { GIF_FPS, parseComposition, VIDEO_FPS } from '@pressroom/model';
import { resolveFfmpegPath } from '@pressroom/platform';
import { createChromiumAnimator } from '@pressroom/render-worker/animation/render-animation';
import { BrowserSupervisor } from '@pressroom/render-worker/browser/index';
import { exampleDesign, exampleLayersInput } from './example-layers.js';
import { benchmarkCpuMs } from './floors.js';
import { runDir, sharedDir } from './run-dirs.js';

const SECONDS = Number(process.env['BENCH_ANIMATION_SECONDS'] ?? 5);
const mode = process.argv[2] ?? 'all';
const ffmpeg = resolveFfmpegPath(process.env['FFMPEG_PATH']);

/** The rasters of the example at `fps`, drawn once and kept under the temp dir. */
async function rastersAt(fps: number): Promise<{ composition: Composition; rasters: Buffer[] }> {
  const dir = await sharedDir(join(tmpdir(), `pressroom-compositor-profile-rasters-${SECONDS}s-${fps}`), async (own) => {
    const design = exampleDesign(SECONDS);
    const supervisor = new BrowserSupervisor({ poolSize: 1 });
    try {
      const animator = createChromiumAnimator(supervisor, { timeoutMs: 120_000, ffmpegPath: ffmpeg });
      const drawn = await animator.layers(exampleLayersInput(design, 'mp4', fps, SECONDS));
      for (const r of drawn.rasters) writeFileSync(join(own, r.name), r.bytes);
      writeFileSync(join(own, 'composition.json'), JSON.stringify(drawn.composition));
    } finally {
      await supervisor.stop();
    }
  });
  const composition = parseComposition(JSON.parse(readFileSync(join(dir, 'composition.json'), 'utf8')));
  return { composition, rasters: composition.rasters.map((r) => readFileSync(join(dir, r.key))) };
}

/** CPU ms of this process's main thread so far (Linux: /proc, in clock ticks of 10 ms). */
function mainThreadMs(): number {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function cpuMs(since: NodeJS.CpuUsage): number {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
}

async function run(kind: 'mp4' | 'gif' | 'composite') {
  const fps = kind === 'gif' ? GIF_FPS : VIDEO_FPS;
  const { composition, rasters } = await rastersAt(fps);
  const frames = composition.states.length;
  const { width, height } = composition;
  // As the encode does: I420 for an MP4 (PROFILE_PIXELS=rgba for the RGBA path), RGBA for a GIF.
  const pixels: FramePixels = kind === 'mp4' && process.env['PROFILE_PIXELS'] !== 'rgba' ? 'i420' : 'rgba';
  let compositeMs = 0;
  const threads = Number(process.env['PROFILE_THREADS'] ?? 0);
  const pool = threads > 0 ? createCompositePool({ threads }) : null;
  if (pool) {
    // Threads start (and load tsx) on first use: one pass first, not measured.
    for await (const _ of pool.open({ id: `warm-${kind}`, composition, rasters, pixels, frames }).frames(new AbortController().signal)) {
      // warming up
    }
  }
  // `only`: those frames alone (a GIF's palette pass, as the encode feeds it).
  async function* feed(only?: readonly number[]) {
    if (pool) {
      // Composited on the pool's threads (the media worker's COMPOSITE_THREADS): their CPU is this process's.
      yield* pool.open({ id: `profile-${kind}`, composition, rasters, pixels, frames }).frames(new AbortController().signal, only);
      return;
    }
    const compositor = createCompositor(composition, rasters, pixels);
    for (const i of only ?? Array.from({ length: frames }, (_, k) => k)) {
      const c0 = process.cpuUsage();
      const f = compositor.frame(i);
      compositeMs += cpuMs(c0);
      yield f;
    }
  }
  const c0 = process.cpuUsage();
  const main0 = mainThreadMs();
  const faults0 = process.resourceUsage().minorPageFault;
  const t0 = performance.now();
  let ffmpegMs = 0;
  if (kind === 'composite') {
    for await (const _ of feed()) {
      // composited only
    }
  } else {
    const out = process.env['PROFILE_GIF_OUT'] && kind === 'gif' ? process.env['PROFILE_GIF_OUT'] : join(outputs.path, `profile.${kind}`);
    const raw = { width, height, pixels };
    const gif = { path: out, width, height, fps };
    const png = join(outputs.path, 'palette.png');
    // The frames the palette is made from, as the encode picks them (PROFILE_GIF_PALETTE=all: every frame).
    const palette =
      process.env['PROFILE_GIF_PALETTE'] === 'all'
        ? Array.from({ length: frames }, (_, k) => k)
        : gifPaletteFrames(frames, composition.states);
    // A GIF in two passes, as the encode makes a composited one, the first fed the palette's frames
    // alone (PROFILE_GIF_PASSES=1: the one-pass graph).
    const passes: [string[], readonly number[] | undefined][] =
      kind === 'mp4'
        ? [[mp4Args({ fps, raw }, { path: out, width, height, audio: null }), undefined]]
        : process.env['PROFILE_GIF_PASSES'] === '1'
          ? [[gifArgs({ fps, raw }, gif, { width, height }, palette), undefined]]
          : [
              [gifPaletteArgs({ fps, raw }, gif, { width, height }, png), palette],
              [gifArgs({ fps, raw }, gif, { width, height }, png), undefined],
            ];
    const toFile = process.env['PROFILE_INPUT'] === 'file';
    const framesFile = join(outputs.path, 'frames.raw');
    try {
      for (const [args, only] of passes) {
        let input: AsyncIterable<Buffer> | null = feed(only);
        let ffmpegArgs = args;
        if (toFile) {
          // Every frame composited and written out first; ffmpeg then reads them from the file.
          const fd = openSync(framesFile, 'w');
          try {
            for await (const frame of input) writeSync(fd, frame);
          } finally {
            closeSync(fd);
          }
          ffmpegArgs = args.map((a) => (a === 'pipe:0' ? framesFile : a));
          input = null;
        }
        // -benchmark prints ffmpeg's CPU at the end, on stderr.
        const stderr = await runWithStderr(['-benchmark', ...ffmpegArgs.filter((a) => a !== '-loglevel' && a !== 'error')], input);
        ffmpegMs += benchmarkCpuMs(stderr);
      }
    } finally {
      // The frames' file is large: gone as soon as the encode read it (the run's dir goes at the end).
      rmSync(framesFile, { force: true });
    }
  }
  const wall = performance.now() - t0;
  await pool?.stop();
  const node = cpuMs(c0);
  const main = mainThreadMs() - main0;
  const kernel = process.cpuUsage(c0).system / 1000;
  const faults = process.resourceUsage().minorPageFault - faults0;
  const per = (ms: number) => (ms / frames).toFixed(2);
  process.stdout.write(
    `${kind} (${pixels}): ${frames} frames ${width}×${height}, wall ${(wall / 1000).toFixed(2)} s; CPU/frame: composite ${per(compositeMs)} ms, ` +
      `node in all ${per(node)} ms (pipe and the rest ${per(node - compositeMs)}; main thread ${per(main)}), ffmpeg ${per(ffmpegMs)} ms, total ${per(node + ffmpegMs)} ms; ` +
      `this process's kernel time/frame ${per(kernel)} ms, minor page faults/frame ${(faults / frames).toFixed(0)}\n`,
  );
}

/** runFfmpeg, keeping ffmpeg's stderr (its -benchmark line). */
async function runWithStderr(args: string[], input: AsyncIterable<Buffer> | null): Promise<string> {
  const { spawn } = await import('node:child_process');
  const { Readable } = await import('node:stream');
  return new Promise((resolve, reject) => {
    // Without input (PROFILE_INPUT=file) ffmpeg reads a file, and its stdin is closed at once.
    const child = spawn(ffmpeg, args, { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += String(d);
    });
    child.on('close', (code) => (code === 0 ? resolve(stderr) : reject(new Error(stderr.slice(-2000)))));
    if (input) Readable.from(input, { objectMode: false }).pipe(child.stdin);
    else child.stdin.end();
  });
}

const outputs = await runDir('pressroom-compositor-profile');
try {
  for (const kind of mode === 'all' ? (['composite', 'mp4', 'gif'] as const) : [mode as 'mp4' | 'gif' | 'composite']) await run(kind);
} finally {
  await outputs.remove();
}
