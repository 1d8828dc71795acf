import { boxAlign } from './alignment.js';
import { type LayerContext, radiusCss } from './context.js';
import { paint, solidPaint } from './paint.js';
import { planShadow } from './shadow.js';
import { encodedSource, sourceOf } from './sources.js';
import { planTypography } from './text.js';
import type { AssetSource, ButtonNode } from './types.js';

export function planButton(ctx: LayerContext<'button'>): ButtonNode {
  const p = ctx.props;
  const typography = planTypography(ctx);
  const padding = p.background_padding;
  const iconSource = buttonIcon(ctx);
  return {
    kind: 'button',
    name: ctx.name,
    box: ctx.box,
    opacity: p.opacity / 100,
    rotation: p.rotation,
    shadow: planShadow(p, 'box'),
    ...typography,
    align: boxAlign(p.alignment),
    textAlign: p.text_align,
    padding: padding === null ? null : { vertical: ctx.scale.length(padding.vertical), horizontal: ctx.scale.length(padding.horizontal) },
    background: paint(p.background_color, ctx.box),
    radius: radiusCss(p.border_radius, ctx.scale),
    textShadow: planShadow(
      {
        shadow_color: p.text_shadow_color,
        shadow_blur: p.text_shadow_blur,
        shadow_offset_x: p.text_shadow_offset_x,
        shadow_offset_y: p.text_shadow_offset_y,
      },
      'drop',
    ),
    icon:
      iconSource === null
        ? null
        : {
            ref: ctx.addAsset('icon', iconSource),
            size: p.icon_size === null ? typography.fontSize : ctx.scale.length(p.icon_size),
            gap: ctx.scale.length(p.icon_gap) || Math.round(typography.fontSize * 0.4),
            position: p.icon_position,
            color: solidPaint(p.icon_color),
          },
    autoFit: p.auto_resize && p.min_font_size !== null,
    minFontSize: p.min_font_size === null ? null : ctx.scale.fontSize(p.min_font_size),
  };
}

/** `icon_url` sent in the request wins over `icon_encoded`, which wins over the design's icon. */
function buttonIcon(ctx: LayerContext<'button'>): AssetSource | null {
  const o = ctx.override;
  if (o.icon_url !== undefined) return sourceOf(o.icon_url);
  if (o.icon_encoded !== undefined) return encodedSource(o.icon_encoded);
  return sourceOf(ctx.props.icon_url);
}
