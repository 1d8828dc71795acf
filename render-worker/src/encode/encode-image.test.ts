import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodeImage } from './encode-image.js';

describe('libvips cache', () => {
  it('holds nothing once the encoder is loaded, however many images it encodes', async () => {
    const png = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#ff8800' } })
      .png()
      .toBuffer();
    for (let i = 0; i < 5; i++) await encodeImage({ input: png, format: 'jpeg' });
    const stats = sharp.cache();
    expect([stats.memory.max, stats.items.max, stats.files.max]).toEqual([0, 0, 0]);
    expect(stats.items.current).toBe(0);
  });
});

describe('quality (file_compression_level)', () => {
  it('1 makes the smallest file and 100 the largest, for every raster type; png stays lossless', async () => {
    // A noisy image, so every encoder has something to trade.
    const { data, info } = await sharp({
      create: { width: 128, height: 128, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
    })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const png = await sharp(data, { raw: info }).png().toBuffer();
    for (const format of ['jpeg', 'webp', 'avif', 'png'] as const) {
      const low = await encodeImage({ input: png, format, quality: 1 });
      const high = await encodeImage({ input: png, format, quality: 100 });
      expect(low.bytes.length, format).toBeLessThan(high.bytes.length);
    }
    const lossless = await encodeImage({ input: png, format: 'png', quality: 1 });
    expect(Buffer.compare(await sharp(lossless.bytes).raw().toBuffer(), data)).toBe(0);
  });
});
