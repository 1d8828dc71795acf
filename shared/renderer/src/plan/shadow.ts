import { solidPaint } from './paint.js';
import type { PlanShadow } from './types.js';

/** The shadow_* family (or text_shadow_* with `prefix`), or null when no color is set. */
export function planShadow(props: Record<string, unknown>, mode: PlanShadow['mode'], prefix = 'shadow'): PlanShadow | null {
  const color = solidPaint(props[`${prefix}_color`]);
  if (color === null) return null;
  return {
    mode,
    color,
    blur: num(props[`${prefix}_blur`]),
    x: num(props[`${prefix}_offset_x`]),
    y: num(props[`${prefix}_offset_y`]),
  };
}

function num(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
}
