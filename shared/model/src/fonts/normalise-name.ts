/**
 * The comparison key for font names (docs/fonts.md: `name` ignores case, accents, spaces and
 * hyphens): "Open Sans", "open-sans", "OpenSans" and "ÖPEN SANS" all become `opensans`.
 */
export function normaliseFontName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s\-‐-―]/g, '');
}

/** Name order for listings: by normalised key so `Pacifico` sorts before `PT Serif`, then by raw name for a total order. */
export function compareFontNames(a: string, b: string): number {
  const ka = normaliseFontName(a);
  const kb = normaliseFontName(b);
  if (ka !== kb) return ka < kb ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
