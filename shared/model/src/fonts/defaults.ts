import { DEFAULT_FONT_SLUG, FALLBACK_FONT_SLUGS } from './bundled.js';
import { fontIdForSlug } from './font-id.js';
import type { FontCatalogue } from './types.js';

/** The font of a text that names none (Inter). */
export function defaultFontId(): string {
  return fontIdForSlug(DEFAULT_FONT_SLUG);
}

/** Ids of the fallback families, in stack order; resolve their faces like any font. */
export function fallbackFontIds(): readonly string[] {
  fallbackIds ??= FALLBACK_FONT_SLUGS.map(fontIdForSlug); // a name-based UUID (SHA-1) each: computed once
  return fallbackIds;
}
let fallbackIds: readonly string[] | undefined;

/**
 * Family names to append to every font stack so CJK, Arabic and emoji never render as boxes
 * (order and reasons: FALLBACK_FONT_SLUGS).
 */
export function fallbackFamilies(catalogue: FontCatalogue): string[] {
  return fallbackFontIds().map((id) => {
    const font = catalogue.fonts.find((f) => f.id === id);
    if (font === undefined) throw new Error(`fallback font ${id} is missing from the catalogue`);
    return font.name;
  });
}
