/**
 * The output formats, stated once: which file types a request may name, which of them each design
 * type produces and which it produces by default, the type and content type of the stored file,
 * and the encoder's defaults. Every list of file types, content-type table and quality default
 * elsewhere is derived from here (docs/generation.md, "File types").
 */
import type { DesignType } from '../properties/layer-types.js';

/** The stills a static design renders (one Chromium capture, re-encoded when needed). */
export const STATIC_FILE_TYPES = ['jpeg', 'png', 'webp', 'avif', 'pdf'] as const;
export type StaticFileType = (typeof STATIC_FILE_TYPES)[number];

/** The files an animated design renders (frames stitched by the media worker). */
export const ANIMATED_FILE_TYPES = ['mp4', 'gif', 'html5'] as const;
export type AnimatedFileType = (typeof ANIMATED_FILE_TYPES)[number];

/** Print designs render a PDF and nothing else. */
export const PRINT_FILE_TYPES = ['pdf'] as const;
export type PrintFileType = (typeof PRINT_FILE_TYPES)[number];

/** The raster types the image encoder (sharp) writes: the static types but pdf. */
export const RASTER_FILE_TYPES = ['jpeg', 'png', 'webp', 'avif'] as const satisfies readonly StaticFileType[];
export type RasterFileType = (typeof RASTER_FILE_TYPES)[number];

/** Every value `image_file_type` may take on some design type (`jpg` is read as `jpeg`). */
export type RequestFileType = StaticFileType | AnimatedFileType;

/** The file types of each design type, as a type: what `checkFileType` answers for that design type. */
export interface FileTypeByDesign {
  static: StaticFileType;
  animated: AnimatedFileType;
  printer: PrintFileType;
  printer_multipage: PrintFileType;
}
export type FileTypeOf<T extends DesignType> = FileTypeByDesign[T];

/** Which `image_file_type` each design type accepts, in the order error messages list them. */
export const FILE_TYPES_BY_DESIGN: { readonly [T in DesignType]: readonly FileTypeOf<T>[] } = {
  static: STATIC_FILE_TYPES,
  animated: ANIMATED_FILE_TYPES,
  printer: PRINT_FILE_TYPES,
  printer_multipage: PRINT_FILE_TYPES,
};

/** What a design type renders when neither the request nor the design names a type. */
export const DEFAULT_FILE_TYPE: { readonly [T in DesignType]: FileTypeOf<T> } = {
  static: 'jpeg',
  animated: 'mp4',
  printer: 'pdf',
  printer_multipage: 'pdf',
};

/** `file.type` of a stored Banner: the requested type, except that html5 is delivered as a zip. */
export const BANNER_FILE_TYPES = ['jpeg', 'png', 'webp', 'avif', 'pdf', 'gif', 'mp4', 'zip'] as const;
export type BannerFileType = (typeof BANNER_FILE_TYPES)[number];

export const CONTENT_TYPE: Readonly<Record<BannerFileType, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  pdf: 'application/pdf',
  gif: 'image/gif',
  mp4: 'video/mp4',
  zip: 'application/zip',
};

/** The stored file type (and file name extension) of a requested one. */
export function bannerFileType(requested: RequestFileType): BannerFileType;
export function bannerFileType(requested: string): string;
export function bannerFileType(requested: string): string {
  return requested === 'html5' ? 'zip' : requested;
}

/** The content type of a requested or stored file type; undefined for a name that is neither. */
export function contentTypeOf(fileType: string): string | undefined {
  const stored = bannerFileType(fileType);
  return Object.hasOwn(CONTENT_TYPE, stored) ? CONTENT_TYPE[stored as BannerFileType] : undefined;
}

/**
 * Encoder defaults of the customer's file. Quality is 1–100 and applies to jpeg, webp and avif
 * (png is lossless). AVIF at effort 2 encodes a 1080×1080 image in about a quarter of a second
 * on two cores, where the default effort takes about 1.5 s. JPEG has no alpha: transparency is
 * flattened onto `jpegBackground`.
 */
export const ENCODER_DEFAULTS = {
  quality: { jpeg: 90, webp: 90, avif: 60 },
  avifEffort: 2,
  jpegBackground: '#ffffff',
} as const satisfies { quality: Readonly<Record<Exclude<RasterFileType, 'png'>, number>>; avifEffort: number; jpegBackground: string };

/** The quality a file of this type is encoded at when the caller names none; null for png and pdf. */
export function defaultQuality(fileType: StaticFileType): number | null {
  return fileType === 'png' || fileType === 'pdf' ? null : ENCODER_DEFAULTS.quality[fileType];
}

/**
 * The file type a request that names none gets: the design's stored default when its type
 * allows it, else the design type's default. Naming a type is checked by `checkFileType`
 * (shared/model/src/generation/requests.ts).
 */
export function defaultFileType<T extends DesignType>(designType: T, designDefault?: string | null): FileTypeOf<T> {
  const allowed: readonly FileTypeOf<T>[] = FILE_TYPES_BY_DESIGN[designType];
  return allowed.find((type) => type === designDefault) ?? DEFAULT_FILE_TYPE[designType];
}
