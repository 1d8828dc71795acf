import { describe, expect, it } from 'vitest';
import { i420Bytes, rgbaToI420 } from './i420.js';

/** A `w × h` RGBA image of one colour. */
function solid(w: number, h: number, [r, g, b]: [number, number, number]): Uint8ClampedArray {
  const out = new Uint8ClampedArray(w * h * 4);
  for (let i = 0; i < w * h; i += 1) out.set([r, g, b, 255], i * 4);
  return out;
}

describe('rgbaToI420', () => {
  // BT.601 limited range, as ffmpeg's scaler gives them (Y, Cb, Cr).
  it.each([
    ['white', [255, 255, 255], [235, 128, 128]],
    ['black', [0, 0, 0], [16, 128, 128]],
    ['red', [255, 0, 0], [81, 90, 240]],
    ['green', [0, 255, 0], [145, 54, 34]],
    ['blue', [0, 0, 255], [41, 240, 110]],
    ['grey', [128, 128, 128], [126, 128, 128]],
  ] as const)('%s', (_, rgb, [y, u, v]) => {
    const out = new Uint8Array(i420Bytes(4, 2));
    rgbaToI420(solid(4, 2, [...rgb]), 4, 2, out, 4, 2, 0, 0);
    expect([...out]).toEqual([...Array(8).fill(y), u, u, v, v]);
  });

  it('chroma is the mean of each 2×2 block; luma per pixel', () => {
    const rgba = solid(2, 2, [255, 255, 255]);
    rgba.set([0, 0, 0, 255], 0);
    rgba.set([0, 0, 0, 255], 8);
    const out = new Uint8Array(i420Bytes(2, 2));
    rgbaToI420(rgba, 2, 2, out, 2, 2, 0, 0);
    expect([...out]).toEqual([16, 235, 16, 235, 128, 128]);
  });

  it('writes only the box it is given, at its place in every plane', () => {
    const width = 8;
    const height = 4;
    const out = new Uint8Array(i420Bytes(width, height)).fill(7);
    rgbaToI420(solid(2, 2, [255, 255, 255]), 2, 2, out, width, height, 4, 2);
    const luma = out.subarray(0, width * height);
    const changed = [...luma.keys()].filter((i) => luma[i] !== 7);
    expect(changed).toEqual([2 * width + 4, 2 * width + 5, 3 * width + 4, 3 * width + 5]);
    const cb = out.subarray(width * height, width * height + 8);
    const cr = out.subarray(width * height + 8);
    expect([...cb]).toEqual([7, 7, 7, 7, 7, 7, 128, 7]);
    expect([...cr]).toEqual([7, 7, 7, 7, 7, 7, 128, 7]);
  });
});
