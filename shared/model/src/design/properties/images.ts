import { z } from 'zod';
import type { IllustrationProperties, ImageProperties, LogoProperties } from '../types.js';
import { BOX_ALIGNMENTS } from '../types.js';
import { SHARED_PROPS } from './shared.js';
import { color, colorSchema, numeric, oneOf, type PropSpec, radius, source, text } from './spec.js';

const MASKS = ['circle', 'rounded_corners', 'blob', 'squircle', 'pentagon', 'hexagon', 'parallelogram', 'window'] as const;

export const IMAGE_PROPS = {
  ...SHARED_PROPS,
  image_url: { schema: source(), required: true, help: 'Image source (asset, URL or data URL)' },
  fitting_type: { schema: oneOf(['cover', 'fill']), default: 'cover', help: 'cover crops to fill the box; fill shows the whole image' },
  alignment: { schema: oneOf(BOX_ALIGNMENTS), default: 'middle center', help: 'Anchor of the image in its box' },
  stroke_width: { schema: numeric('stroke_width'), default: 0, help: 'Width of the frame drawn outside the image' },
  stroke_color: color('solid', 'Color of the image frame'),
  mask_name: { schema: oneOf(MASKS), help: 'Mask shape applied to the image' },
  mask_properties: {
    schema: (ctx) => z.strictObject({ radius: radius()().optional(), skew_y: numeric('mask_properties.skew_y')(ctx).optional() }),
    help: 'Mask settings; radius for rounded_corners',
  },
  filter_name: { schema: oneOf(['grayscale', 'duotone']), help: 'Filter applied to the image' },
  filter_properties: { schema: () => z.strictObject({ name: z.string().optional() }), help: 'Duotone palette name' },
  overlay_direction: { schema: oneOf(['horizontal', 'vertical', 'diagonal']), help: 'Direction of the color overlay' },
  overlay_color_1: color('solid', 'First overlay color'),
  overlay_color_2: color('solid', 'Second overlay color'),
} satisfies Record<keyof ImageProperties, PropSpec>;

export const LOGO_PROPS = {
  ...SHARED_PROPS,
  image_url: { schema: source(), required: true, help: 'Logo source (asset, URL or data URL)' },
  alignment: { schema: oneOf(BOX_ALIGNMENTS), default: 'middle center', help: 'Anchor of the logo in its box' },
} satisfies Record<keyof LogoProperties, PropSpec>;

export const ILLUSTRATION_PROPS = {
  ...SHARED_PROPS,
  illustration_type: { schema: text(1, 100), default: 'custom', help: 'Illustration library; custom = SVG source' },
  illustration_file: { schema: text(1, 2_000_000), required: true, help: 'SVG source (custom) or illustration name' },
  illustration_properties: {
    schema: (ctx) => z.strictObject({ primary_color: colorSchema('solid', ctx).optional() }),
    default: {},
    help: 'primary_color recolours the illustration',
  },
  alignment: { schema: oneOf(BOX_ALIGNMENTS), default: 'middle center', help: 'Anchor of the illustration in its box' },
} satisfies Record<keyof IllustrationProperties, PropSpec>;
