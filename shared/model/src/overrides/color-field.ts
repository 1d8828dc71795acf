import { z } from 'zod';
import { toRgbSpace } from '../color/convert.js';
import { parseColor } from '../color/parse.js';
import { type Color, isGradient } from '../color/types.js';
import { isPrintDesign, type OverrideContext } from './context.js';
import { fail } from './rules.js';

/**
 * How a color field treats gradients (docs/overrides.md#color-grammar):
 * - `flat`: never a gradient (shadow, stroke, side border, icon, star, pattern, overlay, qr colors).
 * - `text`: gradients on static/animated; refused on print, where text is solid.
 * - `root`: the format background; gradients on static/animated, refused on print.
 * - `fill`: a layer's background_color. On print a gradient is kept only for shapes and buttons;
 *   the layer type is unknown here, so checkAgainstDesign refuses it on the other types.
 */
export type GradientPolicy = 'flat' | 'text' | 'root' | 'fill';

/**
 * Parses with the color grammar, applies the field's gradient policy, and normalises: CMYK
 * becomes RGB on static and animated designs; print designs keep the notation written.
 */
export function colorField(policy: GradientPolicy, context: OverrideContext): z.ZodType<Color> {
  const print = isPrintDesign(context.designType);
  return z.unknown().transform((value, ctx) => {
    const parsed = parseColor(value);
    if (!parsed.ok) {
      const { reason, message, expected, received } = parsed.refusal;
      return fail(ctx, 'invalid_payload', `${message} (${reason})`, {
        ...(expected === undefined ? {} : { expected }),
        ...(received === undefined ? {} : { received }),
      });
    }
    const color = parsed.color;
    if (isGradient(color)) {
      if (policy === 'flat') return fail(ctx, 'invalid_payload', 'a gradient is not accepted on this property (gradient_not_allowed)');
      if (print && (policy === 'text' || policy === 'root')) {
        return fail(
          ctx,
          'invalid_payload',
          'on print designs a gradient is accepted only on background_color of a shape or button (gradient_not_allowed_on_print)',
        );
      }
      if (print && color.stops.some((s) => s.opacity !== 1)) {
        return fail(ctx, 'invalid_payload', 'gradient stops on print designs must be opaque (gradient_stop_not_opaque_on_print)');
      }
    }
    return print ? color : toRgbSpace(color);
  }) as z.ZodType<Color>;
}
