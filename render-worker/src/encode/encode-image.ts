import { CONTENT_TYPE, ENCODER_DEFAULTS, pngCompressionLevel, type RasterFileType } from '@pressroom/model';
import sharp from 'sharp';

// libvips' operation cache is per process (shared by the encoder threads) and, by default, holds
// up to 50 MB and 100 operations. Every input here is a new capture or download, so it never
// hits: it is off, and holds nothing (docs/operations.md, "Render worker memory").
sharp.cache(false);

export interface ResizeOptions {
  width: number;
  height: number;
  /** `cover` crops to fill the box; `contain` letterboxes; `fill` stretches. Default `cover`. */
  fit?: 'cover' | 'contain' | 'fill';
  /** `attention` keeps the most salient region when cropping (the API's `auto_focus`). */
  position?: 'centre' | 'attention';
}

export interface EncodeOptions {
  format: RasterFileType;
  /** 1–100 for jpeg, webp and avif (default `ENCODER_DEFAULTS.quality`); on png, lossless, it sets the zlib effort (`pngCompressionLevel`; default level 6). */
  quality?: number;
  resize?: ResizeOptions;
  /** Scale down to at most this width, aspect kept, never enlarged (thumbnails). Ignored with `resize`. */
  maxWidth?: number;
  /** JPEG has no alpha: transparent pixels are flattened onto this colour. Default `ENCODER_DEFAULTS.jpegBackground`. */
  background?: string;
}

export interface EncodeTask extends EncodeOptions {
  input: Uint8Array;
}

export interface EncodedImage {
  bytes: Buffer;
  contentType: string;
  width: number;
  height: number;
}

/**
 * One image in, one image out. Runs inside a piscina thread (see `worker.ts`), so it must stay a
 * plain function of its serialisable task.
 */
export async function encodeImage(task: EncodeTask): Promise<EncodedImage> {
  let image = sharp(task.input, { failOn: 'error' });
  if (task.resize) {
    image = image.resize({
      width: task.resize.width,
      height: task.resize.height,
      fit: task.resize.fit ?? 'cover',
      position: task.resize.position === 'attention' ? sharp.strategy.attention : 'centre',
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    });
  } else if (task.maxWidth !== undefined) {
    image = image.resize({ width: task.maxWidth, withoutEnlargement: true });
  }
  switch (task.format) {
    case 'jpeg':
      image = image
        .flatten({ background: task.background ?? ENCODER_DEFAULTS.jpegBackground })
        .jpeg({ quality: task.quality ?? ENCODER_DEFAULTS.quality.jpeg });
      break;
    case 'png':
      image = image.png(task.quality === undefined ? {} : { compressionLevel: pngCompressionLevel(task.quality) });
      break;
    case 'webp':
      image = image.webp({ quality: task.quality ?? ENCODER_DEFAULTS.quality.webp });
      break;
    case 'avif':
      image = image.avif({ quality: task.quality ?? ENCODER_DEFAULTS.quality.avif, effort: ENCODER_DEFAULTS.avifEffort });
      break;
  }
  const { data, info } = await image.toBuffer({ resolveWithObject: true });
  return { bytes: data, contentType: CONTENT_TYPE[task.format], width: info.width, height: info.height };
}
