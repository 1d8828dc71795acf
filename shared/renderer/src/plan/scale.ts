import type { FormatUnit } from '@pressroom/model';

const PER_INCH = { px: 0, mm: 25.4, in: 1 } as const;

/** Converts design lengths to CSS pixels: identity on RGB designs, physical units at the render DPI on print. */
export interface Scale {
  /** Layout, strokes, paddings. */
  length(value: number): number;
  /** Font sizes: px on RGB designs, points on print. */
  fontSize(value: number): number;
}

export function scaleFor(unit: FormatUnit, dpi: number | null): Scale {
  if (unit === 'px' || dpi === null) return { length: (v) => v, fontSize: (v) => v };
  const k = dpi / PER_INCH[unit];
  return { length: (v) => round(v * k), fontSize: (v) => round((v * dpi) / 72) };
}

function round(v: number): number {
  return Math.round(v * 100) / 100;
}
