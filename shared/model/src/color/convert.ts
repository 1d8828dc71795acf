import type { CmykColor, Color, GradientStop, HexColor, StopColor } from './types.js';

/**
 * Naive device conversion (no ICC profile): r = 255 × (1 − C) × (1 − K). It is what browsers and
 * most editors do for `cmyk()` previews; print output keeps the CMYK values themselves.
 */
export function cmykToRgb(color: CmykColor): HexColor {
  const channel = (v: number): number => Math.round(255 * (1 - v / 100) * (1 - color.k / 100));
  return {
    kind: 'hex',
    r: channel(color.c),
    g: channel(color.m),
    b: channel(color.y),
    alpha: color.alpha === null ? 1 : color.alpha / 100,
    digits: color.alpha === null ? 6 : 8,
  };
}

/** The inverse of cmykToRgb, rounded to integer percents (so not always an exact round trip). */
export function rgbToCmyk(color: HexColor): CmykColor {
  const r = color.r / 255;
  const g = color.g / 255;
  const b = color.b / 255;
  const k = 1 - Math.max(r, g, b);
  const alpha = color.digits === 4 || color.digits === 8 ? Math.round(color.alpha * 100) : null;
  if (k >= 1) return { kind: 'cmyk', c: 0, m: 0, y: 0, k: 100, alpha };
  const part = (v: number): number => Math.round((100 * (1 - v - k)) / (1 - k));
  return { kind: 'cmyk', c: part(r), m: part(g), y: part(b), k: Math.round(k * 100), alpha };
}

/** Converts every CMYK value (solid or stop) to hex; used for static and animated designs. */
export function toRgbSpace(color: Color): Color {
  switch (color.kind) {
    case 'hex':
      return color;
    case 'cmyk':
      return cmykToRgb(color);
    default:
      return { ...color, stops: color.stops.map(stopToRgb) };
  }
}

/** Converts every hex value to CMYK; for print output that needs one color space. */
export function toCmykSpace(color: Color): Color {
  switch (color.kind) {
    case 'cmyk':
      return color;
    case 'hex':
      return rgbToCmyk(color);
    default:
      return { ...color, stops: color.stops.map(stopToCmyk) };
  }
}

function stopToRgb(stop: GradientStop): GradientStop {
  if (stop.color.kind === 'hex') return stop;
  return { ...stop, color: { ...cmykToRgb(stop.color), alpha: 1, digits: 6 } as StopColor };
}

function stopToCmyk(stop: GradientStop): GradientStop {
  if (stop.color.kind === 'cmyk') return stop;
  return { ...stop, color: { ...rgbToCmyk(stop.color), alpha: null } as StopColor };
}
