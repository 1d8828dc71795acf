import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatColor } from './format.js';
import { parseColor } from './parse.js';

const byte = fc.integer({ min: 0, max: 255 });
const hexDigit = fc.constantFrom(...'0123456789abcdef');
const hexOf = (n: number) => fc.array(hexDigit, { minLength: n, maxLength: n }).map((d) => `#${d.join('')}`);
const percentInt = fc.integer({ min: 0, max: 100 });
const cmyk = fc.tuple(percentInt, percentInt, percentInt, percentInt).map((v) => `cmyk(${v.join(',')})`);
const cmyka = fc.tuple(percentInt, percentInt, percentInt, percentInt, percentInt).map((v) => `cmyka(${v.join(',')})`);
/** Decimals as the formatter writes them: no exponent, no trailing zeros. */
const decimal = (min: number, max: number) =>
  fc.integer({ min: min * 100, max: max * 100 }).map((n) => String(n / 100 === 0 ? 0 : n / 100));
const stopColor = fc.oneof(
  fc.constant('hex6').chain(() => fc.array(hexOf(6), { minLength: 8, maxLength: 8 })),
  fc.constant('hex3').chain(() => fc.array(hexOf(3), { minLength: 8, maxLength: 8 })),
  fc.array(cmyk, { minLength: 8, maxLength: 8 }),
);
const stops = fc
  .tuple(fc.integer({ min: 2, max: 8 }), stopColor, fc.array(fc.tuple(decimal(0, 100), decimal(0, 1)), { minLength: 8, maxLength: 8 }))
  .map(([count, colors, positions]) =>
    positions
      .slice(0, count)
      .map(([o, a], i) => `${o}% ${colors[i]} ${a}`)
      .join(','),
  );
const linear = fc
  .tuple(decimal(-100, 200), decimal(-100, 200), decimal(-100, 200), decimal(-100, 200), stops)
  .map(([a, b, c, d, s]) => `linear-gradient(${a}% ${b}% ${c}% ${d}%,${s})`);
const radial = fc
  .tuple(decimal(-100, 200), decimal(-100, 200), decimal(0.01, 300), stops)
  .map(([a, b, r, s]) => `radial-gradient(${a}% ${b}% ${r}%,${s})`);

/** Canonical strings: formatting what was parsed gives back the very same text. */
const canonicalColor = fc.oneof(hexOf(3), hexOf(4), hexOf(6), hexOf(8), cmyk, cmyka, linear, radial);

describe('color grammar properties', () => {
  it('format(parse(x)) === x for canonical valid colors', () => {
    fc.assert(
      fc.property(canonicalColor, (text) => {
        const parsed = parseColor(text);
        expect(parsed.ok, text).toBe(true);
        if (parsed.ok) expect(formatColor(parsed.color)).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });

  it('parse(format(parse(x))) equals parse(x) for valid colors written loosely', () => {
    const loose = fc.oneof(
      canonicalColor.map((s) => s.toUpperCase()),
      fc
        .tuple(percentInt, percentInt, percentInt, percentInt, fc.boolean(), fc.constantFrom('', ' ', '  '))
        .map(([c, m, y, k, pct, sp]) => `cmyk(${[c, m, y, k].map((v) => `${sp}${v}${pct ? '%' : ''}${sp}`).join(',')})`),
      fc.tuple(byte, byte, byte).map((v) => `#${v.map((n) => n.toString(16).padStart(2, '0').toUpperCase()).join('')}`),
    );
    fc.assert(
      fc.property(loose, (text) => {
        const first = parseColor(text);
        expect(first.ok, text).toBe(true);
        if (!first.ok) return;
        const second = parseColor(formatColor(first.color));
        expect(second).toEqual(first);
      }),
      { numRuns: 1000 },
    );
  });

  it('any input either parses or is refused with a typed reason, never throws', () => {
    const near = fc
      .tuple(canonicalColor, fc.nat(), fc.string({ maxLength: 3 }))
      .map(([s, at, insert]) => s.slice(0, at % (s.length + 1)) + insert + s.slice((at % (s.length + 1)) + 1));
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.string(), near), (input) => {
        const result = parseColor(input);
        if (result.ok) expect(typeof formatColor(result.color)).toBe('string');
        else expect(result.refusal.reason).toMatch(/^[a-z_]+$/);
      }),
      { numRuns: 3000 },
    );
  });
});
