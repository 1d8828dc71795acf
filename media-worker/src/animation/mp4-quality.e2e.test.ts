// The MP4 encoder's settings (`X264`) keep the picture: every decoded frame of the MP4 is compared
// with the JPEG frame it was made from (SSIM, ffmpeg's `ssim` filter). The frames mix a smooth
// moving gradient (where banding and blocking show) with sharp edges and text (`testsrc2`): the
// hard case. The same check on a design's real frames, Chromium's and composited:
// e2e/render-worker/animation/frame-sources.e2e.test.ts.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveFfmpegPath, runFfmpeg } from '@pressroom/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mp4Args, X264 } from './ffmpeg-args.js';
import { i420Bytes, rgbaToI420 } from './i420.js';
import { MP4_SSIM, ssimPerFrame } from './testing/encode-checks.js';

const ffmpeg = resolveFfmpegPath(process.env.FFMPEG_PATH);
const FRAMES = 50;
const SIZE = 540;

let dir: string;
let frames: Buffer;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pressroom-mp4-quality-'));
  const source = [
    // A fixed seed: the gradients' colours are random otherwise.
    `gradients=s=${SIZE}x${SIZE}:r=25:speed=0.05:seed=1[a]`,
    `testsrc2=s=${SIZE / 2}x${SIZE / 2}:r=25[b]`,
    `[a][b]overlay=x=${SIZE / 4}:y=${SIZE / 4}[out0]`,
  ].join(';');
  // JPEGs at about the quality the render worker captures (FRAME_JPEG_QUALITY 90).
  frames = await runFfmpeg(
    ffmpeg,
    ['-v', 'error', '-f', 'lavfi', '-i', source, '-frames:v', String(FRAMES), '-f', 'image2pipe', '-c:v', 'mjpeg', '-q:v', '3', 'pipe:1'],
    null,
  );
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Encodes the frames (`input`, default the JPEGs) with `args` and answers each decoded frame's SSIM against its JPEG. */
async function ssimOf(args: string[], input: Buffer = frames): Promise<number[]> {
  await runFfmpeg(ffmpeg, args, input);
  const reference = join(dir, 'frames.mjpeg');
  await writeFile(reference, frames);
  return ssimPerFrame(ffmpeg, args.at(-1)!, ['-f', 'image2pipe', '-c:v', 'mjpeg', '-framerate', '25', '-i', reference], dir);
}

describe('MP4 quality of the chosen x264 settings', () => {
  it(`keeps every frame: mean SSIM ≥ ${MP4_SSIM.mean}, worst frame ≥ ${MP4_SSIM.worst}`, async () => {
    const ssim = await ssimOf(mp4Args({ fps: 25 }, { path: join(dir, 'chosen.mp4'), width: SIZE, height: SIZE, audio: null }));
    expect(ssim).toHaveLength(FRAMES);
    expect(ssim.reduce((a, b) => a + b, 0) / ssim.length).toBeGreaterThanOrEqual(MP4_SSIM.mean);
    expect(Math.min(...ssim)).toBeGreaterThanOrEqual(MP4_SSIM.worst);
  });

  it("keeps every composited frame too: the compositor's I420 (rgbaToI420) encoded as it streams it", async () => {
    // The JPEGs decoded to RGBA, as the compositor's canvas holds them, converted per frame.
    const rgba = await runFfmpeg(
      ffmpeg,
      ['-v', 'error', '-f', 'mjpeg', '-i', 'pipe:0', '-f', 'rawvideo', '-pix_fmt', 'rgba', 'pipe:1'],
      frames,
    );
    const size = SIZE * SIZE * 4;
    const i420 = Buffer.alloc(i420Bytes(SIZE, SIZE) * FRAMES);
    for (let k = 0; k < FRAMES; k += 1) {
      const frame = i420.subarray(k * i420Bytes(SIZE, SIZE), (k + 1) * i420Bytes(SIZE, SIZE));
      rgbaToI420(new Uint8Array(rgba.buffer, rgba.byteOffset + k * size, size), SIZE, SIZE, frame, SIZE, SIZE, 0, 0);
    }
    const raw = { width: SIZE, height: SIZE, pixels: 'i420' as const };
    const ssim = await ssimOf(
      mp4Args({ fps: 25, raw }, { path: join(dir, 'composited.mp4'), width: SIZE, height: SIZE, audio: null }),
      i420,
    );
    expect(ssim).toHaveLength(FRAMES);
    expect(ssim.reduce((a, b) => a + b, 0) / ssim.length).toBeGreaterThanOrEqual(MP4_SSIM.mean);
    expect(Math.min(...ssim)).toBeGreaterThanOrEqual(MP4_SSIM.worst);
  });

  it('the check sees a worse encode: the same settings at a high crf fall below the threshold', async () => {
    const args = mp4Args({ fps: 25 }, { path: join(dir, 'worse.mp4'), width: SIZE, height: SIZE, audio: null });
    args[args.indexOf('-crf') + 1] = '40';
    expect(args).toContain(X264.preset);
    const ssim = await ssimOf(args);
    expect(Math.min(...ssim)).toBeLessThan(MP4_SSIM.worst);
  });
});
