// What a streaming encode may feed ffmpeg next: pure planning of the parts' order.
import { describe, expect, it } from 'vitest';
import { readyRun } from './parts.js';

describe('readyRun', () => {
  it('streams the stored parts from the next one up to the first gap, in order', () => {
    expect(readyRun([0, 1, 3], 0, 6)).toEqual([0, 1]);
    expect(readyRun([3, 1, 2], 1, 6)).toEqual([1, 2, 3]);
  });

  it('streams nothing while the next part is missing, however many later ones are stored', () => {
    expect(readyRun([1, 2, 3, 4, 5], 0, 6)).toEqual([]);
    expect(readyRun([], 0, 6)).toEqual([]);
  });

  it('ends at the last part, and ignores parts already streamed or past the end', () => {
    expect(readyRun([0, 1, 2, 3, 4, 5, 6], 4, 6)).toEqual([4, 5]);
    expect(readyRun([0, 1], 2, 2)).toEqual([]);
  });
});
