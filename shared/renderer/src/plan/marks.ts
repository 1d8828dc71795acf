import { ERROR_CORRECTION_LEVELS } from '@pressroom/model';
import QRCode from 'qrcode';
import { boxAlign } from './alignment.js';
import { type LayerContext, num, radiusCss, str } from './context.js';
import { paint, solidPaint } from './paint.js';
import { DEFAULT_PATTERN_COLOR, isPatternName } from './patterns.js';
import { planShadow } from './shadow.js';
import { sourceOf } from './sources.js';
import type { QrcodeNode, RatingNode, ShapeNode } from './types.js';

function base(ctx: LayerContext) {
  return { name: ctx.name, box: ctx.box, opacity: num(ctx.props.opacity, 100) / 100, rotation: num(ctx.props.rotation) };
}

export function planShape(ctx: LayerContext<'shape'>): ShapeNode {
  const p = ctx.props;
  const strokeWidth = num(p.stroke_width);
  const strokeColor = solidPaint(p.stroke_color);
  const ellipse = p.shape_type === 'ellipse';
  return {
    kind: 'shape',
    ...base(ctx),
    shadow: planShadow(p, 'box'),
    ellipse,
    radius: ellipse ? '50%' : radiusCss(p.border_radius, ctx.scale),
    fill: paint(p.background_color, ctx.box),
    stroke: strokeWidth > 0 && strokeColor !== null ? { width: ctx.scale.length(strokeWidth), color: strokeColor } : null,
    pattern: isPatternName(p.pattern_name)
      ? {
          name: p.pattern_name,
          color: solidPaint(p.pattern_color) ?? DEFAULT_PATTERN_COLOR,
          // One tile per eighth of the shorter side, at least 8 px: the pattern scales with the shape.
          tile: Math.max(8, Math.min(ctx.box.width, ctx.box.height) / 8),
        }
      : null,
  };
}

export function planRating(ctx: LayerContext<'rating'>): RatingNode {
  const p = ctx.props;
  const starCount = Math.max(1, Math.round(num(p.star_count)));
  return {
    kind: 'rating',
    ...base(ctx),
    shadow: planShadow(p, 'drop'),
    value: (Math.min(100, Math.max(0, num(p.rating_score))) / 100) * starCount,
    starCount,
    starSize: ctx.scale.length(num(p.star_dimension)),
    starMargin: ctx.scale.length(num(p.star_margin)),
    starColor: solidPaint(p.star_color) ?? '#FFC107',
    emptyColor: solidPaint(p.background_color) ?? '#E0E0E0',
    align: boxAlign(str(p.alignment)),
  };
}

/** The QR matrix is computed here (pure, synchronous) and drawn as one SVG path of unit squares. */
export function planQrcode(ctx: LayerContext<'qrcode'>): QrcodeNode {
  const p = ctx.props;
  const level = (ERROR_CORRECTION_LEVELS as readonly string[]).includes(str(p.error_correction)) ? str(p.error_correction) : 'M';
  const qr = QRCode.create(str(p.payload, ' ') || ' ', { errorCorrectionLevel: level as QRCode.QRCodeErrorCorrectionLevel });
  const size = qr.modules.size;
  let path = '';
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!qr.modules.get(y, x)) continue;
      let run = 1;
      while (x + run < size && qr.modules.get(y, x + run)) run++;
      path += `M${x} ${y}h${run}v1h-${run}z`;
      x += run - 1;
    }
  }
  const icon = p.hide_icon === true ? null : sourceOf(ctx.override.image_url ?? p.image_url);
  return {
    kind: 'qrcode',
    ...base(ctx),
    shadow: planShadow(p, 'drop'),
    size,
    path,
    foreground: solidPaint(p.foreground_color) ?? '#000000',
    background: solidPaint(p.background_color) ?? '#FFFFFF',
    iconRef: icon === null ? null : ctx.addAsset('image', icon),
  };
}
