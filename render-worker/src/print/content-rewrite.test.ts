import { describe, expect, it } from 'vitest';
import { cmykOperands, rewriteContentStream } from './content-rewrite.js';

const toCmyk = (r: number, g: number, b: number) => ({ c: Math.round(r * 100), m: Math.round(g * 100), y: Math.round(b * 100), k: 7 });

describe('rewriteContentStream', () => {
  it('rewrites fill and stroke RGB to DeviceCMYK operators', () => {
    const out = rewriteContentStream('q\n.5 .25 1 RG .5 .25 1 rg\n/G3 gs\n0 0 10 10 re\nf\nQ', toCmyk);
    expect(out).toBe('q\n0.5 0.25 1 0.07 K 0.5 0.25 1 0.07 k\n/G3 gs\n0 0 10 10 re\nf\nQ');
  });

  it('turns grey into black ink', () => {
    expect(rewriteContentStream('0 g 1 G .25 g', toCmyk)).toBe('0 0 0 1 k 0 0 0 0 K 0 0 0 0.75 k');
  });

  it('leaves strings, names, arrays and dictionaries alone', () => {
    const src = 'BT /F1 12 Tf (1 0 0 rg \\) rg) Tj [(rg) 3 (RG)] TJ ET /Span <</ActualText (0 0 1 rg)>> BDC EMC <0a0b> Tj';
    expect(rewriteContentStream(src, toCmyk)).toBe(src);
  });

  it('rewrites a DeviceRGB colour space and its scn operands', () => {
    expect(rewriteContentStream('/DeviceRGB cs 1 0 0 scn /Pattern CS /P1 SCN', toCmyk)).toBe(
      '/DeviceCMYK cs 1 0 0 0.07 scn /Pattern CS /P1 SCN',
    );
  });

  it('writes percents as exact decimals', () => {
    expect(cmykOperands({ c: 20, m: 60, y: 80, k: 45 })).toBe('0.2 0.6 0.8 0.45');
    expect(cmykOperands({ c: 0, m: 0, y: 0, k: 100 })).toBe('0 0 0 1');
  });
});
