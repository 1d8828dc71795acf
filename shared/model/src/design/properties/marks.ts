import type { QrcodeProperties, RatingProperties, ShapeProperties } from '../types.js';
import { BOX_ALIGNMENTS } from '../types.js';
import { SHARED_PROPS } from './shared.js';
import { bool, color, numeric, oneOf, type PropSpec, radius, source, text } from './spec.js';

export const SHAPE_PROPS = {
  ...SHARED_PROPS,
  shape_type: { schema: oneOf(['rectangle', 'ellipse']), default: 'rectangle', help: 'rectangle or ellipse' },
  background_color: color('fill', 'Fill (hex, cmyk or gradient)'),
  border_radius: { schema: radius(), default: 0, help: 'Corner radius of a rectangle: one number or {tl,tr,br,bl}' },
  stroke_width: { schema: numeric('stroke_width'), default: 0, help: 'Width of the stroke' },
  stroke_color: color('solid', 'Stroke color'),
  pattern_name: { schema: text(1, 100), help: 'Pattern drawn over the fill' },
  pattern_color: color('solid', 'Color of the pattern'),
} satisfies Record<keyof ShapeProperties, PropSpec>;

export const RATING_PROPS = {
  ...SHARED_PROPS,
  rating_score: { schema: numeric('rating_score'), required: true, help: 'Score out of 100 (50 = 2.5/5)' },
  star_count: { schema: numeric('star_count'), default: 5, help: 'Number of stars' },
  star_dimension: { schema: numeric('star_dimension'), default: 48, help: 'Size of one star' },
  star_margin: { schema: numeric('star_margin'), default: 8, help: 'Space between stars' },
  star_color: color('solid', 'Color of the filled stars', { default: '#FFC107' }),
  background_color: color('solid', 'Color of the empty stars', { default: '#E0E0E0' }),
  alignment: { schema: oneOf(BOX_ALIGNMENTS), default: 'middle left', help: 'Anchor of the stars in the box' },
} satisfies Record<keyof RatingProperties, PropSpec>;

export const QRCODE_PROPS = {
  ...SHARED_PROPS,
  payload: { schema: text(1, 2000), required: true, help: 'Content of the QR code' },
  foreground_color: color('solid', 'Color of the modules', { default: '#000000' }),
  background_color: color('solid', 'Color behind the modules', { default: '#FFFFFF' }),
  error_correction: { schema: oneOf(['L', 'M', 'Q', 'H']), default: 'M', help: 'Error correction level' },
  image_url: { schema: source(), help: 'Icon in the middle (asset, URL or data URL)' },
  hide_icon: { schema: bool(), default: false, help: 'Hide the icon' },
} satisfies Record<keyof QrcodeProperties, PropSpec>;
