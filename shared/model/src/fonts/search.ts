import { compareFontNames, normaliseFontName } from './normalise-name.js';
import type { FontCategory, FontRecord, FontStyle, FontWeight } from './types.js';

export interface FontSearchQuery {
  name?: string | undefined;
  category?: FontCategory | undefined;
  weight?: FontWeight | undefined;
  style?: FontStyle | undefined;
  page?: number | undefined;
  per_page?: number | undefined;
}

export interface FontSearchResult {
  items: FontRecord[];
  /** Matches across all pages (the X-Total-Count header). */
  total: number;
}

export const FONTS_PER_PAGE_DEFAULT = 50;
export const FONTS_PER_PAGE_MAX = 200;

/**
 * GET /fonts as a pure function. Filters combine with AND. With a `name`, exact (normalised)
 * matches come first, then names starting with it, then names containing it; within a rank, and
 * without a name, fonts are in name order. Paging switches on when `page` or `per_page` is given
 * (a bare list without paging parameters; docs/fonts.md).
 */
export function searchFonts(catalogue: { fonts: readonly FontRecord[] }, query: FontSearchQuery): FontSearchResult {
  const needle = query.name === undefined ? '' : normaliseFontName(query.name);
  const ranked: { font: FontRecord; rank: number }[] = [];
  for (const font of catalogue.fonts) {
    if (query.category !== undefined && font.category !== query.category) continue;
    if (!hasWeightAndStyle(font, query.weight, query.style)) continue;
    const rank = needle === '' ? 0 : nameRank(normaliseFontName(font.name), needle);
    if (rank >= 0) ranked.push({ font, rank });
  }
  ranked.sort((a, b) => a.rank - b.rank || compareFontNames(a.font.name, b.font.name) || (a.font.id < b.font.id ? -1 : 1));
  const matches = ranked.map((r) => r.font);
  if (query.page === undefined && query.per_page === undefined) return { items: matches, total: matches.length };
  const perPage = Math.min(Math.max(1, Math.trunc(query.per_page ?? FONTS_PER_PAGE_DEFAULT)), FONTS_PER_PAGE_MAX);
  const page = Math.max(1, Math.trunc(query.page ?? 1));
  return { items: matches.slice((page - 1) * perPage, page * perPage), total: matches.length };
}

/** 0 exact, 1 prefix, 2 substring, -1 no match. */
function nameRank(key: string, needle: string): number {
  if (key === needle) return 0;
  if (key.startsWith(needle)) return 1;
  return key.includes(needle) ? 2 : -1;
}

/** With both, the weight must exist in that style; with one, in any style / at any weight. */
function hasWeightAndStyle(font: FontRecord, weight: FontWeight | undefined, style: FontStyle | undefined): boolean {
  if (weight === undefined && style === undefined) return true;
  return font.available_weights.some((entry) => {
    const entryStyle: FontStyle = typeof entry === 'number' ? 'normal' : 'italic';
    const entryWeight = typeof entry === 'number' ? entry : Number(entry.slice(0, 3));
    return (weight === undefined || entryWeight === weight) && (style === undefined || entryStyle === style);
  });
}

/**
 * Whether a design may name this font: a font id of the catalogue, or a family name as the
 * renderer matches it (ignoring case, accents, spaces and hyphens). An import answers
 * `unknown_font` otherwise.
 */
export function isCatalogueFont(catalogue: { fonts: readonly FontRecord[] }, name: string): boolean {
  const key = normaliseFontName(name);
  return catalogue.fonts.some((f) => f.id === name || normaliseFontName(f.name) === key);
}
