import { describe, expect, it } from 'vitest';
import { parseUnicodeRange, unicodeRangeIncludes } from './unicode-range.js';

describe('unicodeRangeIncludes', () => {
  const range = 'U+0000-00FF,U+0131, U+4??,u+1f600-1f64f';
  it.each([
    [0x41, true],
    [0xff, true],
    [0x100, false],
    [0x131, true],
    [0x400, true],
    [0x4ff, true],
    [0x500, false],
    [0x1f600, true],
    [0x1f650, false],
  ])('U+%s → %s', (cp, expected) => {
    expect(unicodeRangeIncludes(range, cp)).toBe(expected);
  });
});

describe('parseUnicodeRange', () => {
  it('gives inclusive bounds per part, once per distinct range', () => {
    const range = 'U+0000-00FF, U+0131,U+4??';
    expect([...parseUnicodeRange(range)]).toEqual([0, 0xff, 0x131, 0x131, 0x400, 0x4ff]);
    expect(parseUnicodeRange(range)).toBe(parseUnicodeRange(range));
  });
  it('reads a malformed part as covering nothing', () => {
    expect(unicodeRangeIncludes('U+zz', 0x41)).toBe(false);
    expect(unicodeRangeIncludes('U+zz', 0)).toBe(false);
  });
});
