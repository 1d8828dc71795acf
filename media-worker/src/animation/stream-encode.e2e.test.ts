// The encode runs beside the capture: ffmpeg, started with the MP4 and GIF command lines, decodes
// the first frames while the rest of the stream has not come yet. With ffmpeg's default probing
// (5 MB or 5 s of stream read before the first frame is decoded) it waited for nearly all of a
// 5-second video, and the tail after the capture was the whole encode.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveFfmpegPath, runFfmpeg } from '@pressroom/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mp4Args } from './ffmpeg-args.js';

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

/**
 * Writes every frame but keeps stdin open, and answers how many frames ffmpeg reports encoded
 * (`-progress`) before the stream ends, waiting at most `waitMs` for the first; then ends it. The
 * wait ends as soon as a frame is reported, so a generous one costs nothing when ffmpeg streams,
 * and a loaded machine cannot make a streaming ffmpeg look like a waiting one.
 */
async function framesEncodedBeforeTheEnd(args: string[], waitMs: number): Promise<number> {
  const output = args.at(-1)!;
  const child = spawn(ffmpeg, [...args.slice(0, -1), '-progress', 'pipe:1', '-stats_period', '0.1', output], {
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  let encoded = 0;
  child.stdout.on('data', (d: Buffer) => {
    for (const m of String(d).matchAll(/^frame=(\d+)$/gm)) encoded = Math.max(encoded, Number(m[1]));
  });
  child.stdin.write(frames);
  const deadline = Date.now() + waitMs;
  while (encoded === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const before = encoded;
  child.stdin.end();
  await new Promise((r) => child.once('close', r));
  return before;
}

describe('the encode starts before the frames end', () => {
  it('MP4: ffmpeg encodes frames while the stream is still open', async () => {
    const args = mp4Args({ fps: 25 }, { path: join(dir, 'out.mp4'), width: SIZE, height: SIZE, audio: null });
    expect(await framesEncodedBeforeTheEnd(args, 20_000)).toBeGreaterThan(0);
  }, 30_000);

  it('the check sees a waiting encode: with the probe left at its default, nothing is encoded before the end', async () => {
    const args = mp4Args({ fps: 25 }, { path: join(dir, 'probed.mp4'), width: SIZE, height: SIZE, audio: null });
    const probe = args.indexOf('-probesize');
    args.splice(probe, 4);
    expect(args).not.toContain('-analyzeduration');
    // A probing ffmpeg waits for the end of the stream however long it is left open: 3 s shows it.
    expect(await framesEncodedBeforeTheEnd(args, 3_000)).toBe(0);
  }, 20_000);
});
