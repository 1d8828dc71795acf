import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyAutoLayout } from './auto-layout.js';
import type { PlanNode, PxBox } from './types.js';

const shape = (name: string, box: PxBox): PlanNode => ({
  kind: 'shape',
  name,
  box,
  opacity: 1,
  rotation: 0,
  shadow: null,
  ellipse: false,
  outline: null,
  radius: '0px',
  fill: null,
  stroke: null,
  pattern: null,
});
const GROUP: PxBox = { x: 10, y: 10, width: 180, height: 60 };

describe('applyAutoLayout', () => {
  it('orders members by their stored position, keeps stacking order and the cross axis', () => {
    const c = shape('c', { x: 20, y: 5, width: 40, height: 40 });
    const a = shape('a', { x: 150, y: 30, width: 30, height: 40 });
    const out = applyAutoLayout(GROUP, [a, c], { direction: 'horizontal', placement: 'start', cross: null, gap: 5 });
    expect(out.map((n) => n.name)).toEqual(['a', 'c']);
    expect(out.map((n) => [n.box.x, n.box.y])).toEqual([
      [55, 30],
      [10, 5],
    ]);
  });

  it('moves a nested group with its members and mask', () => {
    const inner: PlanNode = {
      kind: 'group',
      name: 'inner',
      box: { x: 100, y: 20, width: 40, height: 40 },
      opacity: 1,
      rotation: 0,
      shadow: null,
      children: [shape('x', { x: 105, y: 25, width: 10, height: 10 })],
      mask: { shape: 'rectangle', box: { x: 100, y: 20, width: 40, height: 40 }, radius: '0px', rotation: 0 },
      layout: null,
    };
    const [moved] = applyAutoLayout(GROUP, [inner], { direction: 'horizontal', placement: 'start', cross: null, gap: 0 });
    expect(moved!.box.x).toBe(10);
    if (moved!.kind !== 'group') throw new Error('not a group');
    expect(moved!.children[0]!.box.x).toBe(15);
    expect(moved!.mask!.box.x).toBe(10);
  });

  it('cross places every member at the start, centre or end across the direction', () => {
    const a = shape('a', { x: 20, y: 5, width: 40, height: 20 });
    const b = shape('b', { x: 80, y: 30, width: 40, height: 40 });
    const ys = (cross: 'start' | 'center' | 'end') =>
      applyAutoLayout(GROUP, [a, b], { direction: 'horizontal', placement: 'start', cross, gap: 0 }).map((n) => n.box.y);
    expect(ys('start')).toEqual([10, 10]);
    expect(ys('center')).toEqual([30, 20]);
    expect(ys('end')).toEqual([50, 30]);
    const xs = applyAutoLayout(GROUP, [a, b], { direction: 'vertical', placement: 'start', cross: 'end', gap: 0 }).map((n) => n.box.x);
    expect(xs).toEqual([150, 150]);
  });

  it('every placement keeps the members apart by at least the gap, and inside the box when they fit', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ at: fc.integer({ min: 0, max: 300 }), size: fc.integer({ min: 1, max: 40 }) }), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.constantFrom('start', 'center', 'end', 'space-between' as const),
        fc.integer({ min: 0, max: 10 }),
        (members, placement, gap) => {
          const nodes = members.map((m, i) => shape(`m${i}`, { x: m.at, y: 0, width: m.size, height: 10 }));
          const out = applyAutoLayout(GROUP, nodes, { direction: 'horizontal', placement, cross: null, gap }).map((n) => n.box);
          const sorted = [...out].sort((p, q) => p.x - q.x);
          for (let i = 1; i < sorted.length; i++)
            expect(sorted[i]!.x - (sorted[i - 1]!.x + sorted[i - 1]!.width)).toBeGreaterThanOrEqual(gap - 1e-9);
          const total = members.reduce((s, m) => s + m.size, 0) + gap * (members.length - 1);
          if (total <= GROUP.width) {
            expect(sorted[0]!.x).toBeGreaterThanOrEqual(GROUP.x - 1e-9);
            const last = sorted[sorted.length - 1]!;
            expect(last.x + last.width).toBeLessThanOrEqual(GROUP.x + GROUP.width + 1e-9);
          }
        },
      ),
    );
  });
});
