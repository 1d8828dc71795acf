// Pixel probes of rendered files, shared by the farm tests that check where a layer was drawn.
import sharp from 'sharp';
import { expect } from 'vitest';

/** The RGB colour of one pixel of an encoded image (PNG, JPEG, …). */
export async function colourAt(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data } = await sharp(image)
    .extract({ left: x, top: y, width: 1, height: 1 })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [...data.subarray(0, 3)];
}

/** Within 8 of `#RRGGBB` on each channel (JPEG and antialiasing move colours a little). */
export function expectNear(actual: number[], hex: string, what = ''): void {
  const want = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  expect(
    actual.every((v, i) => Math.abs(v - want[i]!) <= 8),
    `${what}${what ? ': ' : ''}${actual} is not ${hex}`,
  ).toBe(true);
}
