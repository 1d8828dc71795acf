import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { comparePng } from './compare.js';

const solid = (r: number, g: number, b: number, w = 20, h = 10) =>
  sharp({ create: { width: w, height: h, channels: 4, background: { r, g, b, alpha: 1 } } })
    .png()
    .toBuffer();

describe('comparePng', () => {
  it('accepts identical and slightly shifted colors', async () => {
    expect((await comparePng(await solid(10, 20, 30), await solid(10, 20, 30))).same).toBe(true);
    expect((await comparePng(await solid(10, 20, 30), await solid(20, 30, 40))).same).toBe(true);
  });
  it('refuses a different color, and a different size', async () => {
    expect(await comparePng(await solid(0, 0, 0), await solid(255, 0, 0))).toMatchObject({ same: false, differing: 200 });
    expect((await comparePng(await solid(0, 0, 0), await solid(0, 0, 0, 10, 10))).same).toBe(false);
  });
  it('tolerates a few differing pixels only', async () => {
    const base = await solid(0, 0, 0, 100, 100);
    const speck = await sharp(base)
      .composite([{ input: await solid(255, 255, 255, 2, 2), left: 5, top: 5 }])
      .png()
      .toBuffer();
    const blot = await sharp(base)
      .composite([{ input: await solid(255, 255, 255, 20, 20), left: 5, top: 5 }])
      .png()
      .toBuffer();
    expect((await comparePng(speck, base)).same).toBe(true);
    expect((await comparePng(blot, base)).same).toBe(false);
  });
});
