// The compositor threads (composite-pool.ts) against the compositor on the calling thread: the
// same frames, byte for byte, in order, whatever thread drew each chunk, with frames that repeat
// the one before sent once. The real compositor (WebAssembly) in real worker threads; no
// Chromium needed (the rasters are made here).
import type { Composition } from '@pressroom/model';
import { afterAll, describe, expect, it } from 'vitest';
import { type CompositedFile, type CompositePool, createCompositePool } from './composite-pool.js';
import type { FramePixels } from './compositor.js';

const W = 96;
const H = 64;
/** More frames than the threads' ring of frames holds (it wraps), a few chunks of them. */
const FRAMES = 200;

/** An opaque gradient under a translucent square that slides and turns, still from frame 20 to 34. */
function file(pixels: FramePixels, id: string): CompositedFile {
  const bottom = Buffer.alloc(W * H * 4);
  for (let y = 0; y < H; y += 1) for (let x = 0; x < W; x += 1) bottom.set([x * 2, y * 3, 200 - x, 255], (y * W + x) * 4);
  const square = Buffer.alloc(20 * 20 * 4);
  for (let p = 0; p < 400; p += 1) square.set([220, 40, 60, 180], p * 4);
  const states: Composition['states'] = [];
  for (let i = 0; i < FRAMES; i += 1) {
    const t = i >= 20 && i < 35 ? 20 : i % 90;
    states.push([[t === 5 ? 0 : 1, 0.4 + t / 100, t, t / 3, 1 + t / 80, t * 4, 0]]);
  }
  const composition: Composition = {
    v: 1,
    width: W,
    height: H,
    fps: 25,
    rasters: [
      { key: 'bottom', box: [0, 0, W, H] },
      { key: 'square', box: [10, 20, 20, 20] },
    ],
    items: [
      { raster: 0, untyped: null, layer: null, gates: [], origin: [0, 0], scaled: [], units: null, video: null },
      { raster: 1, untyped: null, layer: 0, gates: [], origin: [20, 30], scaled: [], units: null, video: null },
    ],
    videos: [],
    states,
  };
  return { id, composition, rasters: [bottom, square], pixels, frames: FRAMES };
}

async function collect(frames: AsyncIterable<Buffer>): Promise<Buffer[]> {
  const out: Buffer[] = [];
  // The calling thread's compositor reuses a few buffers: copy each frame as it comes.
  for await (const frame of frames) out.push(Buffer.from(frame));
  return out;
}

const pools: CompositePool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((p) => p.stop()));
});

describe('the compositor threads', () => {
  for (const pixels of ['i420', 'rgba'] as const) {
    it(`give the frames the calling thread composites, byte for byte (${pixels})`, async () => {
      const inline = createCompositePool({ threads: 0 });
      const threaded = createCompositePool({ threads: 2 });
      pools.push(threaded);
      const signal = new AbortController().signal;
      const expected = await collect(inline.open(file(pixels, `inline-${pixels}`)).frames(signal));
      const session = threaded.open(file(pixels, `threads-${pixels}`));
      const got = await collect(session.frames(signal));
      expect(got).toHaveLength(FRAMES);
      for (let i = 0; i < FRAMES; i += 1) expect(got[i]!.equals(expected[i]!), `frame ${i}`).toBe(true);
      // The square moves: frames differ; it rests from 20 to 34: those are equal.
      expect(got[1]!.equals(got[2]!)).toBe(false);
      expect(got[21]!.equals(got[33]!)).toBe(true);
      // A second pass (a GIF's palette, then its frames) gives the same frames again.
      const again = await collect(session.frames(signal));
      for (let i = 0; i < FRAMES; i += 1) expect(again[i]!.equals(expected[i]!), `second pass, frame ${i}`).toBe(true);
      // A pass over some frames alone (a GIF's palette: gifPaletteFrames), on the threads and on
      // the calling thread: those frames, each as composited in order (at rest and moving, across chunks).
      const only = [0, 3, 4, 21, 22, 33, 50, 51, 120, 199];
      const sampled = await collect(session.frames(signal, only));
      const sampledInline = await collect(inline.open(file(pixels, `inline-sampled-${pixels}`)).frames(signal, only));
      expect(sampled).toHaveLength(only.length);
      expect(sampledInline).toHaveLength(only.length);
      for (const [k, i] of only.entries()) {
        expect(sampled[k]!.equals(expected[i]!), `sampled frame ${i}`).toBe(true);
        expect(sampledInline[k]!.equals(expected[i]!), `sampled frame ${i}, calling thread`).toBe(true);
      }
      session.close();
      // The next file gets the closed one's ring of frames, and its own frames in it.
      const next = await collect(threaded.open(file(pixels, `next-${pixels}`)).frames(signal));
      for (let i = 0; i < FRAMES; i += 1) expect(next[i]!.equals(expected[i]!), `next file, frame ${i}`).toBe(true);
    });
  }

  it('refuses frames once stopped', async () => {
    const pool = createCompositePool({ threads: 1 });
    await pool.stop();
    expect(() => pool.open(file('rgba', 'stopped'))).toThrow(/stopped/);
  });
});
