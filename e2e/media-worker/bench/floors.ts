// Issue #39's floors, measured in the bench's own run: the CPU that the two parts the issue
// prescribes take for a composited file, whatever Pressroom's own code around them does.
// - Chromium draws each layer once (the rasters): the render workers' browsers' CPU during the
//   composited case.
// - The encoder alone, on the file's own frames: the MP4 decoded to raw frames in a file, then
//   ffmpeg run with the encode's own arguments (x264; for a GIF, `paletteuse` and the GIF encoder
//   with a palette made beforehand, not counted), reading that file: no compositing beside it, no
//   pipe, no job. Its CPU is ffmpeg's own (`-benchmark`), the median of a few runs.
// Their sum is a lower bound on what the composited file costs on this machine; `floorTable`
// sets it against the goals, with what the goal a frame leaves for everything else (decoding the
// captures, compositing, the pipe, the jobs) (docs/animation.md, Measured).
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gifArgs, mp4Args } from '@pressroom/media-worker/animation/ffmpeg-args';
import { GIF_FPS, VIDEO_FPS } from '@pressroom/model';
import { resolveFfmpegPath } from '@pressroom/platform';
import { lowerMiddle } from './runs.js';

const run = promisify(execFile);

export interface Floor {
  file: 'mp4' | 'gif';
  frames: number;
  /** The render workers' browsers' CPU a frame during the composited case (the rasters). */
  chromiumMs: number;
  /** The encoder alone a frame, from a file (the median of its runs). */
  encoderMs: number;
  /** What the encoder was, for the table. */
  encoder: string;
}

export interface FloorGoals {
  /** Wall time of the file, s. */
  wallSeconds: number;
  cpuMsPerFrame: number;
  /** Cores the farm ran on: the sum's CPU spread over all of them, at best. */
  cores: number;
}

/** The floors against the goals, as Markdown lines. Pure. */
export function floorTable(floors: readonly Floor[], goals: (f: Floor) => FloorGoals): string[] {
  const lines = [
    "Floors of the composited path (#39): what Chromium drawing the rasters and the encoder alone cost in this run, before any of Pressroom's compositing, pipes or jobs:",
    '',
    '| File | Chromium, the rasters | Encoder alone | Sum a frame | Goal a frame | Left a frame for the rest | The sum on every core, at best | Goal |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const f of floors) {
    const g = goals(f);
    const sum = f.chromiumMs + f.encoderMs;
    const wall = (sum * f.frames) / 1000 / g.cores;
    const over = (value: number, goal: number) => (value > goal ? ' (over)' : '');
    lines.push(
      `| ${f.file}, ${f.frames} frames | ${f.chromiumMs.toFixed(1)} ms | ${f.encoderMs.toFixed(1)} ms (${f.encoder}) | ` +
        `${sum.toFixed(1)} ms${over(sum, g.cpuMsPerFrame)} | ≤ ${g.cpuMsPerFrame} ms | ` +
        `${sum < g.cpuMsPerFrame ? `${(g.cpuMsPerFrame - sum).toFixed(1)} ms` : 'none'} | ` +
        `${wall.toFixed(2)} s on ${g.cores} cores${over(wall, g.wallSeconds)} | ≤ ${g.wallSeconds.toFixed(2)} s |`,
    );
  }
  return lines;
}

/** ffmpeg's own CPU from its `-benchmark` line (utime + stime), ms; NaN when absent. */
export function benchmarkCpuMs(stderr: string): number {
  const m = /utime=([\d.]+)s stime=([\d.]+)s/.exec(stderr);
  return m ? (Number(m[1]) + Number(m[2])) * 1000 : Number.NaN;
}

/**
 * The encoders alone on a composited MP4's frames (`mp4`, the file the bench made): x264 with the
 * encode's arguments on its 25 fps frames, and a GIF's second pass on them thinned to 12.5 fps.
 * Each `runs` times; ms a frame, the median.
 */
export async function encoderFloors(
  mp4: Buffer,
  size: { width: number; height: number },
  runs = 3,
): Promise<{ x264: number; mp4Frames: number; gif: number; gifFrames: number }> {
  const ffmpeg = resolveFfmpegPath(process.env['FFMPEG_PATH']);
  const dir = await mkdtemp(join(tmpdir(), 'pressroom-bench-floors-'));
  try {
    const source = join(dir, 'source.mp4');
    await writeFile(source, mp4);
    const i420 = join(dir, 'frames.yuv');
    const rgba = join(dir, 'frames.rgba');
    const palette = join(dir, 'palette.png');
    const quiet = ['-v', 'error', '-y'];
    await run(ffmpeg, [...quiet, '-i', source, '-f', 'rawvideo', '-pix_fmt', 'yuv420p', i420]);
    await run(ffmpeg, [...quiet, '-i', source, '-vf', `fps=${GIF_FPS}`, '-f', 'rawvideo', '-pix_fmt', 'rgba', rgba]);
    const frames = async (file: string, bytesPerFrame: number) => Math.round((await stat(file)).size / bytesPerFrame);
    const mp4Frames = await frames(i420, (size.width * size.height * 3) / 2);
    const gifFrames = await frames(rgba, size.width * size.height * 4);
    // The palette from every frame, made first and not counted: the encode makes it from a sample.
    await run(ffmpeg, [
      ...quiet,
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgba',
      '-s',
      `${size.width}x${size.height}`,
      '-i',
      rgba,
      '-vf',
      'palettegen',
      palette,
    ]);
    const timed = async (args: string[], input: string, count: number) => {
      // `-benchmark` prints at the info level: the encode's `-loglevel error` is left out.
      const withFile = args.filter((a, i) => a !== '-loglevel' && args[i - 1] !== '-loglevel').map((a) => (a === 'pipe:0' ? input : a));
      const ms: number[] = [];
      for (let k = 0; k < runs; k += 1) {
        const { stderr } = await run(ffmpeg, ['-benchmark', ...withFile], { maxBuffer: 16 * 2 ** 20 });
        const cpu = benchmarkCpuMs(stderr);
        if (Number.isNaN(cpu)) throw new Error(`ffmpeg printed no -benchmark line: ${stderr.slice(-500)}`);
        ms.push(cpu / count);
      }
      return lowerMiddle(ms, (v) => v);
    };
    const raw = { width: size.width, height: size.height };
    const x264 = await timed(
      mp4Args({ fps: VIDEO_FPS, raw: { ...raw, pixels: 'i420' } }, { path: join(dir, 'out.mp4'), ...raw, audio: null }),
      i420,
      mp4Frames,
    );
    const gif = await timed(
      gifArgs({ fps: GIF_FPS, raw: { ...raw, pixels: 'rgba' } }, { path: join(dir, 'out.gif'), ...raw, fps: GIF_FPS }, raw, palette),
      rgba,
      gifFrames,
    );
    return { x264, mp4Frames, gif, gifFrames };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
