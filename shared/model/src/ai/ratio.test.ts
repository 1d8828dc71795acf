import { describe, expect, it } from 'vitest';
import { parseRatio } from './ratio.js';

describe('parseRatio', () => {
  it.each([
    ['16:9', 16 / 9],
    ['1:1', 1],
    ['9/16', 9 / 16],
    ['4x3', 4 / 3],
    [' 2.39 : 1 ', 2.39],
  ])('reads %s', (text, ratio) => {
    expect(parseRatio(text)).toBeCloseTo(ratio, 9);
  });

  it.each(['wide', '', '16:', ':9', '0:1', '1:0', '-1:2', '100:1', '16:9:1'])('refuses %j', (text) => {
    expect(parseRatio(text)).toBeNull();
  });
});
