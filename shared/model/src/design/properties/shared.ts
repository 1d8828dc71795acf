import type { SharedProperties } from '../types.js';
import { bool, color, numeric, type PropSpec } from './spec.js';

/** Accepted by every layer type ("Common to every layer"; docs/overrides.md). */
export const SHARED_PROPS = {
  hidden: { schema: bool(), default: false, help: 'true hides the layer' },
  opacity: { schema: numeric('opacity'), default: 100, help: 'Opacity in percent (0-100)' },
  rotation: { schema: numeric('rotation'), default: 0, help: 'Rotation in degrees, clockwise, around the box centre' },
  shadow_color: color('solid', 'Shadow color (hex or cmyk); absent means no shadow'),
  shadow_blur: { schema: numeric('shadow_blur'), default: 0, help: 'Shadow blur in pixels' },
  shadow_offset_x: { schema: numeric('shadow_offset_x'), default: 0, help: 'Horizontal shadow offset in pixels (-200 to 200)' },
  shadow_offset_y: { schema: numeric('shadow_offset_y'), default: 0, help: 'Vertical shadow offset in pixels (-200 to 200)' },
} satisfies Record<keyof SharedProperties, PropSpec>;
