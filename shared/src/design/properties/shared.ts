import type { SharedProperties } from '../types.js';
import { bool, color, num, type PropSpec } from './spec.js';

/** Accepted by every layer type (spec: "Common to every layer"). */
export const SHARED_PROPS = {
  hidden: { schema: bool(), default: false, help: 'true hides the layer' },
  opacity: { schema: num(0, 100), default: 100, help: 'Opacity in percent (0-100)' },
  rotation: { schema: num(-360, 360), default: 0, help: 'Rotation in degrees, clockwise, around the box centre' },
  shadow_color: color('solid', 'Shadow color (hex or cmyk); absent means no shadow'),
  shadow_blur: { schema: num(0, 1000), default: 0, help: 'Shadow blur in pixels' },
  shadow_offset_x: { schema: num(-200, 200), default: 0, help: 'Horizontal shadow offset in pixels (-200 to 200)' },
  shadow_offset_y: { schema: num(-200, 200), default: 0, help: 'Vertical shadow offset in pixels (-200 to 200)' },
} satisfies Record<keyof SharedProperties, PropSpec>;
