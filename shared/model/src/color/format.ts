import type { CmykColor, Color, GradientStop, HexColor } from './types.js';

/**
 * The canonical string of a color: lower-case hex in the notation it was written in, `cmyk(...)`
 * without spaces or `%`, gradients with single spaces and no space after commas. parseColor
 * accepts everything this produces.
 */
export function formatColor(color: Color): string {
  switch (color.kind) {
    case 'hex':
      return formatHex(color);
    case 'cmyk':
      return formatCmyk(color);
    case 'linear-gradient':
      return `linear-gradient(${[color.x1, color.y1, color.x2, color.y2].map(percent).join(' ')},${formatStops(color.stops)})`;
    case 'radial-gradient':
      return `radial-gradient(${[color.cx, color.cy, color.r].map(percent).join(' ')},${formatStops(color.stops)})`;
  }
}

export function formatHex(color: HexColor): string {
  const alphaByte = Math.round(color.alpha * 255);
  const channels = [color.r, color.g, color.b];
  const withAlpha = color.digits === 4 || color.digits === 8 ? [...channels, alphaByte] : channels;
  // The short form only exists when every channel repeats its nibble (0x11 multiples).
  if ((color.digits === 3 || color.digits === 4) && withAlpha.every((v) => v % 17 === 0)) {
    return `#${withAlpha.map((v) => (v / 17).toString(16)).join('')}`;
  }
  return `#${withAlpha.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

export function formatCmyk(color: CmykColor): string {
  const base = [color.c, color.m, color.y, color.k];
  return color.alpha === null ? `cmyk(${base.join(',')})` : `cmyka(${[...base, color.alpha].join(',')})`;
}

function formatStops(stops: readonly GradientStop[]): string {
  return stops
    .map((s) => `${percent(s.offset)} ${s.color.kind === 'hex' ? formatHex(s.color) : formatCmyk(s.color)} ${plainNumber(s.opacity)}`)
    .join(',');
}

function percent(n: number): string {
  return `${plainNumber(n)}%`;
}

/** Decimal notation without an exponent, which the grammar does not accept. */
export function plainNumber(n: number): string {
  const text = String(n);
  if (!/e/i.test(text)) return text;
  if (Math.abs(n) >= 1e21) return BigInt(Math.round(n)).toString();
  return n.toFixed(20).replace(/\.?0+$/, '');
}
