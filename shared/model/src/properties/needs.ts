/**
 * Properties that draw nothing on their own: each needs another property of the same layer to be
 * set (a shadow blur needs a shadow colour, a duotone palette needs the duotone filter). Read by
 * the override validator (overrides/ineffective.ts), which refuses a request that sends one to a
 * layer where, with the request's own values, it could have no effect (docs/overrides.md,
 * "Properties that need another"). Each condition states what the renderer reads
 * (shared/renderer/src/plan/): keep the two together. Pure data: no I/O.
 */
import type { LayerType } from './layer-types.js';

/** One condition: the property `on` (a dotted name reads inside an object) and the values that switch the effect on. */
export interface PropertyNeed {
  on: string;
  /** Whether the value of `on` (undefined when neither the layer nor the request sets it) switches the effect on. */
  active: (value: unknown) => boolean;
  /** What the caller must set, for the message: "a shadow_color". */
  what: string;
}

const isSet = (value: unknown): boolean => value !== undefined && value !== null;
const positive = (value: unknown): boolean => typeof value === 'number' && value > 0;

const set = (on: string): PropertyNeed => ({ on, active: isSet, what: `a ${on}` });
const above0 = (on: string): PropertyNeed => ({ on, active: positive, what: `${on} above 0` });
const equals = (on: string, value: string): PropertyNeed => ({ on, active: (v) => v === value, what: `${on} "${value}"` });
const not = (on: string, value: string | boolean): PropertyNeed => ({
  on,
  active: (v) => isSet(v) && v !== value,
  what: `${on} other than ${JSON.stringify(value)}`,
});

const SHADOW = {
  shadow_blur: [set('shadow_color')],
  shadow_offset_x: [set('shadow_color')],
  shadow_offset_y: [set('shadow_color')],
};

/** The stroke of text, button, image and shape layers (plan/text.ts, plan/marks.ts, plan/media.ts). */
const STROKE = {
  stroke_width: [set('stroke_color')],
  stroke_color: [above0('stroke_width')],
};

const SIDE_BORDER_ON = [not('side_border', 'none'), above0('side_border_thickness')];

/**
 * For each layer type, the properties that need another, with every condition they need
 * (all must hold). A name a request sends with the property's default value turns nothing on
 * and is never refused (the validator checks that, not this table).
 */
export const PROPERTY_NEEDS: Partial<Record<LayerType, Readonly<Record<string, readonly PropertyNeed[]>>>> = {
  text: {
    ...SHADOW,
    ...STROKE,
    side_border: [above0('side_border_thickness')],
    side_border_thickness: [not('side_border', 'none')],
    side_border_color: SIDE_BORDER_ON,
    side_border_rounded: SIDE_BORDER_ON,
    side_border_padding: SIDE_BORDER_ON,
    side_border_offset: SIDE_BORDER_ON,
    side_border_spread: SIDE_BORDER_ON,
  },
  button: {
    ...SHADOW,
    ...STROKE,
    text_shadow_blur: [set('text_shadow_color')],
    text_shadow_offset_x: [set('text_shadow_color')],
    text_shadow_offset_y: [set('text_shadow_color')],
  },
  image: {
    ...SHADOW,
    ...STROKE,
    overlay_direction: [set('overlay_color_1')],
    overlay_color_1: [set('overlay_direction')],
    overlay_color_2: [set('overlay_direction'), set('overlay_color_1')],
    filter_properties: [equals('filter_name', 'duotone')],
    'mask_properties.radius': [equals('mask_name', 'rounded_corners')],
  },
  logo: SHADOW,
  shape: { ...SHADOW, ...STROKE, pattern_color: [set('pattern_name')] },
  illustration: SHADOW,
  rating: SHADOW,
  // The centre icon: hide_icon true draws none (plan/marks.ts).
  qrcode: { ...SHADOW, hide_icon: [set('image_url')], image_url: [not('hide_icon', true)] },
  video: SHADOW,
};
