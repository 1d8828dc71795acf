import type { PrintUnit } from '@pressroom/model';

/** PDF points per unit. */
const POINTS = { mm: 72 / 25.4, in: 72 } as const;

/** A PDF rectangle [x0 y0 x1 y1] in points. */
export type PdfRect = [number, number, number, number];

export interface PageGeometry {
  /** The whole sheet: trim + bleed, plus the slug for crop marks when they are asked for. */
  mediaBox: PdfRect;
  /** The finished size: the format's width × height. */
  trimBox: PdfRect;
  /** The trim plus the bleed on every side. */
  bleedBox: PdfRect;
  /** The safe zone: the trim minus the safe margin; null when the margin is 0. */
  safeBox: PdfRect | null;
  /** Where the printed canvas (trim + bleed) sits on the sheet. */
  canvas: { x: number; y: number; width: number; height: number };
}

export interface GeometryInput {
  unit: PrintUnit;
  width: number;
  height: number;
  bleed: number;
  safe: number;
  cropMarks: boolean;
}

/** Crop marks: 5 mm long, starting 2 mm beyond the bleed, so they never print into it. */
export const CROP_MARK = { lengthMm: 5, gapMm: 2 } as const;

/** Boxes of one print page in points, origin bottom left (the PDF's). */
export function pageGeometry(input: GeometryInput): PageGeometry {
  const pt = POINTS[input.unit];
  const w = input.width * pt;
  const h = input.height * pt;
  const bleed = input.bleed * pt;
  const slug = input.cropMarks ? ((CROP_MARK.gapMm + CROP_MARK.lengthMm) * 72) / 25.4 : 0;
  const o = bleed + slug;
  const safe = input.safe * pt;
  return {
    mediaBox: [0, 0, round(w + 2 * o), round(h + 2 * o)],
    trimBox: [round(o), round(o), round(o + w), round(o + h)],
    bleedBox: [round(slug), round(slug), round(o + w + bleed), round(o + h + bleed)],
    safeBox: safe > 0 ? [round(o + safe), round(o + safe), round(o + w - safe), round(o + h - safe)] : null,
    canvas: { x: round(slug), y: round(slug), width: round(w + 2 * bleed), height: round(h + 2 * bleed) },
  };
}

/** Crop marks: two short lines at each corner of the trim, in the slug outside the bleed. */
export function cropMarkLines(g: PageGeometry): [number, number, number, number][] {
  const [x0, y0, x1, y1] = g.trimBox;
  const bleed = x0 - g.bleedBox[0];
  const gap = bleed + (CROP_MARK.gapMm * 72) / 25.4;
  const len = (CROP_MARK.lengthMm * 72) / 25.4;
  const lines: [number, number, number, number][] = [];
  for (const [x, sx] of [
    [x0, -1],
    [x1, 1],
  ] as const) {
    for (const [y, sy] of [
      [y0, -1],
      [y1, 1],
    ] as const) {
      lines.push([round(x + sx * gap), y, round(x + sx * (gap + len)), y]);
      lines.push([x, round(y + sy * gap), x, round(y + sy * (gap + len))]);
    }
  }
  return lines;
}

function round(v: number): number {
  return Math.round(v * 1000) / 1000;
}
