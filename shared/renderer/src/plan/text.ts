import { textAlign } from './alignment.js';
import { type LayerContext, num, paddingOf, str } from './context.js';
import { planFont } from './fonts.js';
import { isGradientValue, paint, solidPaint } from './paint.js';
import { planShadow } from './shadow.js';
import { applyTextTransform } from './text-transform.js';
import type { PlanTypography, SideBorder, TextNode } from './types.js';
import { substituteVariables } from './variables.js';

/** Typography shared by text layers and button labels. */
export function planTypography(ctx: LayerContext<'text' | 'button'>): PlanTypography {
  const p = ctx.props;
  const raw = substituteVariables(str(p.payload), ctx.variables, ctx.vars);
  const strokeWidth = num(p.stroke_width);
  const strokeColor = solidPaint(p.stroke_color);
  return {
    text: applyTextTransform(raw, str(p.text_transform)),
    font: planFont(p.font, p.font_weight, p.font_style, ctx.catalogue, ctx.designFonts),
    fontSize: ctx.scale.fontSize(num(p.font_size, 16)),
    lineHeight: num(p.line_height) / 100,
    letterSpacing: ctx.scale.fontSize(num(p.letter_spacing)),
    color: paint(p.color, ctx.box) ?? '#000000',
    colorIsGradient: isGradientValue(p.color),
    stroke: strokeWidth > 0 && strokeColor !== null ? { width: ctx.scale.length(strokeWidth), color: strokeColor } : null,
  };
}

export function planText(ctx: LayerContext<'text'>): TextNode {
  const p = ctx.props;
  const typography = planTypography(ctx);
  const background = paint(p.background_color, ctx.box);
  const padding = paddingOf(p.background_padding) ?? { vertical: 0, horizontal: 0 };
  const autoResize = p.auto_resize === true && typeof p.min_font_size === 'number';
  return {
    kind: 'text',
    name: ctx.name,
    box: ctx.box,
    opacity: num(p.opacity) / 100,
    rotation: num(p.rotation),
    shadow: planShadow(p, 'drop'),
    ...typography,
    align: textAlign(str(p.alignment)),
    skewY: num(p.skew_y),
    background:
      background === null
        ? null
        : { color: background, paddingV: ctx.scale.length(padding.vertical), paddingH: ctx.scale.length(padding.horizontal) },
    sideBorder: sideBorder(ctx, typography.colorIsGradient ? null : typography.color),
    fit: {
      minFontSize: autoResize ? Math.min(typography.fontSize, ctx.scale.fontSize(num(p.min_font_size))) : null,
      maxLines: typeof p.max_lines === 'number' && p.max_lines >= 1 ? Math.floor(p.max_lines) : null,
      harmony: p.text_harmony === true,
      truncate: p.text_truncation === true,
    },
  };
}

function sideBorder(ctx: LayerContext<'text'>, textColor: string | null): SideBorder | null {
  const p = ctx.props;
  const side = str(p.side_border);
  const thickness = ctx.scale.length(num(p.side_border_thickness));
  if (side === 'none' || thickness <= 0) return null;
  return {
    side: side as SideBorder['side'],
    thickness,
    color: solidPaint(p.side_border_color) ?? textColor ?? '#000000',
    rounded: p.side_border_rounded === true,
    padding: ctx.scale.length(num(p.side_border_padding)),
    offset: ctx.scale.length(num(p.side_border_offset)),
    spread: ctx.scale.length(num(p.side_border_spread)),
  };
}
