import type { PlanTypography } from '../plan/types.js';
import { px } from './escape.js';

export type FontStack = (font: PlanTypography['font']) => string;

/** Typography declarations shared by text layers and button labels. */
export function typographyDecls(t: PlanTypography, fontStack: FontStack): Record<string, string | number | null> {
  return {
    'font-family': fontStack(t.font),
    'font-size': t.fontSize,
    'font-weight': String(t.font.weight),
    'font-style': t.font.style,
    'line-height': String(t.lineHeight),
    'letter-spacing': t.letterSpacing !== 0 ? px(t.letterSpacing) : null,
    color: t.colorIsGradient ? 'transparent' : t.color,
    // The stroke is drawn under the fill, so its visible width is half of what is painted.
    '-webkit-text-stroke': t.stroke ? `${px(t.stroke.width * 2)} ${t.stroke.color}` : null,
    'paint-order': t.stroke ? 'stroke fill' : null,
  };
}
