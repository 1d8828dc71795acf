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
