/**
 * Whether a CSS `unicode-range` (`U+0000-00FF,U+0131,U+4??`) covers a code point. Lets callers
 * pick the subset files a text needs without asking the browser, and lets tests check coverage.
 */
export function unicodeRangeIncludes(range: string, codePoint: number): boolean {
  return range.split(',').some((part) => {
    const token = part.trim().replace(/^U\+/i, '');
    if (token.includes('?')) {
      return codePoint >= parseInt(token.replace(/\?/g, '0'), 16) && codePoint <= parseInt(token.replace(/\?/g, 'f'), 16);
    }
    const [start = '', end = start] = token.split('-');
    return codePoint >= parseInt(start, 16) && codePoint <= parseInt(end, 16);
  });
}
