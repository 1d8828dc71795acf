import { describe, expect, it } from 'vitest';
import { formatPath } from './zod-issues.js';

describe('formatPath: the envelope path of a zod issue', () => {
  it('dots object keys, brackets indices, quotes a key that is ambiguous dotted, and an empty key', () => {
    expect(formatPath(['formats', 0, 'width'])).toBe('formats[0].width');
    expect(formatPath(['elements', 'hero.photo', 'image_url'])).toBe('elements["hero.photo"].image_url');
    // A JSON row with a "" column answered source.rows[0]. (a path that names no key).
    expect(formatPath(['source', 'rows', 0, ''])).toBe('source.rows[0][""]');
    expect(formatPath([''])).toBe('[""]');
  });
});
