import { describe, expect, it } from 'vitest';
import { cropMarkLines, pageGeometry } from './geometry.js';

describe('pageGeometry', () => {
  it('A5 with 3 mm bleed: media = trim + bleed, trim = format, bleed box = trim + bleed', () => {
    const g = pageGeometry({ unit: 'mm', width: 148, height: 210, bleed: 3, safe: 5, cropMarks: false });
    expect(g.mediaBox).toEqual([0, 0, 436.535, 612.283]);
    expect(g.trimBox).toEqual([8.504, 8.504, 428.031, 603.78]);
    expect(g.bleedBox).toEqual(g.mediaBox);
    expect(g.safeBox).toEqual([22.677, 22.677, 413.858, 589.606]);
    expect(g.canvas).toEqual({ x: 0, y: 0, width: 436.535, height: 612.283 });
  });

  it('inches', () => {
    const g = pageGeometry({ unit: 'in', width: 8.5, height: 11, bleed: 0.125, safe: 0, cropMarks: false });
    expect(g.mediaBox).toEqual([0, 0, 630, 810]);
    expect(g.trimBox).toEqual([9, 9, 621, 801]);
    expect(g.safeBox).toBeNull();
  });

  it('crop marks add a slug outside the bleed and stay out of it', () => {
    const g = pageGeometry({ unit: 'in', width: 8.5, height: 11, bleed: 0.125, safe: 0, cropMarks: true });
    const slug = (7 * 72) / 25.4;
    expect(g.mediaBox[2]).toBeCloseTo(630 + 2 * slug, 2);
    expect(g.bleedBox[0]).toBeCloseTo(slug, 2);
    expect(g.trimBox[2] - g.trimBox[0]).toBeCloseTo(612, 2);
    const lines = cropMarkLines(g);
    expect(lines).toHaveLength(8);
    for (const [x0, y0, x1, y1] of lines) {
      const insideBleed = (x: number, y: number) => x > g.bleedBox[0] && x < g.bleedBox[2] && y > g.bleedBox[1] && y < g.bleedBox[3];
      expect(insideBleed(x0, y0) || insideBleed(x1, y1)).toBe(false);
    }
  });
});
