// Which raster the compositor draws a scaled layer from (planRasterScales, docs/animation.md,
// "Scaled layers"): the real compositor (WebAssembly), rasters made here, each a plain colour, so
// the pixel at the layer's centre says which one was drawn.
import type { Composition } from '@pressroom/model';
import { describe, expect, it } from 'vitest';
import { createCompositor } from './compositor.js';

const SIZE = 40;

function solid(w: number, h: number, rgb: [number, number, number]): Buffer {
  const out = Buffer.alloc(w * h * 4);
  for (let p = 0; p < w * h; p += 1) out.set([...rgb, 255], p * 4);
  return out;
}

const RED: [number, number, number] = [255, 0, 0];
const BLUE: [number, number, number] = [0, 0, 255];
const GREEN: [number, number, number] = [0, 255, 0];

/** A layer of 8×8 about (20, 20): red as designed, blue drawn at 2×, green at ½ cut by the canvas (in place). */
function compositorAt(states: Composition['states']) {
  const composition: Composition = {
    v: 1,
    width: SIZE,
    height: SIZE,
    fps: 25,
    rasters: [
      { key: 'designed', box: [16, 16, 8, 8] },
      { key: 'double', box: [12, 12, 16, 16] },
      { key: 'half', box: [18, 18, 4, 4] },
    ],
    items: [
      {
        raster: 0,
        untyped: null,
        layer: 0,
        gates: [],
        origin: [20, 20],
        scaled: [
          { raster: 1, scale: 2, inPlace: false },
          { raster: 2, scale: 0.5, inPlace: true },
        ],
        units: null,
        video: null,
      },
    ],
    videos: [],
    states,
  };
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
