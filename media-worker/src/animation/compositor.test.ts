// Which raster the compositor draws a scaled layer from (planRasterScales, docs/animation.md,
// "Scaled layers"): the real compositor (WebAssembly), rasters made here, each a plain colour, so
// the pixel at the layer's centre says which one was drawn.
import type { Composition } from '@pressroom/model';
import { describe, expect, it } from 'vitest';
import { createCompositor, stillItems } from './compositor.js';

const SIZE = 40;

function solid(w: number, h: number, rgb: [number, number, number]): Buffer {
  const out = Buffer.alloc(w * h * 4);
  for (let p = 0; p < w * h; p += 1) out.set([...rgb, 255], p * 4);
  return out;
}

/** A SIZE² composition at 25 fps without video layers. */
function composed(parts: Pick<Composition, 'rasters' | 'items' | 'states'>): Composition {
  return { v: 1, width: SIZE, height: SIZE, fps: 25, videos: [], ...parts };
}

type Item = Composition['items'][number];
/** An item that draws a raster as it is (nothing typed, no other scale, no video). */
function item(raster: number, layer: number | null, origin: [number, number], scaled: Item['scaled'] = []): Item {
  return { raster, untyped: null, layer, gates: [], origin, scaled, units: null, video: null };
}

const RED: [number, number, number] = [255, 0, 0];
const BLUE: [number, number, number] = [0, 0, 255];
const GREEN: [number, number, number] = [0, 255, 0];

/** A layer of 8×8 about (20, 20): red as designed, blue drawn at 2×, green at ½ cut by the canvas (in place). */
function compositorAt(states: Composition['states']) {
  const composition = composed({
    rasters: [
      { key: 'designed', box: [16, 16, 8, 8] },
      { key: 'double', box: [12, 12, 16, 16] },
      { key: 'half', box: [18, 18, 4, 4] },
    ],
    items: [
      item(
        0,
        0,
        [20, 20],
        [
          { raster: 1, scale: 2, inPlace: false },
          { raster: 2, scale: 0.5, inPlace: true },
        ],
      ),
    ],
    states,
  });
  return createCompositor(composition, [solid(8, 8, RED), solid(16, 16, BLUE), solid(4, 4, GREEN)]);
}

function pixel(frame: Buffer, x: number, y: number): number[] {
  const at = (y * SIZE + x) * 4;
  return [...frame.subarray(at, at + 3)];
}

const at = (scale: number, x = 0): Composition['states'][number] => [[1, 1, x, 0, scale, 0, -1]];

describe('the raster a scaled layer is drawn from', () => {
  it('is the one drawn at its scale, unscaled: edges exactly where the raster has them', () => {
    const c = compositorAt([at(2)]);
    const frame = c.frame(0);
    expect(pixel(frame, 20, 20)).toEqual(BLUE);
    expect(pixel(frame, 12, 12)).toEqual(BLUE);
    expect(pixel(frame, 11, 11)).toEqual([255, 255, 255]);
  });

  it('is the one at the smallest scale above, shrunk, and the design below 1', () => {
    const c = compositorAt([at(1.5), at(0.8)]);
    expect(pixel(c.frame(0), 20, 20)).toEqual(BLUE);
    expect(pixel(c.frame(1), 20, 20)).toEqual(RED);
  });

  it('is the largest above every scale drawn, enlarged', () => {
    expect(pixel(compositorAt([at(3)]).frame(0), 20, 20)).toEqual(BLUE);
  });

  it('is a raster cut by the canvas only at its own scale, unmoved', () => {
    const c = compositorAt([at(0.5), at(0.5, 1), at(0.45)]);
    expect(pixel(c.frame(0), 20, 20)).toEqual(GREEN);
    // Moved, or at another scale: the design's raster, shrunk.
    expect(pixel(c.frame(1), 20, 20)).toEqual(RED);
    expect(pixel(c.frame(2), 20, 20)).toEqual(RED);
  });
});

describe('the items under every moving one (stillItems), drawn once into an underlay', () => {
  /** Two half-transparent layers whose state is `still`'s, a turning one, a still one on top. */
  function stack(still: Composition['states'][number][number][], pixels: 'rgba' | 'i420' = 'rgba') {
    const frames = 6;
    const composition = composed({
      rasters: [
        { key: 'back', box: [2, 2, 30, 30] },
        { key: 'mid', box: [10, 6, 20, 20] },
        { key: 'turning', box: [12, 12, 16, 16] },
        { key: 'top', box: [0, 30, 40, 6] },
      ],
      items: [item(0, 0, [17, 17]), item(1, 0, [20, 16]), item(2, 1, [20, 20]), item(3, null, [20, 33])],
      states: Array.from({ length: frames }, (_, i) => [still[i % still.length]!, [1, 0.9, i, 0, 1, i * 17, -1]]),
    });
    const half = (w: number, h: number, rgb: [number, number, number]) => {
      const out = solid(w, h, rgb);
      for (let p = 3; p < out.length; p += 4) out[p] = 90 + (p % 97);
      return out;
    };
    const rasters = [half(30, 30, RED), half(20, 20, GREEN), half(16, 16, BLUE), half(40, 6, GREEN)];
    return { composition, compositor: createCompositor(composition, rasters, pixels), frames };
  }

  it('counts the items from the bottom whose layer and gates never change, and no further', () => {
    expect(stillItems(stack([[1, 0.6, 0, 0, 1, 0, -1]]).composition)).toBe(2);
    // Their state changes (here only in a field that draws nothing): they are drawn every frame.
    expect(
      stillItems(
        stack([
          [1, 0.6, 0, 0, 1, 0, -1],
          [1, 0.6, 0, 0, 1, 0, 3],
        ]).composition,
      ),
    ).toBe(0);
  });

  it('frames from the underlay are the frames drawn item by item, byte for byte, as RGBA and as I420', () => {
    for (const pixels of ['rgba', 'i420'] as const) {
      const under = stack([[1, 0.6, 0, 0, 1, 0, -1]], pixels);
      const each = stack(
        [
          [1, 0.6, 0, 0, 1, 0, -1],
          [1, 0.6, 0, 0, 1, 0, 3],
        ],
        pixels,
      );
      for (let i = 0; i < under.frames; i += 1)
        expect(Buffer.compare(under.compositor.frame(i), each.compositor.frame(i)), `${pixels} frame ${i}`).toBe(0);
    }
  });
});
