import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cmykToRgb, rgbToCmyk, toRgbSpace } from './convert.js';
import { parseColorOrThrow } from './parse.js';

describe('CMYK ↔ RGB', () => {
  it.each([
    ['cmyk(0,0,0,0)', { r: 255, g: 255, b: 255, alpha: 1, digits: 6 }],
    ['cmyk(0,0,0,100)', { r: 0, g: 0, b: 0 }],
    ['cmyk(0,100,100,0)', { r: 255, g: 0, b: 0 }],
    ['cmyk(100,0,0,0)', { r: 0, g: 255, b: 255 }],
    ['cmyk(0,0,0,50)', { r: 128, g: 128, b: 128 }],
    ['cmyka(0,100,100,0,50)', { r: 255, g: 0, b: 0, alpha: 0.5, digits: 8 }],
  ])('%s → rgb', (text, expected) => {
    const color = parseColorOrThrow(text);
    if (color.kind !== 'cmyk') throw new Error('expected cmyk');
    expect(cmykToRgb(color)).toMatchObject(expected);
  });

  it('rgbToCmyk of pure colours', () => {
    expect(rgbToCmyk({ kind: 'hex', r: 255, g: 0, b: 0, alpha: 1, digits: 6 })).toEqual({
      kind: 'cmyk',
      c: 0,
      m: 100,
      y: 100,
      k: 0,
      alpha: null,
    });
    expect(rgbToCmyk({ kind: 'hex', r: 0, g: 0, b: 0, alpha: 0.5, digits: 8 })).toEqual({
      kind: 'cmyk',
      c: 0,
      m: 0,
      y: 0,
      k: 100,
      alpha: 50,
    });
  });

  it('rgb → cmyk → rgb stays within 2 units per channel', () => {
    const byte = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(byte, byte, byte, (r, g, b) => {
        const back = cmykToRgb(rgbToCmyk({ kind: 'hex', r, g, b, alpha: 1, digits: 6 }));
        expect(Math.abs(back.r - r)).toBeLessThanOrEqual(2);
        expect(Math.abs(back.g - g)).toBeLessThanOrEqual(2);
        expect(Math.abs(back.b - b)).toBeLessThanOrEqual(2);
      }),
    );
  });

  it('toRgbSpace converts gradient stops and keeps geometry', () => {
    const g = toRgbSpace(parseColorOrThrow('linear-gradient(0% 0% 100% 0%,0% cmyk(0,100,100,0) 1,100% cmyk(0,0,0,100) 0.5)'));
    expect(g).toEqual({
      kind: 'linear-gradient',
      x1: 0,
      y1: 0,
      x2: 100,
      y2: 0,
      stops: [
        { offset: 0, opacity: 1, color: { kind: 'hex', r: 255, g: 0, b: 0, alpha: 1, digits: 6 } },
        { offset: 100, opacity: 0.5, color: { kind: 'hex', r: 0, g: 0, b: 0, alpha: 1, digits: 6 } },
      ],
    });
  });
});
