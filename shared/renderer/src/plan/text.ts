import { isGradient, layerInput, toCss } from '@pressroom/model';
import { textAlign } from './alignment.js';
import type { LayerContext } from './context.js';
import { planFont } from './fonts.js';
import { paint, solidPaint } from './paint.js';
import { planShadow } from './shadow.js';
import { applyTextTransform } from './text-transform.js';
import type { PlanTypography, SideBorder, TextNode } from './types.js';
import { substituteVariables } from './variables.js';

/** Typography shared by text layers and button labels. */
export function planTypography(ctx: LayerContext<'text' | 'button'>): PlanTypography {
  const p = ctx.props;
  const raw = substituteVariables(p.payload, ctx.variables, ctx.vars);
  const strokeColor = solidPaint(p.stroke_color);
  return {
    text: applyTextTransform(raw, p.text_transform),
    font: planFont(p.font, p.font_weight, p.font_style, ctx.catalogue, ctx.designFonts),
    fontSize: ctx.scale.fontSize(p.font_size),
    lineHeight: p.line_height / 100,
    letterSpacing: ctx.scale.fontSize(p.letter_spacing),
    color: toCss(p.color, ctx.box),
    colorIsGradient: isGradient(p.color),
    stroke: p.stroke_width > 0 && strokeColor !== null ? { width: ctx.scale.length(p.stroke_width), color: strokeColor } : null,
  };
}

export function planText(ctx: LayerContext<'text'>): TextNode {
  const p = ctx.props;
  const typography = planTypography(ctx);
  const background = paint(p.background_color, ctx.box);
  const padding = p.background_padding;
  const minFontSize = p.auto_resize ? p.min_font_size : null;
  return {
    kind: 'text',
    name: ctx.name,
    box: ctx.box,
    opacity: p.opacity / 100,
    rotation: p.rotation,
    shadow: planShadow(p, 'drop'),
    ...typography,
    align: textAlign(p.alignment),
    skewY: p.skew_y,
    background:
      background === null
        ? null
        : {
            color: background,
            paddingV: ctx.scale.length(padding?.vertical ?? 0),
            paddingH: ctx.scale.length(padding?.horizontal ?? 0),
          },
    sideBorder: sideBorder(ctx, typography.colorIsGradient ? null : typography.color),
    fit: {
      minFontSize: minFontSize === null ? null : Math.min(typography.fontSize, ctx.scale.fontSize(minFontSize)),
      maxLines: p.max_lines !== null && p.max_lines >= 1 ? Math.floor(p.max_lines) : null,
      harmony: p.text_harmony,
      truncate: p.text_truncation,
    },
  };
}

/** The side border takes the text's colour when it sets none; beside a gradient text, the default text colour. */
const DEFAULT_TEXT_COLOR = toCss(layerInput('text', {}, {}).color);

function sideBorder(ctx: LayerContext<'text'>, textColor: string | null): SideBorder | null {
  const p = ctx.props;
  const thickness = ctx.scale.length(p.side_border_thickness);
  if (p.side_border === 'none' || thickness <= 0) return null;
  return {
    side: p.side_border,
    thickness,
    color: solidPaint(p.side_border_color) ?? textColor ?? DEFAULT_TEXT_COLOR,
    rounded: p.side_border_rounded,
    padding: ctx.scale.length(p.side_border_padding),
    offset: ctx.scale.length(p.side_border_offset),
    spread: ctx.scale.length(p.side_border_spread),
  };
}
