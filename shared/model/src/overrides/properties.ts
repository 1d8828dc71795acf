import { z } from 'zod';
import { FONT_WEIGHTS } from '../fonts/types.js';
import { overrideBounds } from '../properties/numeric.js';
import {
  autoFocusFields,
  autoFocusProperties,
  expandProperties,
  removeBgProperties,
  stripUndefined,
  textToImageProperties,
  upscaleProperties,
} from './ai.js';
import { colorField } from './color-field.js';
import type { OverrideContext } from './context.js';
import { base64Image } from './encoded.js';
import {
  ALIGNMENTS,
  AUTO_FOCUS_MODELS,
  BUTTON_TEXT_ALIGNS,
  DUOTONE_NAMES,
  FILTER_NAMES,
  FITTING_TYPES,
  MASK_NAMES,
  OVERLAY_DIRECTIONS,
  PATTERN_NAMES,
  SIDE_BORDERS,
  TEXT_ONLY_ALIGNMENTS,
  TEXT_TRANSFORMS,
} from './enums.js';
import { boolean, fail, httpUrl, number, oneOf, prop, string, uuid } from './rules.js';
import type { Padding } from './types.js';

export const TEXT_PAYLOAD_MAX = 10000;
export const BUTTON_PAYLOAD_MAX = 2048;

/**
 * One rule per property name, wherever it appears: an override carries no layer type, so the
 * same name is checked the same way on every layer (docs/overrides.md). Number ranges come from
 * the property catalogue (shared/model/src/properties/numeric.ts); where a bound depends on the layer
 * type (stroke width), checkAgainstDesign narrows it once the type is known.
 */
export function propertyShape(context: OverrideContext, options: { root: boolean }) {
  const flat = () => prop(colorField('flat', context));
  return {
    hidden: prop(boolean()),
    shadow_color: flat(),
    shadow_blur: prop(number(overrideBounds('shadow_blur'))),
    shadow_offset_x: prop(number(overrideBounds('shadow_offset_x'))),
    shadow_offset_y: prop(number(overrideBounds('shadow_offset_y'))),

    payload: prop(string({ min: 1, max: TEXT_PAYLOAD_MAX })),
    color: prop(colorField('text', context)),
    background_color: prop(colorField(options.root ? 'root' : 'fill', context)),
    background_padding: prop(padding()),
    font_size: prop(number(overrideBounds('font_size'))),
    font: prop(uuid()),
    font_weight: prop(oneOf(FONT_WEIGHTS)),
    line_height: prop(number(overrideBounds('line_height'))),
    skew_y: prop(number(overrideBounds('skew_y'))),
    alignment: prop(oneOf([...ALIGNMENTS, ...TEXT_ONLY_ALIGNMENTS] as const)),
    stroke_width: prop(number(overrideBounds('stroke_width'))),
    stroke_color: flat(),
    text_transform: prop(oneOf(TEXT_TRANSFORMS)),
    auto_resize: prop(boolean()),
    min_font_size: prop(number(overrideBounds('min_font_size'))),
    max_lines: prop(number(overrideBounds('max_lines'))),
    text_harmony: prop(boolean()),
    text_truncation: prop(boolean()),
    side_border: prop(oneOf(SIDE_BORDERS)),
    side_border_thickness: prop(number(overrideBounds('side_border_thickness'))),
    side_border_color: flat(),
    side_border_rounded: prop(boolean()),
    side_border_padding: prop(number(overrideBounds('side_border_padding'))),
    side_border_offset: prop(number(overrideBounds('side_border_offset'))),
    side_border_spread: prop(number(overrideBounds('side_border_spread'))),

    text_align: prop(oneOf(BUTTON_TEXT_ALIGNS)),
    text_shadow_color: flat(),
    text_shadow_blur: prop(number(overrideBounds('text_shadow_blur'))),
    text_shadow_offset_x: prop(number(overrideBounds('text_shadow_offset_x'))),
    text_shadow_offset_y: prop(number(overrideBounds('text_shadow_offset_y'))),
    icon_url: prop(httpUrl()),
    icon_color: flat(),
    icon_encoded: prop(base64Image()),

    image_url: prop(httpUrl()),
    image_encoded: prop(base64Image()),
    opacity: prop(number(overrideBounds('opacity'))),
    fitting_type: prop(oneOf(FITTING_TYPES)),
    mask_name: prop(oneOf(MASK_NAMES)),
    mask_properties: prop(maskProperties()),
    filter_name: prop(oneOf(FILTER_NAMES)),
    filter_properties: prop(z.object({ name: prop(oneOf(DUOTONE_NAMES)) }).transform(stripUndefined)),
    overlay_direction: prop(oneOf(OVERLAY_DIRECTIONS)),
    overlay_color_1: flat(),
    overlay_color_2: flat(),
    remove_bg: prop(boolean()),
    remove_bg_properties: prop(removeBgProperties()),
    auto_focus: prop(boolean()),
    auto_focus_model: prop(oneOf(AUTO_FOCUS_MODELS)),
    ...autoFocusFields(),
    auto_focus_properties: prop(autoFocusProperties()),

    pattern_name: prop(oneOf(PATTERN_NAMES)),
    pattern_color: flat(),

    rating_score: prop(number(overrideBounds('rating_score'))),
    star_dimension: prop(number(overrideBounds('star_dimension'))),
    star_margin: prop(number(overrideBounds('star_margin'))),
    star_color: flat(),

    illustration_type: prop(string()),
    illustration_file: prop(string()),
    illustration_properties: prop(z.object({ primary_color: flat() }).transform(stripUndefined)),

    foreground_color: flat(),
    hide_icon: prop(boolean()),

    video_url: prop(httpUrl()),
    audio_url: prop(httpUrl()),
    audio_encoded: prop(string({ min: 1 })),
    audio_muted: prop(muted()),
    video_muted: prop(muted()),
    max_volume: prop(number(overrideBounds('max_volume'))),
    speed: prop(number(overrideBounds('speed'))),
  };
}

