import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEncoderPool, type EncoderPool, EncoderStoppedError } from './encoder-pool.js';

/** Real sharp on real piscina threads. Every output is decoded again to check what it is. */
let pool: EncoderPool;
let capturedPng: Buffer;
/** 300×200: flat grey, with a high-contrast red square on the far right. */
let salientRight: Buffer;

beforeAll(async () => {
  pool = createEncoderPool({ threads: 2 });
  capturedPng = await sharp({ create: { width: 320, height: 180, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0 } } })
    .composite([{ input: { create: { width: 160, height: 180, channels: 4, background: '#ff0000' } }, left: 0, top: 0 }])
    .png()
    .toBuffer();
  const square = await sharp({ create: { width: 60, height: 60, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  salientRight = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#808080' } })
    .composite([{ input: square, left: 230, top: 70 }])
    .png()
    .toBuffer();
});

afterAll(async () => {
  await pool.stop();
});

describe('EncoderPool.encode', () => {
  it.each([
    ['jpeg', 'image/jpeg', 'jpeg'],
    ['png', 'image/png', 'png'],
    ['webp', 'image/webp', 'webp'],
    ['avif', 'image/avif', 'heif'],
  ] as const)('%s', async (format, contentType, decodedAs) => {
    const result = await pool.encode(capturedPng, { format, quality: 80 });
    expect(Buffer.isBuffer(result.bytes)).toBe(true);
    expect(result).toMatchObject({ contentType, width: 320, height: 180 });
    const meta = await sharp(result.bytes).metadata();
    expect(meta).toMatchObject({ format: decodedAs, width: 320, height: 180 });
    if (format === 'avif') expect(meta.compression).toBe('av1');
  });

  it('flattens transparency onto white for JPEG, keeps it for PNG', async () => {
    const jpeg = await pool.encode(capturedPng, { format: 'jpeg' });
    const { data: j } = await sharp(jpeg.bytes).raw().toBuffer({ resolveWithObject: true });
    const rightEdge = (320 - 1) * 3; // first row, last pixel: transparent in the source
    expect(j[rightEdge]).toBeGreaterThan(245);
    expect(j[rightEdge + 2]).toBeGreaterThan(245);
    const png = await pool.encode(capturedPng, { format: 'png' });
    expect((await sharp(png.bytes).metadata()).hasAlpha).toBe(true);
  });

  it('resizes to exact dimensions', async () => {
    const result = await pool.encode(capturedPng, { format: 'webp', resize: { width: 100, height: 100 } });
    expect(await sharp(result.bytes).metadata()).toMatchObject({ width: 100, height: 100 });
    expect(result).toMatchObject({ width: 100, height: 100 });
  });

  it('scales down to a maximum width, keeping the aspect, and never enlarges', async () => {
    const thumb = await pool.encode(capturedPng, { format: 'jpeg', maxWidth: 160 });
    expect(await sharp(thumb.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 160, height: 90 });
    expect(thumb).toMatchObject({ width: 160, height: 90 });
    const same = await pool.encode(capturedPng, { format: 'webp', maxWidth: 1000 });
    expect(await sharp(same.bytes).metadata()).toMatchObject({ width: 320, height: 180 });
  });

  it('rejects bytes that are not an image', async () => {
    await expect(pool.encode(Buffer.from('not an image'), { format: 'png' })).rejects.toThrow();
  });
});

describe('EncoderPool.cropToFocus', () => {
  async function redPixels(bytes: Buffer): Promise<number> {
    const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    let count = 0;
    for (let i = 0; i < data.length; i += info.channels) if (data[i]! > 200 && data[i + 1]! < 60) count++;
    return count;
  }

  it('keeps the salient region where a centre crop would lose it', async () => {
    const focused = await pool.cropToFocus(salientRight, { width: 100, height: 200 });
    expect(focused).toMatchObject({ width: 100, height: 200, contentType: 'image/png' });
    expect(await sharp(focused.bytes).metadata()).toMatchObject({ width: 100, height: 200 });
    const centred = await pool.encode(salientRight, { format: 'png', resize: { width: 100, height: 200, position: 'centre' } });
    expect(await redPixels(centred.bytes)).toBe(0); // the control: the square is outside a centre crop
    expect(await redPixels(focused.bytes)).toBeGreaterThan(3000); // most of the 3600-pixel square
  });
});

describe('EncoderPool.stop', () => {
  it('destroys the threads; later encodes fail', async () => {
    const own = createEncoderPool({ threads: 1 });
    await own.encode(capturedPng, { format: 'png' });
    await own.stop();
    await expect(own.encode(capturedPng, { format: 'png' })).rejects.toBeInstanceOf(EncoderStoppedError);
  });
});

describe('EncoderPool priority', () => {
  it('serves a waiting sync encode before the bulk encodes queued ahead of it', async () => {
    const one = createEncoderPool({ threads: 1 });
    try {
      // A large AVIF keeps the one thread busy while the others queue.
      const big = await sharp({ create: { width: 1600, height: 1600, channels: 3, background: '#336699' } })
        .png()
        .toBuffer();
      const order: string[] = [];
      const run = (name: string, priority: number) => one.encode(big, { format: 'avif' }, priority).then(() => void order.push(name));
      const busy = run('first', 10);
      await new Promise((r) => setTimeout(r, 50)); // the thread takes it
      const rest = [run('bulk 1', 10), run('bulk 2', 10), run('sync', -10)];
      await Promise.all([busy, ...rest]);
      // 'first' may still be waiting for the thread to start on a busy machine: wherever it ran,
      // the sync encode went before both bulk encodes queued ahead of it, and those kept their order.
      expect(order.filter((name) => name !== 'first')).toEqual(['sync', 'bulk 1', 'bulk 2']);
    } finally {
      await one.stop();
    }
  });
});
