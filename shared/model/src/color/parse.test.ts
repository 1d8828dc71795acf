import { describe, expect, it } from 'vitest';
import { parseColor } from './parse.js';
import type { ColorRefusalReason } from './refusal.js';

const hex = (r: number, g: number, b: number, alpha: number, digits: 3 | 4 | 6 | 8) => ({ kind: 'hex', r, g, b, alpha, digits });
const stops2 = '0% #000000 1,100% #ffffff 1';

describe('parseColor accepts every form of the grammar', () => {
  const accepted: Array<[string, Record<string, unknown>]> = [
    ['#RGB', hex(255, 0, 170, 1, 3)],
    ['#f0a', hex(255, 0, 170, 1, 3)],
    ['#f0a8', hex(255, 0, 170, 136 / 255, 4)],
    ['#FF00AA', hex(255, 0, 170, 1, 6)],
    ['#ff00aa80', hex(255, 0, 170, 128 / 255, 8)],
    ['cmyk(0,100,100,0)', { kind: 'cmyk', c: 0, m: 100, y: 100, k: 0, alpha: null }],
    ['cmyk(10%,20%,30%,40%)', { kind: 'cmyk', c: 10, m: 20, y: 30, k: 40, alpha: null }],
    ['cmyk( 10 , 20%, 30 ,40 )', { kind: 'cmyk', c: 10, m: 20, y: 30, k: 40, alpha: null }],
    ['cmyka(1,2,3,4,50)', { kind: 'cmyk', c: 1, m: 2, y: 3, k: 4, alpha: 50 }],
    ['CMYK(1,2,3,4)', { kind: 'cmyk', c: 1, m: 2, y: 3, k: 4, alpha: null }],
    [`linear-gradient(0% 0% 100% 0%,${stops2})`, { kind: 'linear-gradient', x1: 0, y1: 0, x2: 100, y2: 0 }],
    [`LINEAR-GRADIENT(0% 0% 100% 0%,${stops2})`, { kind: 'linear-gradient' }],
    [`radial-gradient(50% 50% 71%,${stops2})`, { kind: 'radial-gradient', cx: 50, cy: 50, r: 71 }],
    [`Radial-Gradient(50% 50% 0.5%,${stops2})`, { kind: 'radial-gradient', r: 0.5 }],
    ['linear-gradient(0% 0% 0% 100%,0% #abc 0,50% #def 0.5,100% #123 1)', { kind: 'linear-gradient' }],
    ['linear-gradient(0% 0% 0% 100%,0% cmyk(0,0,0,0) 1,100% cmyk(0,100%,100,0) 1)', { kind: 'linear-gradient' }],
    [`linear-gradient(0% 0% 100% 0%,${Array.from({ length: 8 }, (_, i) => `${i * 10}% #000 1`).join(',')})`, { kind: 'linear-gradient' }],
  ];
  it.each(accepted)('%s', (input, expected) => {
    const result = parseColor(input.replace('#RGB', '#f0a'));
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.color).toMatchObject(expected);
  });
});

