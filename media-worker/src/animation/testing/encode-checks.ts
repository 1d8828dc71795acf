// What the encode tests measure (mp4-quality.e2e.test.ts, gif-quality.e2e.test.ts,
// stream-encode.e2e.test.ts, and e2e/render-worker/animation/frame-sources.e2e.test.ts on both
// frame sources): the SSIM of an MP4's decoded frames and the PSNR of a GIF's against the frames
// they were made from, and how many frames ffmpeg has encoded before the last one is made.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runFfmpeg } from '@pressroom/platform';

/**
 * The MP4 thresholds, the mean over the frames and the worst frame: at most 0.0015 under what the
 * settings before (`veryfast` crf 20) give on mp4-quality's hard frames (0.9952 and 0.9944; the
 * chosen ones 0.9954 and 0.9944). A crf of 40 gives about 0.97.
 */
export const MP4_SSIM = { mean: 0.994, worst: 0.993 };

/**
 * Each decoded frame's SSIM (ffmpeg's `ssim` filter) of the video at `path` against the frames
 * `reference` reads (ffmpeg input arguments ending with `-i <file>`); `dir` holds the stats file.
 */
export async function ssimPerFrame(ffmpeg: string, path: string, reference: string[], dir: string): Promise<number[]> {
  const stats = join(dir, 'ssim.log');
  await runFfmpeg(
    ffmpeg,
    ['-v', 'error', '-i', path, ...reference, '-lavfi', `[0:v][1:v]ssim=stats_file=${stats}`, '-f', 'null', '-'],
    null,
  );
  return (await readFile(stats, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => Number(/All:([0-9.]+)/.exec(line)![1]));
}

/**
 * The PSNR (dB, over R, G and B, pooled over every frame: from the mean squared error of them all)
 * of the video at `path` against the frames `reference` reads, both compared as RGB (a GIF's
 * palette works on RGB). `dir` holds the stats file.
 */
export async function rgbPsnr(ffmpeg: string, path: string, reference: string[], dir: string): Promise<{ psnr: number; frames: number }> {
  const stats = join(dir, 'psnr.log');
  await runFfmpeg(
    ffmpeg,
    [
      '-v',
      'error',
      '-i',
      path,
      ...reference,
      '-lavfi',
      `[0:v]format=rgb24[a];[1:v]format=rgb24[b];[a][b]psnr=stats_file=${stats}`,
      '-f',
      'null',
      '-',
    ],
    null,
  );
  const mse = (await readFile(stats, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => Number(/mse_avg:([0-9.]+)/.exec(line)![1]));
  const mean = mse.reduce((a, m) => a + m, 0) / mse.length;
  return { psnr: 10 * Math.log10((255 * 255) / mean), frames: mse.length };
}

/**
 * Runs ffmpeg (`args`, whose last is the output) on `frames` (`count` of them) and answers how
 * many frames it reports encoded (`-progress`) when the last frame is about to be made: the
 * source is asked for the last only once ffmpeg has reported a frame or `waitMs` has passed (the
 * wait ends as soon as a frame is reported, so a generous one costs nothing when ffmpeg streams,
 * and a loaded machine cannot make a streaming ffmpeg look like a waiting one). `arrange` sees the
 * held frames before ffmpeg does (a source that made every frame before giving the first).
 */
export async function framesEncodedBeforeTheLast(
  ffmpeg: string,
  args: string[],
  frames: AsyncIterable<Buffer>,
  options: { count: number; waitMs: number; dir: string; arrange?: (held: AsyncIterable<Buffer>) => AsyncIterable<Buffer> },
): Promise<number> {
  const progress = join(options.dir, `progress-${process.hrtime.bigint()}.txt`);
  const encoded = async () => {
    const text = await readFile(progress, 'utf8').catch(() => '');
    return Math.max(0, ...[...text.matchAll(/^frame=(\d+)$/gm)].map((m) => Number(m[1])));
  };
  let before = -1;
  async function* held(): AsyncGenerator<Buffer> {
    const it = frames[Symbol.asyncIterator]();
    for (let i = 0; ; i += 1) {
      if (i === options.count - 1) {
        const deadline = Date.now() + options.waitMs;
        while ((await encoded()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
        before = await encoded();
      }
      const next = await it.next();
      if (next.done) return;
      yield next.value;
    }
  }
  const output = args.at(-1)!;
  const withProgress = [...args.slice(0, -1), '-progress', progress, '-stats_period', '0.1', output];
  await runFfmpeg(ffmpeg, withProgress, (options.arrange ?? ((f) => f))(held()));
  if (before < 0) throw new Error(`the source gave fewer than ${options.count} frames`);
  return before;
}

/** A source that makes every frame before it gives the first (what a streaming encode must not wait for). */
export async function* everyFrameFirst(frames: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const all: Buffer[] = [];
  for await (const f of frames) all.push(Buffer.from(f));
  yield* all;
}
