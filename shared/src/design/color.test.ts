import { describe, expect, it } from 'vitest';
import { cmykToRgb, formatCmyk, formatHex, parseColor, rgbToCmyk, toCssGradient } from './color.js';

describe('parseColor', () => {
  it('reads the four hex forms, alpha included', () => {
    expect(parseColor('#F80')).toEqual({ ok: true, color: { kind: 'rgb', r: 255, g: 136, b: 0, a: 1 } });
    expect(parseColor('#FF000080')).toMatchObject({ ok: true, color: { r: 255, a: 128 / 255 } });
    expect(parseColor('#12345').ok).toBe(false);
  });

  it('reads cmyk and cmyka with spaces and percent signs, refusing components above 100', () => {
    expect(parseColor('cmyk(0, 100%, 50,10)')).toEqual({ ok: true, color: { kind: 'cmyk', c: 0, m: 100, y: 50, k: 10, a: 1 } });
    expect(parseColor('cmyka(0,0,0,100,50)')).toMatchObject({ ok: true, color: { a: 0.5 } });
    expect(parseColor('cmyk(0,0,0,101)').ok).toBe(false);
    expect(parseColor('cmyka(0,0,0,0,101)').ok).toBe(false);
  });

  it('reads linear and radial gradients and enforces the stop rules', () => {
    const g = parseColor('linear-gradient(0% 0% 100% 0%,0% #1a47ff 1,100% #b65151 0.5)');
    expect(g).toMatchObject({ ok: true, color: { kind: 'linear', x2: 100, stops: [{ offset: 0 }, { offset: 100, opacity: 0.5 }] } });
    expect(parseColor('RADIAL-GRADIENT(50% 50% 71%,0% cmyk(0,0,0,0) 1,100% cmyk(0,0,0,100) 1)')).toMatchObject({
      ok: true,
      color: { kind: 'radial', r: 71 },
    });
    for (const bad of [
      'linear-gradient(0% 0% 100% 0%,0% #1a47ff 1)', // one stop
      'linear-gradient(0% 0% 100% 0%,0% #1a47ff 1, 100% #b65151 1)', // space after comma
      'linear-gradient(0% 0% 100% 0%,0% #1a47ffaa 1,100% #b65151 1)', // alpha on a stop
      'linear-gradient(0% 0% 100% 0%,0% #1a47ff 1,100% cmyk(0,0,0,0) 1)', // mixed notations
      'linear-gradient(0% 0% 100% 0%,0% #1a47ff 1,101% #b65151 1)', // offset above 100
      'linear-gradient(0% 0% 100% 0%,0% #1a47ff 1,100% #b65151 1.5)', // opacity above 1
      'radial-gradient(50% 50% 0%,0% #000 1,100% #fff 1)', // radius 0
      `linear-gradient(0% 0% 100% 0%,${Array.from({ length: 9 }, (_, i) => `${i * 10}% #000 1`).join(',')})`, // 9 stops
    ]) {
      expect(parseColor(bad).ok, bad).toBe(false);
    }
  });
});

describe('conversions', () => {
  it('round-trips primaries between RGB and CMYK', () => {
    expect(formatHex(cmykToRgb({ kind: 'cmyk', c: 0, m: 100, y: 100, k: 0, a: 1 }))).toBe('#FF0000');
    expect(formatCmyk(rgbToCmyk({ kind: 'rgb', r: 0, g: 0, b: 0, a: 1 }))).toBe('cmyk(0,0,0,100)');
    expect(formatCmyk(rgbToCmyk({ kind: 'rgb', r: 255, g: 255, b: 255, a: 0.5 }))).toBe('cmyka(0,0,0,0,50)');
  });

  it('turns a left-to-right gradient into a 90deg CSS gradient', () => {
    const g = parseColor('linear-gradient(0% 0% 100% 0%,0% #000 1,100% #fff 1)');
    if (!g.ok || g.color.kind !== 'linear') throw new Error('parse failed');
    expect(toCssGradient(g.color)).toBe('linear-gradient(90deg, rgba(0, 0, 0, 1) 0%, rgba(255, 255, 255, 1) 100%)');
  });
});
