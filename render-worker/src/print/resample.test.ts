import { describe, expect, it } from 'vitest';
import { resampledSize } from './render-print.js';

describe('resampledSize', () => {
  it('covers a box with at most one image pixel per device pixel', () => {
    expect(resampledSize({ width: 4000, height: 3000 }, { width: 1417, height: 1181, cover: true })).toEqual({ width: 1574, height: 1181 });
  });

  it('fits a contained image inside its box', () => {
    expect(resampledSize({ width: 4000, height: 3000 }, { width: 1417, height: 1181, cover: false })).toEqual({
      width: 1417,
      height: 1062,
    });
  });

  it('never enlarges', () => {
    expect(resampledSize({ width: 1000, height: 1000 }, { width: 1417, height: 1181, cover: true })).toBeNull();
  });
});
