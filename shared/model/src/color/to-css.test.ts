import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseColorOrThrow } from './parse.js';
import { toCss } from './to-css.js';
import type { LinearGradient } from './types.js';

describe('toCss', () => {
  it.each([
    ['#f0a', undefined, '#ff00aa'],
    ['#ff000080', undefined, 'rgba(255, 0, 0, 0.502)'],
    ['cmyk(0,100,100,0)', undefined, '#ff0000'],
    ['cmyka(0,100,100,0,25)', undefined, 'rgba(255, 0, 0, 0.25)'],
    ['linear-gradient(0% 0% 100% 0%,0% #1a47ff 1,100% #b65151 1)', undefined, 'linear-gradient(90deg, #1a47ff 0%, #b65151 100%)'],
    [
      'linear-gradient(0% 0% 0% 100%,0% #000 1,100% #fff 0.5)',
      { width: 300, height: 100 },
      'linear-gradient(180deg, #000000 0%, rgba(255, 255, 255, 0.5) 100%)',
    ],
    ['linear-gradient(0% 0% 100% 100%,0% #000 1,100% #fff 1)', undefined, 'linear-gradient(135deg, #000000 0%, #ffffff 100%)'],
    ['linear-gradient(25% 0% 75% 0%,0% #000 1,100% #fff 1)', undefined, 'linear-gradient(90deg, #000000 25%, #ffffff 75%)'],
    [
      'radial-gradient(50% 40% 71%,0% #1a47ff 1,100% #b65151 1)',
      { width: 300, height: 100 },
      'radial-gradient(ellipse 71% 71% at 50% 40%, #1a47ff 0%, #b65151 100%)',
    ],
    ['linear-gradient(50% 50% 50% 50%,0% #000 1,100% #fff 1)', undefined, 'linear-gradient(#ffffff, #ffffff)'],
  ])('%s', (text, box, expected) => {
    expect(toCss(parseColorOrThrow(text), box)).toBe(expected);
  });

  /**
   * Evaluates the CSS output with the CSS Images definition (angle, gradient-line length, stop
   * positions) and compares it with the grammar's box-fraction projection at sample points.
   */
  it('linear mapping reproduces the box-percent gradient value at every point', () => {
    const pct = fc.integer({ min: -50, max: 150 });
    fc.assert(
      fc.property(
        pct,
        pct,
        pct,
        pct,
        fc.integer({ min: 1, max: 2000 }),
        fc.integer({ min: 1, max: 2000 }),
        (x1, y1, x2, y2, width, height) => {
          fc.pre(x1 !== x2 || y1 !== y2);
          const g: LinearGradient = {
            kind: 'linear-gradient',
            x1,
            y1,
            x2,
            y2,
            stops: [
              { offset: 0, opacity: 1, color: { kind: 'hex', r: 0, g: 0, b: 0, alpha: 1, digits: 6 } },
              { offset: 100, opacity: 1, color: { kind: 'hex', r: 0, g: 0, b: 0, alpha: 1, digits: 6 } },
            ],
          };
          const css = toCss(g, { width, height });
          const m = /^linear-gradient\(([-\d.]+)deg, #000000 ([-\d.e]+)%, #000000 ([-\d.e]+)%\)$/.exec(css);
          expect(m, css).not.toBeNull();
          const theta = (Number(m![1]) * Math.PI) / 180;
          const [p0, p1] = [Number(m![2]) / 100, Number(m![3]) / 100];
          const dir = { x: Math.sin(theta), y: -Math.cos(theta) };
          const length = Math.abs(width * dir.x) + Math.abs(height * dir.y);
          for (const [u, v] of [
            [0, 0],
            [1, 0],
            [0, 1],
            [1, 1],
            [0.3, 0.7],
          ] as const) {
            const t = ((u - 0.5) * width * dir.x + (v - 0.5) * height * dir.y) / length + 0.5;
            const cssValue = (t - p0) / (p1 - p0);
            const dx = (x2 - x1) / 100;
            const dy = (y2 - y1) / 100;
            const boxValue = ((u - x1 / 100) * dx + (v - y1 / 100) * dy) / (dx * dx + dy * dy);
            expect(Math.abs(cssValue - boxValue)).toBeLessThan(0.02 * Math.max(1, Math.abs(boxValue)));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
