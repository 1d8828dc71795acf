import { describe, expect, it } from 'vitest';
import { strictFailure } from './build-errors.js';

describe('strictFailure', () => {
  const fit = { code: 'text_fit_failed', path: 'layers[1].properties.font_size', message: 'title does not fit at 12 pt' };
  const other = { code: 'font_weight_adjusted', path: 'layers[0]', message: 'weight 900 drawn as 700' };

  it('turns text_fit_failed into the failure under strict, keeping its code and path', () => {
    expect(strictFailure([other, fit], true)).toEqual({
      code: 'text_fit_failed',
      path: 'layers[1].properties.font_size',
      message: 'title does not fit at 12 pt (strict import)',
    });
  });

  it('leaves warnings as warnings without strict, and other warnings under strict', () => {
    expect(strictFailure([other, fit], false)).toBeNull();
    expect(strictFailure([other], true)).toBeNull();
  });
});
