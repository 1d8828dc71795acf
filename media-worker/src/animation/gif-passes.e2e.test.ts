// A composited GIF is made in two passes (gifPaletteArgs fed only the frames the palette is made
// from, gifPaletteFrames; then gifArgs with the palette and every frame), so that ffmpeg never
// holds every frame (the second pass streams them against a palette made already): the file must
// be the one-pass file, byte for byte, whose palette is made from the same frames.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveFfmpegPath, runFfmpeg } from '@pressroom/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gifArgs, gifPaletteArgs } from './ffmpeg-args.js';
import { gifPaletteFrames } from './gif-palette.js';

const ffmpeg = resolveFfmpegPath(process.env.FFMPEG_PATH);
const SIZE = 320;
const FRAMES = 25;

let dir: string;
let frames: Buffer;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pressroom-gif-passes-'));
  // Moving colours and sharp edges, raw RGBA as the compositor gives them.
  const source = `testsrc2=s=${SIZE}x${SIZE}:r=12.5`;
  frames = await runFfmpeg(
    ffmpeg,
    ['-v', 'error', '-f', 'lavfi', '-i', source, '-frames:v', String(FRAMES), '-f', 'rawvideo', '-pix_fmt', 'rgba', 'pipe:1'],
    null,
  );
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('GIF in two passes', () => {
  it('is the one-pass GIF, byte for byte', async () => {
    const input = { fps: 12.5, raw: { width: SIZE, height: SIZE } };
    const size = { width: SIZE, height: SIZE };
    const out = (name: string) => ({ path: join(dir, name), width: SIZE, height: SIZE, fps: 12.5 });
    const sample = gifPaletteFrames(FRAMES);
    expect(sample.length).toBeLessThan(FRAMES / 2);
    await runFfmpeg(ffmpeg, gifArgs(input, out('one.gif'), size, sample), frames);
    const palette = join(dir, 'palette.png');
    const bytes = SIZE * SIZE * 4;
    const sampled = Buffer.concat(sample.map((i) => frames.subarray(i * bytes, (i + 1) * bytes)));
    await runFfmpeg(ffmpeg, gifPaletteArgs(input, out('two.gif'), size, palette), sampled);
    await runFfmpeg(ffmpeg, gifArgs(input, out('two.gif'), size, palette), frames);
    const one = await readFile(join(dir, 'one.gif'));
    const two = await readFile(join(dir, 'two.gif'));
    expect(one.length).toBeGreaterThan(10_000);
    expect(two.equals(one)).toBe(true);
    // The palette of every frame makes another file: the sample is what both passes used.
    await runFfmpeg(ffmpeg, gifArgs(input, out('all.gif'), size, [...Array(FRAMES).keys()]), frames);
    expect((await readFile(join(dir, 'all.gif'))).equals(one)).toBe(false);
  });
});
