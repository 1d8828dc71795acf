/**
 * The color grammar of docs/overrides.md#color-grammar as a discriminated union. Values are kept in the notation the
 * caller used (hex or CMYK) so that print designs can keep CMYK all the way to the PDF; use
 * `toRgbSpace` to bring everything to RGB for static and animated designs.
 */

/** `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`. Channels 0–255; alpha 0–1 (1 for the 3/6-digit forms). */
export interface HexColor {
  kind: 'hex';
  r: number;
  g: number;
  b: number;
  alpha: number;
  /** The notation written, so formatting gives back the same form. */
  digits: 3 | 4 | 6 | 8;
}

/** `cmyk(C,M,Y,K)` or `cmyka(C,M,Y,K,A)`. Components are integer percents 0–100; alpha null for `cmyk()`. */
export interface CmykColor {
  kind: 'cmyk';
  c: number;
  m: number;
  y: number;
  k: number;
  alpha: number | null;
}

export type SolidColor = HexColor | CmykColor;

/** A stop color never carries alpha: its transparency is the stop opacity. */
export type StopColor = (HexColor & { digits: 3 | 6 }) | (CmykColor & { alpha: null });

export interface GradientStop {
  /** Percent along the gradient, 0–100. */
  offset: number;
  color: StopColor;
  /** 0–1. */
  opacity: number;
}

/** Gradient vector from (x1, y1) to (x2, y2), in percent of the element box. */
export interface LinearGradient {
  kind: 'linear-gradient';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  stops: GradientStop[];
}

/** Centre (cx, cy) and radius r in percent of the element box: an ellipse on a non-square box. */
export interface RadialGradient {
  kind: 'radial-gradient';
  cx: number;
  cy: number;
  r: number;
  stops: GradientStop[];
}

export type Gradient = LinearGradient | RadialGradient;

export type Color = SolidColor | Gradient;

export function isGradient(color: Color): color is Gradient {
  return color.kind === 'linear-gradient' || color.kind === 'radial-gradient';
}