describe('parseColor refuses with a stable reason', () => {
  const refused: Array<[unknown, ColorRefusalReason, { expected?: unknown; received?: unknown }?]> = [
    [42, 'not_a_string'],
    [null, 'not_a_string'],
    ['', 'unknown_form'],
    ['red', 'unknown_form'],
    ['rgb(0,0,0)', 'unknown_form'],
    [' #fff', 'unknown_form'],
    ['#ff', 'hex_malformed'],
    ['#fffff', 'hex_malformed'],
    ['#gggggg', 'hex_malformed'],
    ['#fff ', 'hex_malformed'],
    ['cmyk(1,2,3)', 'cmyk_malformed'],
    ['cmyk(1,2,3,4,5)', 'cmyk_malformed'],
    ['cmyka(1,2,3,4)', 'cmyk_malformed'],
    ['cmyk(1.5,2,3,4)', 'cmyk_malformed'],
    ['cmyk(a,2,3,4)', 'cmyk_malformed'],
    ['cmyk(1,2,3,4', 'cmyk_malformed'],
    ['cmyk(101,0,0,0)', 'cmyk_component_out_of_range', { expected: { min: 0, max: 100 }, received: 101 }],
    ['cmyk(0,0,0,-1)', 'cmyk_component_out_of_range', { received: -1 }],
    ['cmyka(0,0,0,0,101)', 'cmyk_alpha_out_of_range', { expected: { min: 0, max: 100 }, received: 101 }],
    ['linear-gradient(0% 0% 100% 0%, 0% #000 1,100% #fff 1)', 'gradient_space_after_comma'],
    ['linear-gradient(0% 0% 100% 0%,0% cmyk(0, 0,0,0) 1,100% cmyk(0,0,0,0) 1)', 'gradient_space_after_comma'],
    ['linear-gradient(0% 0% 100%,0% #000 1,100% #fff 1)', 'gradient_geometry_malformed'],
    ['linear-gradient(0 0 100 0,0% #000 1,100% #fff 1)', 'gradient_geometry_malformed'],
    ['radial-gradient(50% 50% 50% 50%,0% #000 1,100% #fff 1)', 'gradient_geometry_malformed'],
    ['radial-gradient(50% 50% 0%,0% #000 1,100% #fff 1)', 'gradient_radius_not_positive', { received: 0 }],
    ['radial-gradient(50% 50% -5%,0% #000 1,100% #fff 1)', 'gradient_radius_not_positive'],
    ['linear-gradient(0% 0% 100% 0%,0% #000 1)', 'gradient_stop_count', { expected: { min: 2, max: 8 }, received: 1 }],
    [
      `linear-gradient(0% 0% 100% 0%,${Array.from({ length: 9 }, (_, i) => `${i * 10}% #000 1`).join(',')})`,
      'gradient_stop_count',
      { expected: { min: 2, max: 8 }, received: 9 },
    ],
    ['linear-gradient(0% 0% 100% 0%,0% #000,100% #fff 1)', 'gradient_stop_malformed'],
    ['linear-gradient(0% 0% 100% 0%,0 #000 1,100% #fff 1)', 'gradient_stop_malformed'],
    ['linear-gradient(0% 0% 100% 0%,0%  #000 1,100% #fff 1)', 'gradient_stop_malformed'],
    [
      'linear-gradient(0% 0% 100% 0%,0% #000 1,101% #fff 1)',
      'gradient_offset_out_of_range',
      { expected: { min: 0, max: 100 }, received: 101 },
    ],
    [
      'linear-gradient(0% 0% 100% 0%,0% #000 1.5,100% #fff 1)',
      'gradient_opacity_out_of_range',
      { expected: { min: 0, max: 1 }, received: 1.5 },
    ],
    ['linear-gradient(0% 0% 100% 0%,0% #000f 1,100% #fff 1)', 'gradient_stop_alpha'],
    ['linear-gradient(0% 0% 100% 0%,0% #000000ff 1,100% #ffffff 1)', 'gradient_stop_alpha'],
    ['linear-gradient(0% 0% 100% 0%,0% cmyka(0,0,0,0,100) 1,100% cmyk(0,0,0,0) 1)', 'gradient_stop_alpha'],
    ['linear-gradient(0% 0% 100% 0%,0% red 1,100% #fff 1)', 'gradient_stop_color_malformed'],
    ['linear-gradient(0% 0% 100% 0%,0% #ff 1,100% #fff 1)', 'gradient_stop_color_malformed'],
    ['linear-gradient(0% 0% 100% 0%,0% cmyk(101,0,0,0) 1,100% cmyk(0,0,0,0) 1)', 'cmyk_component_out_of_range'],
    ['linear-gradient(0% 0% 100% 0%,0% #000 1,100% cmyk(0,0,0,0) 1)', 'gradient_mixed_notation'],
    ['linear-gradient(0% 0% 100% 0%,0% #000 1,100% #fff 1', 'gradient_malformed'],
    ['linear-gradient(0% 0% 100% 0%,0% cmyk(0,0,0,0)) 1,100% #fff 1)', 'gradient_malformed'],
    ['conic-gradient(0% 0% 100% 0%,0% #000 1,100% #fff 1)', 'unknown_form'],
  ];
  it.each(refused)('%s → %s', (input, reason, detail) => {
    const result = parseColor(input);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.refusal.reason).toBe(reason);
      if (detail) expect(result.refusal).toMatchObject(detail);
    }
  });
});
