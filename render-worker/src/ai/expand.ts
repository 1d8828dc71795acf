import sharp from 'sharp';
import { type PixelSize, placeOnCanvas } from './http-plan.js';

/**
 * The outpainting inputs (docs/ai.md): the image contained and centred on a transparent canvas of
 * `canvas` size, and a mask that is opaque over the image and transparent over the new area (the
 * images API paints where the mask is transparent). Both PNG, the same size.
 */
export async function outpaintInputs(bytes: Buffer, canvas: PixelSize): Promise<{ image: Buffer; mask: Buffer }> {
  const source = sharp(bytes).rotate();
  const meta = await source.clone().png().toBuffer({ resolveWithObject: true });
  const place = placeOnCanvas({ width: meta.info.width, height: meta.info.height }, canvas);
  const fitted = await sharp(meta.data).resize(place.width, place.height, { fit: 'fill' }).ensureAlpha().png().toBuffer();
  const blank = { width: canvas.width, height: canvas.height, channels: 4 as const, background: { r: 0, g: 0, b: 0, alpha: 0 } };
  const image = await sharp({ create: blank })
    .composite([{ input: fitted, left: place.left, top: place.top }])
    .png()
    .toBuffer();
  const opaque = await sharp({ create: { width: place.width, height: place.height, channels: 4, background: '#ffffffff' } })
    .png()
    .toBuffer();
  const mask = await sharp({ create: blank })
    .composite([{ input: opaque, left: place.left, top: place.top }])
    .png()
    .toBuffer();
  return { image, mask };
}

/** Any image the provider accepts for an edit: PNG. */
export function toPng(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes).rotate().png().toBuffer();
}
