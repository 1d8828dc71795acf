/**
 * Shapes shared by the font library. `FontRecord` is the public resource: it serialises exactly
 * to the SDK's `Font` model, so it carries nothing else (the per-file face data, which is large
 * for CJK families, lives beside it in the catalogue and never reaches the wire).
 */

export const FONT_CATEGORIES = ['serif', 'sans-serif', 'display', 'handwriting', 'monospace'] as const;
export type FontCategory = (typeof FONT_CATEGORIES)[number];

export const FONT_WEIGHTS = [100, 200, 300, 400, 500, 600, 700, 800, 900] as const;
export type FontWeight = (typeof FONT_WEIGHTS)[number];

export const FONT_STYLES = ['normal', 'italic'] as const;
export type FontStyle = (typeof FONT_STYLES)[number];

/** A normal weight is a number (`400`); an italic one is the string `'400-italic'` (SDK enum AvailableWeights1). */
export type AvailableWeight = FontWeight | `${FontWeight}-italic`;

export interface FontRecord {
  id: string;
  name: string;
  /** Normal weights ascending, then italic weights ascending. */
  available_weights: AvailableWeight[];
  category: FontCategory;
  /** `google`: a bundled family; `custom`: one a workspace uploaded (SDK enum Type8). */
  type: FontType;
}

export const FONT_TYPES = ['google', 'custom'] as const;
export type FontType = (typeof FONT_TYPES)[number];

/** The file formats an upload may be (docs/fonts.md, "Uploaded fonts"). */
export const UPLOADED_FONT_FORMATS = ['ttf', 'otf', 'woff', 'woff2'] as const;
export type UploadedFontFormat = (typeof UPLOADED_FONT_FORMATS)[number];

/** Where an uploaded face's bytes live; absent on bundled faces, whose `path` is an installed file. */
export interface UploadedFaceSource {
  /** SHA-256 of the file: its name in every worker's disk cache. */
  sha256: string;
  storageKey: string;
  format: UploadedFontFormat;
}

/** One woff2 file: one family, weight and style, restricted to one unicode subset. */
export interface FontFaceFile {
  family: string;
  weight: FontWeight;
  style: FontStyle;
  /** CSS `unicode-range` value, e.g. `U+0000-00FF,U+0131`. */
  unicodeRange: string;
  /** Fontsource subset key: `latin`, `latin-ext`, or a chunk number (`117`) for CJK and emoji. */
  subset: string;
  /** Absolute path of the font file (woff2 for bundled faces; an uploaded face's place in the worker's disk cache). */
  path: string;
  /** An uploaded face: fetched from object storage into `path` on first use. */
  source?: UploadedFaceSource;
}

export interface FontCatalogue {
  /** Sorted by name. */
  fonts: readonly FontRecord[];
  /** Every face of every font, keyed by font id. */
  faces: ReadonlyMap<string, readonly FontFaceFile[]>;
}

export function isFontWeight(value: unknown): value is FontWeight {
  return (FONT_WEIGHTS as readonly unknown[]).includes(value);
}
