import { type Color, isGradient, type PaintSize, toCss } from '@pressroom/model';

/**
 * A CSS value for a resolved colour (`LayerInput` parses every colour once); null paints nothing.
 * Gradients get their geometry from the box.
 */
export function paint(color: Color | null, box: PaintSize): string | null {
  return color === null ? null : toCss(color, box);
}

/** The same, refusing gradients (shadows, strokes, borders take solid colors only). */
export function solidPaint(color: Color | null): string | null {
  return color === null || isGradient(color) ? null : toCss(color);
}
