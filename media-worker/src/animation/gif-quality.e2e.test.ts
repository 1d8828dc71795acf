// A GIF's palette is made from a sample of its frames (gifPaletteFrames): the GIF must stay within
// GIF_PALETTE_MARGIN_DB of the GIF whose palette is made from every frame, on hard frames: a
// smooth drifting gradient under testsrc2's saturated colours and sharp edges, fading in over ten
// frames (0.8 s): colours no frame before the fade has. PSNR over RGB, pooled over every frame, of
// the decoded GIF against the frames it was made from (docs/animation.md, "GIF palette from a
// sample of the frames").
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Composition } from '@pressroom/model';
import { resolveFfmpegPath, runFfmpeg } from '@pressroom/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gifArgs } from './ffmpeg-args.js';
import { gifPaletteFrames } from './gif-palette.js';
import { rgbPsnr } from './testing/encode-checks.js';

const ffmpeg = resolveFfmpegPath(process.env.FFMPEG_PATH);
const SIZE = 320;
const FRAMES = 40;
const FPS = 12.5;
/**
 * How far under the every-frame palette's GIF the sampled palette's may fall (PSNR). Measured
 * 2026-11-29 with ffmpeg 5.1: 38.1 dB against 39.5 (every 4th frame alone, without the frames the
 * fade adds: 37.5); the last frame's palette alone 31.9.
 */
const GIF_PALETTE_MARGIN_DB = 2;

/** The clip's one moving layer as a composition's states say it: testsrc2 fading in over frames 5–15. */
const STATES: Composition['states'] = Array.from({ length: FRAMES }, (_, i) => {
  const opacity = Math.min(1, Math.max(0, (i - 5) / 10));
  return [[opacity > 0 ? 1 : 0, opacity, 0, 0, 1, 0, -1]];
});

let dir: string;
let reference: string[];
let frames: Buffer;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pressroom-gif-quality-'));
  // testsrc2 (deterministic, unlike ffmpeg's `gradients`), blended here over a smooth gradient
  // that drifts, at the states' opacity, as the compositor blends a layer: raw RGBA, opaque.
  const box = 200;
  const at = 60;
  const clip = await runFfmpeg(
    ffmpeg,
    [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=s=${box}x${box}:r=${FPS}`,
      '-frames:v',
      String(FRAMES),
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgba',
      'pipe:1',
    ],
    null,
  );
  frames = Buffer.alloc(FRAMES * SIZE * SIZE * 4);
  for (let i = 0; i < FRAMES; i += 1) {
    const opacity = STATES[i]![0]![1];
    for (let y = 0; y < SIZE; y += 1)
      for (let x = 0; x < SIZE; x += 1) {
        const t = (x + y + i * 4) / (2 * SIZE + FRAMES * 4);
        let rgb = [20 + 200 * t, 40 + 60 * t, 160 - 100 * t];
        if (x >= at && x < at + box && y >= at && y < at + box) {
          const p = (i * box * box + (y - at) * box + (x - at)) * 4;
          rgb = rgb.map((c, k) => c * (1 - opacity) + clip[p + k]! * opacity);
        }
        frames.set([...rgb.map(Math.round), 255], ((i * SIZE + y) * SIZE + x) * 4);
      }
  }
  const path = join(dir, 'frames.rgba');
  await writeFile(path, frames);
  reference = ['-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${SIZE}x${SIZE}`, '-framerate', String(FPS), '-i', path];
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The GIF of every frame with its palette made from `palette`'s frames, and its PSNR. */
async function psnrWith(name: string, palette: readonly number[]): Promise<number> {
  const path = join(dir, name);
  const size = { width: SIZE, height: SIZE };
  await runFfmpeg(ffmpeg, gifArgs({ fps: FPS, raw: size }, { path, ...size, fps: FPS }, size, palette), frames);
  const { psnr, frames: compared } = await rgbPsnr(ffmpeg, path, reference, dir);
  expect(compared).toBe(FRAMES);
  return psnr;
}

describe('GIF palette from a sample of the frames', () => {
  it(`keeps the GIF within ${GIF_PALETTE_MARGIN_DB} dB of the palette of every frame, and the check sees a worse palette`, async () => {
    const sample = gifPaletteFrames(FRAMES, STATES);
    expect(sample.length).toBeLessThan(FRAMES / 2);
    const every = await psnrWith('every.gif', [...Array(FRAMES).keys()]);
    const sampled = await psnrWith('sampled.gif', sample);
    expect(every).toBeGreaterThan(35);
    expect(sampled).toBeGreaterThanOrEqual(every - GIF_PALETTE_MARGIN_DB);
    // The last frame's palette alone misses the gradient's earlier colours and the fade's.
    expect(await psnrWith('last.gif', [FRAMES - 1])).toBeLessThan(every - GIF_PALETTE_MARGIN_DB);
  });
});
