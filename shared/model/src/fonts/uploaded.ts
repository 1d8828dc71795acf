import type { FieldIssue } from '../errors/app-error.js';
import { formatPath } from '../errors/zod-issues.js';
import { compareFontNames, normaliseFontName } from './normalise-name.js';
import type { FontCatalogue, FontFaceFile, FontRecord, FontWeight } from './types.js';

/** Largest font file an upload may carry (docs/fonts.md, "Uploaded fonts"). */
export const UPLOADED_FONT_MAX_BYTES = 15 * 1024 * 1024;

/**
 * The CSS family an uploaded font is declared under. Never its own name: a family called
 * "Liberation Serif" or "Inter" would otherwise match a system font or a bundled one, and a face
 * that failed to load would be drawn by that font without anyone noticing.
 */
export function uploadedFontCssFamily(fontId: string): string {
  return `${UPLOADED_FONT_FAMILY_PREFIX}${fontId}`;
}

/** The start of every uploaded font's CSS family (the renderer spots failed uploaded faces by it). */
export const UPLOADED_FONT_FAMILY_PREFIX = 'pressroom-font-';

/** An OS/2 `usWeightClass` on the 100–900 grid the API speaks (350 → 400, 1000 → 900). */
export function weightOfClass(weightClass: number): FontWeight {
  const rounded = Math.round((Number.isFinite(weightClass) ? weightClass : 400) / 100) * 100;
  return Math.min(900, Math.max(100, rounded)) as FontWeight;
}

/** A CSS `unicode-range` of the given code points, consecutive points merged (`U+20-7E,U+A0`). */
export function unicodeRangeOf(codePoints: Iterable<number>): string {
  const sorted = [...new Set(codePoints)].filter((p) => Number.isInteger(p) && p >= 0 && p <= 0x10ffff).sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    const hex = (p: number) => p.toString(16).toUpperCase();
    parts.push(i === j ? `U+${hex(sorted[i]!)}` : `U+${hex(sorted[i]!)}-${hex(sorted[j]!)}`);
    i = j + 1;
  }
  return parts.join(',');
}

/** The CSS `format()` hint of a font file, from its extension. */
export function cssFontFormat(path: string): 'woff2' | 'woff' | 'truetype' | 'opentype' {
  if (path.endsWith('.woff2')) return 'woff2';
  if (path.endsWith('.woff')) return 'woff';
  if (path.endsWith('.otf')) return 'opentype';
  return path.endsWith('.ttf') ? 'truetype' : 'woff2';
}

/**
 * The catalogue one workspace renders and searches with: the bundled families plus its own
 * uploads. Pure; the bundled catalogue is not changed.
 */
export function withUploadedFonts(
  bundled: FontCatalogue,
  own: { fonts: readonly FontRecord[]; faces: ReadonlyMap<string, readonly FontFaceFile[]> },
): FontCatalogue {
  if (own.fonts.length === 0) return bundled;
  const fonts = [...bundled.fonts, ...own.fonts].sort((a, b) => compareFontNames(a.name, b.name) || (a.id < b.id ? -1 : 1));
  return { fonts, faces: new Map([...bundled.faces, ...own.faces]) };
}

/** A `font` a document or a request names, at its path (`layers[2].font`, `elements.title.font`). */
export interface FontReference {
  path: string;
  value: string;
}

/** Every `font` value of a design document or import body, with its path (`layers[2].font`). */
export function fontReferences(document: unknown): FontReference[] {
  const out: FontReference[] = [];
  const walk = (value: unknown, path: PropertyKey[]): void => {
    if (Array.isArray(value)) {
      for (const [i, child] of value.entries()) walk(child, [...path, i]);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if (key === 'font' && typeof child === 'string') out.push({ path: formatPath([...path, key]), value: child });
      else walk(child, [...path, key]);
    }
  };
  walk(document, []);
  return out;
}

/**
 * Whether a stored design document draws with a font: some `font` value in it names the font by
 * id or by family name (names compared as GET /fonts compares them). A walk of the whole
 * document rather than of one layer shape, so layers nested in groups and every format's
 * overrides count, whatever the document's layout.
 */
export function documentUsesFont(document: unknown, font: { id: string; name: string }): boolean {
  const id = font.id.toLowerCase();
  const name = normaliseFontName(font.name);
  return fontReferences(document).some((ref) => ref.value.toLowerCase() === id || normaliseFontName(ref.value) === name);
}

/**
 * `unknown_font` at the path of every `font` an import names that nobody has: not a bundled
 * family, not one of the workspace's uploads (by id or family name), and not a face the document
 * brings in its own `fonts` list. Checked on the body as sent, so it holds whatever the body's
 * layout.
 */
export function unknownFontIssues(body: unknown, catalogue: { fonts: readonly FontRecord[] }): FieldIssue[] {
  const own = body !== null && typeof body === 'object' ? (body as { fonts?: unknown }).fonts : undefined;
  const families: string[] = [];
  if (Array.isArray(own))
    for (const face of own)
      if (typeof (face as { family?: unknown })?.family === 'string') families.push((face as { family: string }).family);
  return unknownFonts(fontReferences(body), catalogue, families);
}

/**
 * `unknown_font` at the path of every reference nobody has: not a bundled family, not one of the
 * workspace's uploads (by id or family name), and not one of `ownFamilies` (the faces a document
 * brings). A generation request's references come from its parsed overrides (`overrideFonts`).
 */
export function unknownFonts(
  references: readonly FontReference[],
  catalogue: { fonts: readonly FontRecord[] },
  ownFamilies: readonly string[] = [],
): FieldIssue[] {
  const known = new Set<string>();
  for (const font of catalogue.fonts) {
    known.add(font.id.toLowerCase());
    known.add(normaliseFontName(font.name));
  }
  for (const family of ownFamilies) known.add(normaliseFontName(family));
  return references
    .filter((ref) => ref.value.trim() !== '' && !known.has(ref.value.toLowerCase()) && !known.has(normaliseFontName(ref.value)))
    .map((ref) => ({
      path: ref.path,
      code: 'unknown_font',
      message: `no font named "${ref.value}": not a bundled family and not one this workspace uploaded (GET /fonts lists them)`,
      received: ref.value,
    }));
}
