import type { LayerInput } from '@pressroom/model';
import { solidPaint } from './paint.js';
import type { PlanShadow } from './types.js';

/** The shadow family every layer has (a button's `text_shadow_*` is passed in these names). */
export type ShadowInput = Pick<LayerInput<'shape'>, 'shadow_color' | 'shadow_blur' | 'shadow_offset_x' | 'shadow_offset_y'>;

/** The layer's shadow, or null when no (solid) colour is set. */
export function planShadow(p: ShadowInput, mode: PlanShadow['mode']): PlanShadow | null {
  const color = solidPaint(p.shadow_color);
  if (color === null) return null;
  return { mode, color, blur: p.shadow_blur, x: p.shadow_offset_x, y: p.shadow_offset_y };
}
