import { z } from 'zod';
import { toRgbSpace } from '../color/convert.js';
import { parseColor } from '../color/parse.js';
import { type Color, isGradient } from '../color/types.js';
import type { ColorKind } from '../properties/entry.js';
import { gradientRefusal } from '../properties/overridable.js';
import { isPrintDesign, type OverrideContext } from './context.js';
import { fail } from './rules.js';

/**
 * Parses with the color grammar, applies the field's colour kind (the catalogue's, see
 * docs/overrides.md#color-grammar), and normalises: CMYK becomes RGB on static and animated
 * designs; print designs keep the notation written. Which kind takes a gradient where is
 * `gradientRefusal`'s rule (properties/overridable.ts):
 * - `solid`: shadow, stroke, side border, icon, star, pattern, overlay, qr colors.
 * - `rgb-fill`: text color, the format background.
 * - `fill`: a layer's background_color, the widest of its layer types. On print a gradient is kept
 *   here; the layer type is unknown in this pass, so checkAgainstDesign narrows it to the types
 *   whose own kind is `fill`.
 */
export function colorField(kind: ColorKind, context: OverrideContext): z.ZodType<Color> {
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
      const refusal = gradientRefusal(kind, print);
      if (refusal === 'gradient_not_allowed')
        return fail(ctx, 'invalid_payload', `a gradient is not accepted on this property (${refusal})`);
      if (refusal === 'gradient_not_allowed_on_print') {
        return fail(
          ctx,
          'invalid_payload',
          `on print designs a gradient is accepted only on background_color of a shape or button (${refusal})`,
        );
      }
      if (print && color.stops.some((s) => s.opacity !== 1)) {
        return fail(ctx, 'invalid_payload', 'gradient stops on print designs must be opaque (gradient_stop_not_opaque_on_print)');
      }
    }
    return print ? color : toRgbSpace(color);
  }) as z.ZodType<Color>;
}
