import type { Design, DesignFormat, PrintSettings } from './types.js';

/** The renderer's pixel budget for one print page: Chromium's largest safe capture. */
export const PRINT_PIXEL_BUDGET = { maxSide: 16_000, maxPixels: 100_000_000 } as const;

const PER_INCH = { mm: 25.4, in: 1 } as const;

/**
 * Render DPI of a print page: the requested DPI (capped at 300), lowered until the page with
 * its bleed fits the pixel budget, so large formats degrade instead of failing.
 */
export function renderDpi(print: PrintSettings, width: number, height: number, bleed: number = print.bleed): number {
  const w = (width + 2 * bleed) / PER_INCH[print.unit];
  const h = (height + 2 * bleed) / PER_INCH[print.unit];
  const bySide = PRINT_PIXEL_BUDGET.maxSide / Math.max(w, h);
  const byArea = Math.sqrt(PRINT_PIXEL_BUDGET.maxPixels / (w * h));
  return Math.max(1, Math.min(300, print.dpi, Math.floor(bySide), Math.floor(byArea)));
}

/** Effective print zones of a format: its own bleed/safe, else the document's. */
export function printZones(design: Design, format?: DesignFormat): { bleed: number; safe: number; dpi: number } | null {
  if (design.type === 'printer' && format) {
    const bleed = format.bleed ?? design.print.bleed;
    return { bleed, safe: format.safe ?? design.print.safe, dpi: renderDpi(design.print, format.width, format.height, bleed) };
  }
  if (design.type === 'printer_multipage') {
    const { width, height } = design.page_size;
    return { bleed: design.print.bleed, safe: design.print.safe, dpi: renderDpi(design.print, width, height) };
  }
  return null;
}
