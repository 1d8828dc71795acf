/**
 * Whether a CSS `unicode-range` (`U+0000-00FF,U+0131,U+4??`) covers a code point. Lets callers
 * pick the subset files a text needs without asking the browser, and lets tests check coverage.
 * A render asks this for every character of its texts against every subset of its font stack,
 * so each range is parsed once (`parseUnicodeRange`) and then only compared.
 */
export function unicodeRangeIncludes(range: string, codePoint: number): boolean {
  const bounds = parseUnicodeRange(range);
  for (let i = 0; i < bounds.length; i += 2) if (codePoint >= bounds[i]! && codePoint <= bounds[i + 1]!) return true;
  return false;
}

/** Ranges parsed so far; the catalogue's subsets and the uploads' ranges, a bounded set in practice. */
const parsed = new Map<string, Uint32Array>();
/** Past this many distinct ranges, the memo starts over (it is only a cache). */
const MAX_PARSED = 10_000;

/**
 * A `unicode-range` as `[start, end, start, end, …]` (inclusive code points), parsed once per
 * distinct string. `U+4??` is `0x400–0x4FF`; a single code point is its own start and end.
 */
export function parseUnicodeRange(range: string): Uint32Array {
  let bounds = parsed.get(range);
  if (bounds === undefined) {
    const parts = range.split(',');
    bounds = new Uint32Array(parts.length * 2);
    parts.forEach((part, i) => {
      const token = part.trim().replace(/^U\+/i, '');
      const [start = '', end = start] = token.includes('?') ? [token.replace(/\?/g, '0'), token.replace(/\?/g, 'f')] : token.split('-');
      const [from, to] = [parseInt(start, 16), parseInt(end, 16)];
      // A part that does not parse covers nothing: an empty interval.
      [bounds![2 * i], bounds![2 * i + 1]] = Number.isNaN(from) || Number.isNaN(to) ? [1, 0] : [from, to];
    });
    if (parsed.size >= MAX_PARSED) parsed.clear();
    parsed.set(range, bounds);
  }
  return bounds;
}
