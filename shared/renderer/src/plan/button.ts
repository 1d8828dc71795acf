import type { EncodedImage } from '@pressroom/model';
import { boxAlign } from './alignment.js';
import { type LayerContext, num, paddingOf, radiusCss, str } from './context.js';
import { paint, solidPaint } from './paint.js';
import { planShadow } from './shadow.js';
import { encodedSource, sourceOf } from './sources.js';
import { planTypography } from './text.js';
import type { AssetSource, ButtonNode } from './types.js';

export function planButton(ctx: LayerContext<'button'>): ButtonNode {
  const p = ctx.props;
  const typography = planTypography(ctx);
  const padding = paddingOf(p.background_padding);
  const iconSource = buttonIcon(ctx);
  const textAlign = str(p.text_align);
  return {
    kind: 'button',
    name: ctx.name,
    box: ctx.box,
    opacity: num(p.opacity) / 100,
    rotation: num(p.rotation),
    shadow: planShadow(p, 'box'),
    ...typography,
    align: boxAlign(str(p.alignment)),
    textAlign: textAlign === 'left' || textAlign === 'right' ? textAlign : 'center',
    padding: padding === null ? null : { vertical: ctx.scale.length(padding.vertical), horizontal: ctx.scale.length(padding.horizontal) },
    background: paint(p.background_color, ctx.box),
    radius: radiusCss(p.border_radius, ctx.scale),
    textShadow: planShadow(p, 'drop', 'text_shadow'),
    icon:
      iconSource === null
        ? null
        : {
            ref: ctx.addAsset('icon', iconSource),
            size: typeof p.icon_size === 'number' ? ctx.scale.length(p.icon_size) : typography.fontSize,
            gap: ctx.scale.length(num(p.icon_gap)) || Math.round(typography.fontSize * 0.4),
            position: p.icon_position === 'right' ? 'right' : 'left',
            color: solidPaint(p.icon_color),
          },
    autoFit: p.auto_resize === true && typeof p.min_font_size === 'number',
    minFontSize: typeof p.min_font_size === 'number' ? ctx.scale.fontSize(p.min_font_size) : null,
  };
}

/** `icon_url` sent in the request wins over `icon_encoded`, which wins over the design's icon. */
function buttonIcon(ctx: LayerContext<'button'>): AssetSource | null {
  const o = ctx.override;
  if (typeof o.icon_url === 'string') return sourceOf(o.icon_url);
  if (o.icon_encoded && typeof o.icon_encoded === 'object') return encodedSource(o.icon_encoded as EncodedImage);
  return sourceOf(ctx.props.icon_url);
}
