import { type Color, parseColor, toCss } from '@pressroom/model';

/**
 * A CSS value for a color from either side of the merge: design documents hold color strings,
 * normalised overrides hold parsed `Color`s. Gradients get their geometry from the box. An
 * unparseable value paints nothing rather than failing the render: validation happened upstream.
 */
export function paint(value: unknown, box: { width: number; height: number }): string | null {
  const color = asColor(value);
  return color === null ? null : toCss(color, box);
}

/** The same, refusing gradients (shadows, strokes, borders take solid colors only). */
export function solidPaint(value: unknown): string | null {
  const color = asColor(value);
  if (color === null || color.kind === 'linear-gradient' || color.kind === 'radial-gradient') return null;
  return toCss(color);
}

export function isGradientValue(value: unknown): boolean {
  const color = asColor(value);
  return color?.kind === 'linear-gradient' || color?.kind === 'radial-gradient';
}

function asColor(value: unknown): Color | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'object' && 'kind' in value) return value as Color;
  const parsed = parseColor(value);
  return parsed.ok ? parsed.color : null;
}
