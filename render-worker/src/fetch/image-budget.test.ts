import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pngDeclaring } from '../imports/testing/bomb.js';
import { checkImageBudget } from './image-budget.js';

describe('checkImageBudget', () => {
  it('refuses a tiny PNG that declares 30000x30000 from its header alone', async () => {
    const bomb = pngDeclaring(30_000, 30_000);
    expect(bomb.length).toBeLessThan(200);
    const verdict = await checkImageBudget(bomb, 'image/png', 40_000_000);
    expect(verdict).toEqual({ ok: false, message: expect.stringContaining('30000x30000') });
  });

  it('accepts a real image within the budget, and the same image over a smaller one', async () => {
    const png = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer();
    expect(await checkImageBudget(png, 'image/png', 40_000_000)).toEqual({ ok: true });
    expect((await checkImageBudget(png, 'image/png', 19_999)).ok).toBe(false);
  });

  it('refuses bytes that are no image, and lets SVG and non-images through', async () => {
    expect((await checkImageBudget(Buffer.from('not an image at all'), 'image/png', 1e9)).ok).toBe(false);
    expect(await checkImageBudget(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml', 1)).toEqual({ ok: true });
    expect(await checkImageBudget(deflateSync(Buffer.alloc(10)), 'font/woff2', 1)).toEqual({ ok: true });
  });
});
