import sharp, { type Metadata } from 'sharp';

export type ImageBudgetVerdict = { ok: true } | { ok: false; message: string };

/**
 * Checks an uploaded raster image before anything decodes it: sharp reads the header only, so a
 * small file declaring an enormous canvas (a decompression bomb) costs nothing here and is
 * refused before a render worker or Chromium ever tries to hold its pixels. Frames of an
 * animated image count towards the budget. SVG is vector (drawn at the layer's size) and passes.
 */
export async function checkImageBudget(bytes: Buffer, contentType: string, maxPixels: number): Promise<ImageBudgetVerdict> {
  if (!contentType.startsWith('image/') || contentType === 'image/svg+xml') return { ok: true };
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    return { ok: false, message: `the image cannot be read: ${(error as Error).message}` };
  }
  const { width, height } = meta;
  if (!width || !height) return { ok: false, message: 'the image declares no dimensions' };
  const pixels = width * height * (meta.pages ?? 1);
  if (pixels > maxPixels) {
    return {
      ok: false,
      message: `the image declares ${width}x${height}${meta.pages && meta.pages > 1 ? `x${meta.pages} frames` : ''} (${pixels} pixels), over this design type's budget of ${maxPixels}`,
    };
  }
  return { ok: true };
}
