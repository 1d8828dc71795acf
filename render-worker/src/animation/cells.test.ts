import { describe, expect, it } from 'vitest';
import { GAP, packCells, rowsHolding } from './cells.js';

const canvas = { width: 100, height: 60 };

/** Every two cells of one batch apart by at least GAP, and every cell GAP inside the canvas. */
function expectApart(sizes: [number, number][], cells: ReturnType<typeof packCells>): void {
  const rects = cells.flatMap((c, i) => (c ? [{ ...c, w: sizes[i]![0], h: sizes[i]![1] }] : []));
  for (const r of rects) {
    expect(r.x).toBeGreaterThanOrEqual(GAP);
    expect(r.y).toBeGreaterThanOrEqual(GAP);
    expect(r.x + r.w + GAP).toBeLessThanOrEqual(canvas.width);
    expect(r.y + r.h + GAP).toBeLessThanOrEqual(canvas.height);
  }
  for (const a of rects)
    for (const b of rects) {
      if (a === b || a.batch !== b.batch) continue;
      const apart = a.x + a.w + GAP <= b.x || b.x + b.w + GAP <= a.x || a.y + a.h + GAP <= b.y || b.y + b.h + GAP <= a.y;
      expect(apart, JSON.stringify([a, b])).toBe(true);
    }
}

describe('packCells', () => {
  it('packs small boxes into one capture, rows tallest first, apart', () => {
    const sizes: [number, number][] = [
      [30, 10],
      [30, 20],
      [30, 15],
      [30, 12],
      [20, 8],
    ];
    const cells = packCells(sizes, canvas);
    expect(cells.every((c) => c?.batch === 0)).toBe(true);
    expect(cells[1]).toEqual({ batch: 0, x: GAP, y: GAP });
    expectApart(sizes, cells);
  });

  it('starts another capture for what does not fit, and leaves out a box larger than the canvas', () => {
    const sizes: [number, number][] = [
      [90, 25],
      [90, 25],
      [90, 25],
      [120, 10],
    ];
    const cells = packCells(sizes, canvas);
    expect(cells.map((c) => c?.batch ?? null)).toEqual([0, 0, 1, null]);
    expectApart(sizes, cells);
  });
});

describe('rowsHolding', () => {
  it("is the lowest cell's bottom and a gap below it", () => {
    expect(
      rowsHolding(
        [
          { y: GAP, height: 20 },
          { y: 30, height: 5 },
          { y: GAP, height: 12 },
        ],
        canvas,
      ),
    ).toBe(35 + GAP);
  });

  it('holds every cell packCells places in a batch, and no more than the canvas', () => {
    const sizes: [number, number][] = [
      [40, 20],
      [50, 18],
      [30, 25],
      [60, 10],
    ];
    const cells = packCells(sizes, canvas);
    const placed = cells.flatMap((c, i) => (c?.batch === 0 ? [{ y: c.y, height: sizes[i]![1] }] : []));
    const rows = rowsHolding(placed, canvas);
    for (const c of placed) expect(c.y + c.height + GAP).toBeLessThanOrEqual(rows);
    expect(rows).toBeLessThan(canvas.height);
    expect(rowsHolding([{ y: GAP, height: canvas.height }], canvas)).toBe(canvas.height);
  });
});
