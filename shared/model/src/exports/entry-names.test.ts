import { describe, expect, it } from 'vitest';
import { zipEntryNames } from './entry-names.js';

describe('zipEntryNames', () => {
  it('keeps unique names as they are, in order', () => {
    expect(zipEntryNames(['a-post.png', 'a-story.jpeg'])).toEqual(['a-post.png', 'a-story.jpeg']);
  });

  it('numbers repeats before the extension', () => {
    expect(zipEntryNames(['card.png', 'card.png', 'card.png'])).toEqual(['card.png', 'card-2.png', 'card-3.png']);
  });

  it('compares case-insensitively and never collides with a name that already ends in -2', () => {
    const names = zipEntryNames(['card-2.png', 'card.png', 'CARD.png', 'card.png']);
    expect(names).toEqual(['card-2.png', 'card.png', 'CARD-3.png', 'card-4.png']);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
  });

  it('keeps names without an extension and strips path separators', () => {
    expect(zipEntryNames(['noext', 'noext', '../x/y.png'])).toEqual(['noext', 'noext-2', '..-x-y.png']);
  });
});
