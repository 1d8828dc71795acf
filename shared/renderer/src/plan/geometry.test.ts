import { CURVED_SHAPE_TYPES, SHAPE_TYPES } from '@pressroom/model';
import { describe, expect, it } from 'vitest';
import { shapeOutline } from './geometry.js';

/** The corner and control points of an outline path. */
function points(d: string): [number, number][] {
  const nums = d.match(/-?\d+(\.\d+)?/g)!.map(Number);
  const out: [number, number][] = [];
  for (let i = 0; i + 1 < nums.length; i += 2) out.push([nums[i]!, nums[i + 1]!]);
  return out;
}

describe('shapeOutline', () => {
  it('draws every geometry but the two CSS boxes as an outline that touches every side of its box', () => {
    for (const type of SHAPE_TYPES) {
      const d = shapeOutline(type, 300, 120, 0);
      if (type === 'rectangle' || type === 'ellipse') {
        expect(d, type).toBeNull();
        continue;
      }
      const p = points(d!);
      const xs = p.map(([x]) => x);
      const ys = p.map(([, y]) => y);
      expect([Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)], type).toEqual([0, 300, 0, 120]);
    }
  });

  it('stretches with the box: the same geometry in a box twice as wide has every x doubled', () => {
    const narrow = points(shapeOutline('star', 100, 100, 0)!);
    const wide = points(shapeOutline('star', 200, 100, 0)!);
    for (const [i, [x, y]] of wide.entries()) {
      expect(x / 2).toBeCloseTo(narrow[i]![0], 1);
      expect(y).toBe(narrow[i]![1]);
    }
  });

  it('rounds the corners of a straight-edged outline by the radius, never past half an edge', () => {
    expect(shapeOutline('triangle', 100, 100, 0)).not.toContain('Q');
    const rounded = shapeOutline('triangle', 100, 100, 10)!;
    expect(rounded.match(/Q/g)).toHaveLength(3);
    // The top corner's curve starts 10 px down its edges.
    expect(rounded).toMatch(/^M45\.53 8\.94Q50 0 /);
    expect(shapeOutline('diamond', 100, 100, 1000)).toBe(shapeOutline('diamond', 100, 100, Math.hypot(50, 50) / 2));
  });

  it('the curved geometries are the ones the model refuses a radius on', () => {
    for (const type of CURVED_SHAPE_TYPES) expect(shapeOutline(type, 100, 100, 20)).toBe(shapeOutline(type, 100, 100, 0));
  });
});
