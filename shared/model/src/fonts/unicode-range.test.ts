import { describe, expect, it } from 'vitest';
import { unicodeRangeIncludes } from './unicode-range.js';

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
