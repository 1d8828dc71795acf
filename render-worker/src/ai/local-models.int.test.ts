// The real loading and inference code on tiny ONNX models built at test time.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ImageModel, loadImageModel, removeBackground, upscaleImage } from './local-models.js';
import { buildTinyModels } from './testing/tiny-models.js';

let removeBg: ImageModel;
let upscale: ImageModel;
/** 200×100: a dark grey background with a red subject on the right. */
let photo: Buffer;

beforeAll(async () => {
  const paths = await buildTinyModels();
  removeBg = await loadImageModel(paths.removeBg);
  upscale = await loadImageModel(paths.upscale);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">
    <rect width="200" height="100" fill="#303030"/><rect x="120" y="20" width="60" height="60" fill="#e02020"/></svg>`;
  photo = await sharp(Buffer.from(svg)).png().toBuffer();
}, 60_000);

async function pixel(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * 4;
  return [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
}

describe('model layouts', () => {
  it('reads a fixed input size from the model, and none from a symbolic one', () => {
    expect(removeBg.fixedSize).toEqual({ width: 64, height: 64 });
    expect([removeBg.input, removeBg.output]).toEqual(['input', 'mask']);
    expect(upscale.fixedSize).toBeNull();
  });
});

describe('removeBackground', () => {
  it('makes the background transparent and keeps the subject, at the image size', async () => {
    const out = await removeBackground(removeBg, photo, { normalisation: 'imagenet', inputSize: 320, crop: false });
    const meta = await sharp(out).metadata();
    expect([meta.width, meta.height, meta.channels]).toEqual([200, 100, 4]);
    expect((await pixel(out, 20, 50))[3]).toBeLessThan(10);
    const subject = await pixel(out, 150, 50);
    expect(subject[3]).toBeGreaterThan(245);
    expect(subject.slice(0, 3)).toEqual([224, 32, 32]);
  });

  it('crops to the subject with remove_bg_crop', async () => {
    const out = await removeBackground(removeBg, photo, { normalisation: 'imagenet', inputSize: 320, crop: true });
    const meta = await sharp(out).metadata();
    // The subject is 60×60; the mask is computed at 64² and scaled, so its edge may be a pixel or two soft.
    expect(meta.width).toBeGreaterThanOrEqual(58);
    expect(meta.width).toBeLessThanOrEqual(66);
    expect(meta.height).toBeGreaterThanOrEqual(58);
    expect(meta.height).toBeLessThanOrEqual(66);
  });
});

describe('upscaleImage', () => {
  it.each([1, 2, 3, 4])('enlarges to factor %i with the model, keeping the colours', async (factor) => {
    const out = await upscaleImage(upscale, photo, { normalisation: 'unit', factor, maxInputSide: 1024 });
    const meta = await sharp(out).metadata();
    expect([meta.width, meta.height]).toEqual([200 * factor, 100 * factor]);
    expect((await pixel(out, 150 * factor, 50 * factor)).slice(0, 3)).toEqual([224, 32, 32]);
    expect((await pixel(out, 10 * factor, 10 * factor)).slice(0, 3)).toEqual([48, 48, 48]);
  });

  it('keeps transparency', async () => {
    // 40×20: the left half opaque red, the right half transparent.
    const opaque = await sharp({ create: { width: 20, height: 20, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 1 } } })
      .png()
      .toBuffer();
    const half = await sharp({ create: { width: 40, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: opaque, left: 0, top: 0 }])
      .png()
      .toBuffer();
    const out = await upscaleImage(upscale, half, { normalisation: 'unit', factor: 2, maxInputSide: 1024 });
    expect(await pixel(out, 10, 10)).toEqual([255, 0, 0, 255]);
    expect((await pixel(out, 70, 10))[3]).toBe(0);
  });

  it('fails clearly on a model that does not take an image', async () => {
    await expect(upscaleImage(removeBg, photo, { normalisation: 'unit', factor: 2, maxInputSide: 1024 })).rejects.toThrow();
  });
});
