import { createHash } from 'node:crypto';
import {
  type FontCategory,
  type FontStyle,
  type FontWeight,
  type UploadedFontFormat,
  unicodeRangeOf,
  weightOfClass,
} from '@pressroom/model';
import * as fontkit from 'fontkit';

/** What an uploaded file says about itself, read from its own tables. */
export interface ParsedFontFile {
  sha256: string;
  format: UploadedFontFormat;
  /** The typographic family (name id 16) when the file has one, else the family (name id 1). */
  family: string;
  weight: FontWeight;
  style: FontStyle;
  category: FontCategory;
  /** CSS unicode-range of the characters its cmap maps. */
  unicodeRange: string;
  glyphCount: number;
}

/** Bytes that are not a font the library can read; `message` says why and is safe to send. */
export class FontFileError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FontFileError';
  }
}

const FORMATS: Record<string, UploadedFontFormat> = { TTF: 'ttf', WOFF: 'woff', WOFF2: 'woff2' };

/**
 * Parses one TTF, OTF, WOFF or WOFF2 file with fontkit. A collection (TTC/DFont) is refused: it
 * is several faces, and an upload is one. Throws FontFileError with the reason.
 */
export function parseFontFile(bytes: Buffer): ParsedFontFile {
  let font: fontkit.Font;
  try {
    const opened = fontkit.create(bytes);
    if (!('familyName' in opened) || 'fonts' in opened)
      throw new FontFileError('a font collection holds several faces; upload one file per face');
    font = opened as fontkit.Font;
  } catch (err) {
    if (err instanceof FontFileError) throw err;
    throw new FontFileError(`not a font file that can be read (${err instanceof Error ? err.message : String(err)})`, { cause: err });
  }
  const typographic = font.getName('preferredFamily', 'en')?.trim();
  const family = typographic || withoutWeightWord((font.familyName ?? '').trim());
  if (family === '') throw new FontFileError('the font names no family');
  let characters: number[];
  try {
    characters = font.characterSet;
  } catch (cause) {
    throw new FontFileError('the font has no readable character map', { cause });
  }
  if (characters.length === 0) throw new FontFileError('the font maps no characters');
  const os2 = font['OS/2'] as
    | { usWeightClass?: number; fsSelection?: { italic?: boolean; oblique?: boolean }; sFamilyClass?: number }
    | undefined;
  const head = (font as unknown as { head?: { macStyle?: { italic?: boolean } } }).head;
  const italic =
    os2?.fsSelection?.italic === true || os2?.fsSelection?.oblique === true || head?.macStyle?.italic === true || font.italicAngle !== 0;
  const kind = FORMATS[font.type] ?? 'ttf';
  // fontkit calls CFF-flavoured sfnt files TTF too; the 'OTTO' tag tells them apart.
  const format: UploadedFontFormat = kind === 'ttf' && bytes.subarray(0, 4).toString('latin1') === 'OTTO' ? 'otf' : kind;
  return {
    sha256: createHash('sha256').update(bytes).digest('hex'),
    format,
    family,
    weight: weightOfClass(os2?.usWeightClass ?? 400),
    style: italic ? 'italic' : 'normal',
    category: categoryOf(font, os2?.sFamilyClass),
    unicodeRange: unicodeRangeOf(characters),
    glyphCount: font.numGlyphs,
  };
}

/**
 * A file without a typographic family (name id 16) follows the legacy four-style naming, which
 * puts any weight other than regular and bold into the family (`Lato Black`, subfamily `Italic`).
 * The weight word goes, so that the file joins its family as the ones with name id 16 do; the
 * weight itself is read from OS/2.
 */
const WEIGHT_WORD =
  /\s+(?:Hairline|Thin|Extra ?Light|Ultra ?Light|Light|Book|Medium|Semi ?Bold|Demi ?Bold|Extra ?Bold|Ultra ?Bold|Black|Heavy)$/i;
function withoutWeightWord(family: string): string {
  const stripped = family.replace(WEIGHT_WORD, '');
  return stripped === '' ? family : stripped;
}

/**
 * The category filter of GET /fonts, from the file's own tables: fixed pitch (post) is monospace;
 * an OS/2 family class of 1–7 is one of the serif classes, 10 is script (handwriting), 12 symbolic
 * (display); anything else is sans-serif.
 */
function categoryOf(font: fontkit.Font, familyClass: number | undefined): FontCategory {
  const post = (font as unknown as { post?: { isFixedPitch?: number } }).post;
  if (post?.isFixedPitch) return 'monospace';
  const cls = ((familyClass ?? 0) >> 8) & 0xff;
  if (cls >= 1 && cls <= 7) return 'serif';
  if (cls === 10) return 'handwriting';
  if (cls === 12) return 'display';
  return 'sans-serif';
}
