// runFfmpeg with a streamed input, on the real ffmpeg: chunks fed as they come decode to exactly
// the frames of the same bytes given at once, and a source that fails kills ffmpeg with its error.
import { describe, expect, it } from 'vitest';
import { resolveFfmpegPath } from './ffmpeg-path.js';
import { runFfmpeg } from './run-ffmpeg.js';
import { mjpegTestFrames } from './testing/test-frames.js';

const ffmpeg = resolveFfmpegPath(undefined);
const DECODE = ['-v', 'error', '-f', 'image2pipe', '-c:v', 'mjpeg', '-framerate', '25', '-i', 'pipe:0', '-f', 'framecrc', 'pipe:1'];

function mjpegFrames(count: number): Promise<Buffer> {
  return mjpegTestFrames(ffmpeg, 'testsrc=size=64x48:rate=25', count);
}

/** The bytes in `pieces` uneven chunks, each handed over after the event loop turns. */
async function* inChunks(bytes: Buffer, pieces: number, failAfter = Number.POSITIVE_INFINITY): AsyncGenerator<Buffer> {
  const size = Math.ceil(bytes.length / pieces);
  for (let i = 0; i < pieces; i++) {
    if (i >= failAfter) throw new Error('the next range never came');
    await new Promise((r) => setImmediate(r));
    yield bytes.subarray(i * size, (i + 1) * size);
  }
}

describe('runFfmpeg with a streamed input', () => {
  it('decodes the same frames, in order, as the whole buffer at once', { timeout: 60_000 }, async () => {
    const frames = await mjpegFrames(30);
    const whole = (await runFfmpeg(ffmpeg, DECODE, frames)).toString();
    const streamed = (await runFfmpeg(ffmpeg, DECODE, inChunks(frames, 7))).toString();
    expect(whole.split('\n').filter((l) => /^0,/.test(l))).toHaveLength(30);
    expect(streamed).toBe(whole);
  });

  it('rejects with the source error, and kills ffmpeg, when the source fails midway', { timeout: 60_000 }, async () => {
    const frames = await mjpegFrames(10);
    await expect(runFfmpeg(ffmpeg, DECODE, inChunks(frames, 5, 2))).rejects.toThrow('the next range never came');
  });
});
