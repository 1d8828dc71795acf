import { describe, expect, it } from 'vitest';
import { paintedBox } from './layer-rasters.js';

/** A `width`×`height` RGBA image, transparent black but for the given pixels. */
function image(width: number, height: number, pixels: [x: number, y: number, rgba: [number, number, number, number]][]) {
  const data = Buffer.alloc(width * height * 4);
  for (const [x, y, rgba] of pixels) data.set(rgba, (y * width + x) * 4);
  return { data, width, height };
}

describe('paintedBox', () => {
  it('is null when no pixel has alpha', () => {
    expect(paintedBox(image(5, 4, []))).toBeNull();
  });

  it('bounds the pixels with any alpha', () => {
    expect(
      paintedBox(
        image(6, 5, [
          [1, 1, [0, 0, 0, 1]],
          [4, 3, [255, 0, 0, 255]],
        ]),
      ),
    ).toEqual([1, 1, 4, 3]);
  });

  it('ignores colour without alpha (a row of such pixels is not all zero, yet paints nothing)', () => {
    expect(
      paintedBox(
        image(6, 5, [
          [0, 0, [255, 255, 255, 0]],
          [5, 4, [9, 9, 9, 0]],
          [2, 2, [0, 0, 0, 7]],
        ]),
      ),
    ).toEqual([2, 2, 1, 1]);
  });

  it('finds a lone pixel in the last column of the last row', () => {
    expect(paintedBox(image(3, 3, [[2, 2, [0, 0, 0, 255]]]))).toEqual([2, 2, 1, 1]);
  });
});
