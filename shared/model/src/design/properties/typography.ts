import { z } from 'zod';
import type { ButtonProperties, TextProperties, TypographyProperties } from '../types.js';
import { BOX_ALIGNMENTS, TEXT_ALIGNMENTS } from '../types.js';
import { SHARED_PROPS } from './shared.js';
import { bool, color, int, numeric, oneOf, type PropSpec, radius, source, text } from './spec.js';

const TRANSFORMS = ['none', 'uppercase', 'lowercase', 'titlecase', 'capitalize'] as const;

/** `"<vertical> <horizontal>"` or a single number (background_padding; docs/overrides.md). */
const padding = () => () =>
  z.union([
    z.number().min(0).max(1000),
    z.string().regex(/^\d+(\.\d+)?( \d+(\.\d+)?)?$/, 'must be "<vertical> <horizontal>" or one number'),
  ]);

const typography = (maxPayload: number) =>
  ({
    payload: { schema: text(1, maxPayload), required: true, help: 'Text content (i.e. Lorem ipsum)' },
    font: { schema: text(1, 200), required: true, help: 'Font family name or font id' },
    font_size: { schema: numeric('font_size'), required: true, help: 'Font size (pixels; points on print)' },
    // Non-hundred weights are rounded with a font_weight_adjusted warning before this runs.
    font_weight: { schema: int(100, 900), default: 400, help: 'Font weight, 100 to 900' },
    font_style: { schema: oneOf(['normal', 'italic']), default: 'normal', help: 'normal or italic' },
    color: color('rgb-fill', 'Text color (hex, gradient on non-print designs, cmyk on print)', { default: '#000000' }),
    line_height: { schema: numeric('line_height'), default: 120, help: 'Line height in percent of the font size' },
    letter_spacing: { schema: numeric('letter_spacing'), default: 0, help: 'Extra spacing between characters' },
    text_transform: { schema: oneOf(TRANSFORMS), default: 'none', help: 'none, uppercase, lowercase, titlecase, capitalize' },
    stroke_width: { schema: numeric('stroke_width'), default: 0, help: 'Width of the text stroke' },
    stroke_color: color('solid', 'Stroke color (hex or cmyk)'),
    auto_resize: { schema: bool(), default: false, help: 'Shrink the font until the text fits (needs min_font_size)' },
    min_font_size: { schema: numeric('min_font_size'), help: 'Smallest font size auto_resize may use' },
  }) satisfies Record<keyof TypographyProperties, PropSpec>;

export const TEXT_PROPS = {
  ...SHARED_PROPS,
  ...typography(10000),
  alignment: { schema: oneOf(TEXT_ALIGNMENTS), default: 'top left', help: 'Position of the text inside its box' },
  background_color: color('rgb-fill', 'Color displayed behind the text'),
  background_padding: { schema: padding(), help: 'Padding of the background: "<vertical> <horizontal>" or one number' },
  skew_y: { schema: numeric('skew_y'), default: 0, help: 'Slant on the y axis (-20 to 20)' },
  max_lines: { schema: numeric('max_lines'), help: 'Maximum number of lines' },
  text_harmony: { schema: bool(), default: false, help: 'Balance line lengths' },
  text_truncation: { schema: bool(), default: false, help: 'Truncate with an ellipsis when the text does not fit' },
  side_border: { schema: oneOf(['left', 'right', 'top', 'bottom', 'none']), default: 'none', help: 'Side of the side border' },
  side_border_thickness: { schema: numeric('side_border_thickness'), default: 0, help: 'Thickness of the side border' },
  side_border_color: color('solid', 'Color of the side border'),
  side_border_rounded: { schema: bool(), default: false, help: 'Rounded side border ends' },
  side_border_padding: { schema: numeric('side_border_padding'), default: 0, help: 'Distance between the text and the side border' },
  side_border_offset: { schema: numeric('side_border_offset'), default: 0, help: 'Shift of the side border along its axis' },
  side_border_spread: { schema: numeric('side_border_spread'), default: 0, help: 'Extension of the side border beyond the text' },
} satisfies Record<keyof TextProperties, PropSpec>;

export const BUTTON_PROPS = {
  ...SHARED_PROPS,
  ...typography(2048),
  alignment: { schema: oneOf(BOX_ALIGNMENTS), default: 'middle center', help: 'Placement of the button box' },
  text_align: { schema: oneOf(['left', 'center', 'right']), default: 'center', help: 'Alignment of the label in the box' },
  background_color: color('fill', 'Fill of the button box (hex, cmyk or gradient)'),
  background_padding: { schema: padding(), help: 'Padding around the label: "<vertical> <horizontal>" or one number' },
  border_radius: { schema: radius(), default: 0, help: 'Corner radius: one number or {tl,tr,br,bl}' },
  text_shadow_color: color('solid', 'Shadow color of the label'),
  text_shadow_blur: { schema: numeric('text_shadow_blur'), default: 0, help: 'Blur of the label shadow' },
  text_shadow_offset_x: { schema: numeric('text_shadow_offset_x'), default: 0, help: 'Horizontal offset of the label shadow' },
  text_shadow_offset_y: { schema: numeric('text_shadow_offset_y'), default: 0, help: 'Vertical offset of the label shadow' },
  icon_url: { schema: source(), help: 'Icon beside the label (asset, URL or data URL)' },
  icon_color: color('solid', 'Recolours an SVG icon'),
  icon_size: { schema: numeric('icon_size'), help: 'Icon edge length; defaults to the font size' },
  icon_gap: { schema: numeric('icon_gap'), default: 0, help: 'Gap between icon and label' },
  icon_position: { schema: oneOf(['left', 'right']), default: 'left', help: 'Side of the icon' },
} satisfies Record<keyof ButtonProperties, PropSpec>;
