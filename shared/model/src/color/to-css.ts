import { cmykToRgb } from './convert.js';
import { formatHex } from './format.js';
import type { Color, GradientStop, HexColor, LinearGradient, RadialGradient, SolidColor } from './types.js';

/** The size of the element a colour paints, for gradient geometry. */
export interface PaintSize {
  width: number;
  height: number;
}

/**
 * A CSS value for a color: `#rrggbb`, `rgba(...)`, `linear-gradient(...)` or `radial-gradient(...)`.
 * CMYK is previewed through cmykToRgb. Gradient geometry is in percent of the element box
 * (SVG objectBoundingBox semantics); see docs/overrides.md for the mapping. Without a box the
 * element is taken to be square, which is exact for radial gradients whatever the box.
 */
export function toCss(color: Color, box?: PaintSize): string {
  switch (color.kind) {
    case 'hex':
    case 'cmyk':
      return solidToCss(color, 1);
    case 'linear-gradient':
      return linearToCss(color, box ?? { width: 1, height: 1 });
    case 'radial-gradient':
      return radialToCss(color);
  }
}

function solidToCss(color: SolidColor, opacity: number): string {
  const rgb: HexColor = color.kind === 'cmyk' ? cmykToRgb(color) : color;
  const alpha = rgb.alpha * opacity;
  if (alpha >= 1) return formatHex({ ...rgb, digits: 6 });
  return `rgba(${rgb.r}, ${rgb.g}, ${rgb.b}, ${num(alpha)})`;
}

function stopsToCss(stops: readonly GradientStop[], position: (offset: number) => number): string {
  return stops.map((s) => `${solidToCss(s.color, s.opacity)} ${num(position(s.offset / 100))}%`).join(', ');
}

/**
 * The grammar gives a vector P1→P2 in box fractions: the gradient value at a point is its
 * projection onto that vector (0 at P1, 1 at P2), and lines of equal value are perpendicular
 * to it in box-fraction space. In pixels that value is still linear, with gradient
 * g = (Δx / W, Δy / H) / |Δ|², so a CSS gradient along g reproduces it exactly: the CSS angle
 * is g's direction (0deg = up, clockwise), the CSS gradient line has length
 * L = |W sin θ| + |H cos θ| centred on the box, and an offset o sits at
 * 50% + (o − f(centre)) / (|g| × L) along it.
 */
function linearToCss(color: LinearGradient, box: PaintSize): string {
  const dx = (color.x2 - color.x1) / 100;
  const dy = (color.y2 - color.y1) / 100;
  const lengthSquared = dx * dx + dy * dy;
  if (lengthSquared === 0 || box.width <= 0 || box.height <= 0) {
    // SVG paints a zero-length gradient with its last stop.
    const last = color.stops[color.stops.length - 1]!;
    const css = solidToCss(last.color, last.opacity);
    return `linear-gradient(${css}, ${css})`;
  }
  const gx = dx / box.width / lengthSquared;
  const gy = dy / box.height / lengthSquared;
  const gradientNorm = Math.hypot(gx, gy);
  const theta = Math.atan2(gx, -gy);
  const cssLength = Math.abs(box.width * Math.sin(theta)) + Math.abs(box.height * Math.cos(theta));
  const valueAtCentre = ((0.5 - color.x1 / 100) * dx + (0.5 - color.y1 / 100) * dy) / lengthSquared;
  const position = (offset: number): number => 100 * (0.5 + (offset - valueAtCentre) / (gradientNorm * cssLength));
  const degrees = ((theta * 180) / Math.PI + 360) % 360;
  return `linear-gradient(${num(degrees)}deg, ${stopsToCss(color.stops, position)})`;
}

/** CSS percent radii of an ellipse are relative to width and height respectively, as in the grammar. */
function radialToCss(color: RadialGradient): string {
  return `radial-gradient(ellipse ${num(color.r)}% ${num(color.r)}% at ${num(color.cx)}% ${num(color.cy)}%, ${stopsToCss(color.stops, (o) => o * 100)})`;
}

function num(n: number): string {
  const rounded = Math.round(n * 10000) / 10000;
  return String(rounded === 0 ? 0 : rounded);
}