/** AI properties that only asynchronous generation takes (docs/ai.md). */
export function asyncAiShape() {
  return {
    text_to_image: prop(booleanOrPrompt()),
    text_to_image_properties: prop(textToImageProperties()),
    expand: prop(boolean()),
    expand_properties: prop(expandProperties()),
    upscale: prop(boolean()),
    upscale_properties: prop(upscaleProperties()),
  };
}

export const SYNC_REFUSED_PROPERTIES = ['text_to_image', 'expand', 'upscale'] as const;

const PADDING_TEXT = /^\s*(-?\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?)\s*$/;
const SINGLE_TEXT = /^\s*(-?\d+(?:\.\d+)?)\s*$/;

/** `"V H"` (vertical then horizontal) or one number for both; pixels, not negative. */
function padding(): z.ZodType<Padding> {
  return z.unknown().transform((value, ctx) => {
    let vertical: number;
    let horizontal: number;
    if (typeof value === 'number' && Number.isFinite(value)) {
      vertical = horizontal = value;
    } else if (typeof value === 'string' && (PADDING_TEXT.test(value) || SINGLE_TEXT.test(value))) {
      const m = PADDING_TEXT.exec(value) ?? SINGLE_TEXT.exec(value)!;
      vertical = Number(m[1]);
      horizontal = Number(m[2] ?? m[1]);
    } else {
      return fail(ctx, 'invalid_payload', 'must be a number or a string "vertical horizontal"', { received: value });
    }
    if (vertical < 0 || horizontal < 0)
      return fail(ctx, 'out_of_range', 'padding must be at least 0', { expected: { min: 0 }, received: value });
    return { vertical, horizontal };
  }) as z.ZodType<Padding>;
}

function maskProperties() {
  const corner = prop(number({ min: 0 }));
  const radius = z.unknown().transform((value, ctx) => {
    if (typeof value === 'number') {
      const r = number({ min: 0 }).safeParse(value);
      if (!r.success) return fail(ctx, 'out_of_range', 'must be at least 0', { expected: { min: 0 }, received: value });
      return value;
    }
    const r = z
      .object({ tl: corner, tr: corner, br: corner, bl: corner })
      .transform(stripUndefined)
      .safeParse(value, { reportInput: true });
    if (r.success) return r.data;
    for (const issue of r.error.issues) ctx.addIssue({ ...issue } as z.core.$ZodRawIssue);
    return z.NEVER;
  });
  return z.object({ radius: prop(radius), skew_y: prop(number(overrideBounds('mask_properties.skew_y'))) }).transform(stripUndefined);
}

/** Booleans (as a design read returns them) or a 0–1 level; normalised to a number. */
function muted(): z.ZodType<number> {
  return z.unknown().transform((value, ctx) => {
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (typeof value === 'number' && value >= 0 && value <= 1) return value;
    if (typeof value === 'number')
      return fail(ctx, 'out_of_range', 'must be between 0 and 1', { expected: { min: 0, max: 1 }, received: value });
    return fail(ctx, 'invalid_payload', 'must be a boolean or a number 0–1', { received: value });
  }) as z.ZodType<number>;
}

/** `text_to_image`: true/false, or the prompt shorthand as a non-empty string. */
function booleanOrPrompt(): z.ZodType<boolean | string> {
  return z.unknown().transform((value, ctx) => {
    if (typeof value === 'boolean') return value;
    if (typeof value === 'string' && value.trim() !== '') return value;
    return fail(ctx, 'invalid_payload', 'must be true, false or a prompt string', { received: value });
  }) as z.ZodType<boolean | string>;
}
