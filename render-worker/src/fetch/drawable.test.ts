import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { RenderRefusedError } from '../tasks/failures.js';
import { isTiff, toDrawable } from './drawable.js';

describe('toDrawable', () => {
  it('turns a TIFF into a PNG of the same pixels, whatever its declared type', async () => {
    const tiff = await sharp({ create: { width: 8, height: 4, channels: 3, background: '#ff0000' } })
      .tiff({ compression: 'lzw' })
      .toBuffer();
    expect(isTiff(tiff)).toBe(true);
    const out = await toDrawable({ bytes: tiff, contentType: 'application/octet-stream' });
    expect(out.contentType).toBe('image/png');
    const { data, info } = await sharp(out.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([info.format, info.width, info.height]).toEqual(['raw', 8, 4]);
    expect([...data.subarray(0, 3)]).toEqual([255, 0, 0]);
  });

  it('passes other images through untouched', async () => {
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer();
    const resource = { bytes: png, contentType: 'image/png' };
    expect(await toDrawable(resource)).toBe(resource);
  });

  it('refuses bytes that claim TIFF and do not decode', async () => {
    await expect(toDrawable({ bytes: Buffer.from('II*\0garbage'), contentType: 'image/tiff' })).rejects.toBeInstanceOf(RenderRefusedError);
  });
});
