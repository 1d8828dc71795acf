import type { DesignType } from '../properties/layer-types.js';

/** What an import upload holds, from its content type's top level. */
export type UploadFamily = 'image' | 'font' | 'video' | 'audio';

const MB = 1_000_000;

/**
 * The largest file one import upload slot accepts, in bytes, by design type and media family.
 * Abyssale's slots say `max_bytes: 20000000`; print designs take images up to 500 MB (print
 * resolution), and videos and audio tracks (animated designs only) the same. Every upload path
 * enforces it while streaming, and on S3 it is the POST policy's `content-length-range`.
 */
export const UPLOAD_MAX_BYTES: Record<DesignType, Record<UploadFamily, number>> = {
  static: { image: 20 * MB, font: 20 * MB, video: 20 * MB, audio: 20 * MB },
  animated: { image: 20 * MB, font: 20 * MB, video: 500 * MB, audio: 500 * MB },
  printer: { image: 500 * MB, font: 20 * MB, video: 20 * MB, audio: 20 * MB },
  printer_multipage: { image: 500 * MB, font: 20 * MB, video: 20 * MB, audio: 20 * MB },
};

/** The ceiling of any upload, whatever it is: what a signed PUT URL (which carries no size) accepts. */
export const UPLOAD_CEILING_BYTES = Math.max(...Object.values(UPLOAD_MAX_BYTES).flatMap((byFamily) => Object.values(byFamily)));

/**
 * The most pixels an uploaded raster image may declare, by design type. Checked from the image's
 * header before anything decodes it, so a small file that declares a huge canvas (a
 * decompression bomb) is refused at import with `invalid_asset` instead of exhausting a render
 * worker. 40 MP covers a 5000 px format at 2x; 100 MP covers A1 at 300 dpi.
 */
export const IMAGE_PIXEL_BUDGET: Record<DesignType, number> = {
  static: 40_000_000,
  animated: 40_000_000,
  printer: 100_000_000,
  printer_multipage: 100_000_000,
};

export function uploadFamilyOf(contentType: string | undefined): UploadFamily {
  const top = contentType?.split('/')[0];
  return top === 'font' || top === 'video' || top === 'audio' ? top : 'image';
}

export function uploadMaxBytes(type: DesignType, contentType: string | undefined): number {
  return UPLOAD_MAX_BYTES[type][uploadFamilyOf(contentType)];
}
