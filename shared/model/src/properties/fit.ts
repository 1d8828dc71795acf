/**
 * The fit rule, stated once: `auto_resize` shrinks a text's font size until the text fits, down to
 * a floor, `min_font_size`. Asking to shrink without the floor is refused: a design when it is
 * parsed, an override when it is validated (docs/design-format.md, "text").
 */

/** The properties the rule reads; a missing or null value is unset. */
export interface FitProperties {
  auto_resize?: unknown;
  min_font_size?: unknown;
}

/** The property the rule requires once `auto_resize` is on. */
export const FIT_FLOOR = 'min_font_size';

/** Asks to shrink its text (`auto_resize: true`) without a floor to shrink to: refused. */
export function missesFitFloor(props: FitProperties): boolean {
  return props.auto_resize === true && (props.min_font_size === undefined || props.min_font_size === null);
}

/** Shrinks its text to fit: `auto_resize` with its `min_font_size` floor. */
export function shrinksToFit(props: FitProperties): boolean {
  return props.auto_resize === true && !missesFitFloor(props);
}
