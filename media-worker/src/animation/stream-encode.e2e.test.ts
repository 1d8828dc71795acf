// The encode runs beside the capture: ffmpeg, started with the MP4 command line, encodes the
// first frames while the last has not come yet. With ffmpeg's default probing
// (5 MB or 5 s of stream read before the first frame is decoded) it waited for nearly all of a
// 5-second video, and the tail after the capture was the whole encode. The same check on real
// Chromium frames and on composited ones: e2e/render-worker/animation/frame-sources.e2e.test.ts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveFfmpegPath, runFfmpeg } from '@pressroom/platform';
import { splitJpegs } from '@pressroom/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mp4Args } from './ffmpeg-args.js';
import { framesEncodedBeforeTheLast } from './testing/encode-checks.js';

const ffmpeg = resolveFfmpegPath(process.env.FFMPEG_PATH);
const SIZE = 540;
/** 15 frames of noise at 25 fps: 0.6 s of stream, a few MB of JPEG, under both of ffmpeg's default probe limits. */
const FRAMES = 15;

let dir: string;
let frames: Buffer;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pressroom-stream-encode-'));
  frames = await runFfmpeg(
    ffmpeg,
    ['-v', 'error', '-f', 'lavfi', '-i', `nullsrc=s=${SIZE}x${SIZE}:r=25,geq=random(1)*255:128:128`].concat([
      '-frames:v',
      String(FRAMES),
      '-f',
      'image2pipe',
      '-c:v',
      'mjpeg',
      '-q:v',
      '2',
      'pipe:1',
    ]),
    null,
  );
  expect(frames.length).toBeLessThan(5_000_000);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The JPEG frames one by one, as the encode feeds them. */
async function* jpegFrames(): AsyncGenerator<Buffer> {
  yield* splitJpegs(frames);
}

describe('the encode starts before the frames end', () => {
  it('MP4: ffmpeg encodes frames while the stream is still open', async () => {
    const args = mp4Args({ fps: 25 }, { path: join(dir, 'out.mp4'), width: SIZE, height: SIZE, audio: null });
    expect(await framesEncodedBeforeTheLast(ffmpeg, args, jpegFrames(), { count: FRAMES, waitMs: 20_000, dir })).toBeGreaterThan(0);
  }, 30_000);

  it('the check sees a waiting encode: with the probe left at its default, nothing is encoded before the end', async () => {
    const args = mp4Args({ fps: 25 }, { path: join(dir, 'probed.mp4'), width: SIZE, height: SIZE, audio: null });
    const probe = args.indexOf('-probesize');
    args.splice(probe, 4);
    expect(args).not.toContain('-analyzeduration');
    // A probing ffmpeg waits for the end of the stream however long it is left open: 3 s shows it.
    expect(await framesEncodedBeforeTheLast(ffmpeg, args, jpegFrames(), { count: FRAMES, waitMs: 3_000, dir })).toBe(0);
  }, 20_000);
});
