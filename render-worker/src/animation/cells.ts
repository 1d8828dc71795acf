/**
 * Where copies of one layer, each drawn at another scale, go on the canvas so that one capture
 * draws many of them (layer-rasters.ts): pure. Boxes are packed in rows (shelves), tallest first,
 * `GAP` px apart and from the canvas's edges; what does not fit on the canvas starts another
 * capture (`batch`). A box larger than the canvas has no cell (null): it is drawn alone.
 */
export interface Cell {
  /** Which capture draws it, from 0. */
  batch: number;
  /** Its top-left corner on the canvas, whole px. */
  x: number;
  y: number;
}

/** Px between cells and from the canvas's edges: antialiasing never reaches a neighbour. */
export const GAP = 2;

export function packCells(sizes: readonly (readonly [number, number])[], canvas: { width: number; height: number }): (Cell | null)[] {
  const out: (Cell | null)[] = sizes.map(() => null);
  const order = sizes.map((_, i) => i).sort((a, b) => sizes[b]![1] - sizes[a]![1] || a - b);
  let batch = 0;
  let x = GAP;
  let y = GAP;
  let row = 0;
  let placed = 0;
  for (const i of order) {
    const [w, h] = sizes[i]!;
    if (w + 2 * GAP > canvas.width || h + 2 * GAP > canvas.height) continue;
    if (x + w + GAP > canvas.width) {
      x = GAP;
      y += row + GAP;
      row = 0;
    }
    if (y + h + GAP > canvas.height) {
      if (placed > 0) batch += 1;
      x = GAP;
      y = GAP;
      row = 0;
    }
    out[i] = { batch, x, y };
    placed += 1;
    x += w + GAP;
    row = Math.max(row, h);
  }
  return out;
}

/**
 * How many of the canvas's top rows a capture of these cells needs: down to the lowest cell's
 * bottom and `GAP` below it, at most the canvas. Cells are packed from the top, and a capture
 * costs Chromium (its draw, the PNG) and Node (the decode) in proportion to its area, so a capture
 * of cells is only as tall as this (docs/animation.md, "Rasters").
 */
export function rowsHolding(cells: readonly { y: number; height: number }[], canvas: { height: number }): number {
  let bottom = 0;
  for (const { y, height } of cells) bottom = Math.max(bottom, y + height);
  return Math.min(canvas.height, bottom + GAP);
}
