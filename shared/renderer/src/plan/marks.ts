import { toCss } from '@pressroom/model';
import QRCode from 'qrcode';
import { boxAlign } from './alignment.js';
import { type LayerContext, radiusCss } from './context.js';
import { shapeOutline } from './geometry.js';
import { paint, solidPaint } from './paint.js';
import { DEFAULT_PATTERN_COLOR } from './patterns.js';
import { planShadow } from './shadow.js';
import { sourceOf } from './sources.js';
import type { QrcodeNode, RatingNode, ShapeNode } from './types.js';

function base(ctx: LayerContext) {
  return { name: ctx.name, box: ctx.box, opacity: ctx.props.opacity / 100, rotation: ctx.props.rotation };
}

export function planShape(ctx: LayerContext<'shape'>): ShapeNode {
  const p = ctx.props;
  const strokeWidth = p.stroke_width;
  const strokeColor = solidPaint(p.stroke_color);
  const ellipse = p.shape_type === 'ellipse';
  const radius = typeof p.border_radius === 'number' ? ctx.scale.length(p.border_radius) : 0;
  const outline = shapeOutline(p.shape_type, ctx.box.width, ctx.box.height, radius);
  return {
    kind: 'shape',
    ...base(ctx),
    // An outline's shadow follows the outline (a drop shadow), a box's the box.
    shadow: planShadow(p, outline === null ? 'box' : 'drop'),
    ellipse,
    outline,
    radius: ellipse ? '50%' : outline !== null ? '0px' : radiusCss(p.border_radius, ctx.scale),
    fill: paint(p.background_color, ctx.box),
    stroke: strokeWidth > 0 && strokeColor !== null ? { width: ctx.scale.length(strokeWidth), color: strokeColor } : null,
    pattern:
      p.pattern_name !== null
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
  const starCount = p.star_count;
  const starSize = ctx.scale.length(p.star_dimension);
  const starMargin = ctx.scale.length(p.star_margin);
  // A gradient spans the row of stars, as it would a box of the row's size.
  const row = { width: starCount * starSize + (starCount - 1) * starMargin, height: starSize };
  return {
    kind: 'rating',
    ...base(ctx),
    shadow: planShadow(p, 'drop'),
    value: (p.rating_score / 100) * starCount,
    starCount,
    starSize,
    starMargin,
    starColor: toCss(p.star_color, row),
    emptyColor: toCss(p.background_color, row),
    align: boxAlign(p.alignment),
  };
}

/**
 * The QR matrix is computed here (pure, synchronous) and drawn as one SVG path of unit squares,
 * with `margin` modules of quiet zone. A blank payload is an empty slot a generation fills: it
 * draws nothing. With no level set, an icon raises the level to H so the covered modules are
 * recovered; without one it is M.
 */
export function planQrcode(ctx: LayerContext<'qrcode'>): QrcodeNode {
  const p = ctx.props;
  const icon = p.hide_icon ? null : sourceOf(ctx.override.image_url ?? p.image_url);
  const level = p.error_correction ?? (icon === null ? 'M' : 'H');
  const payload = p.payload;
  const node = {
    kind: 'qrcode' as const,
    ...base(ctx),
    shadow: planShadow(p, 'drop'),
    margin: p.margin,
    foreground: toCss(p.foreground_color),
    background: toCss(p.background_color),
  };
  if (payload === '') return { ...node, size: 0, path: '', iconRef: null };
  const { size, path } = qrModules(payload, level);
  return { ...node, size, path, iconRef: icon === null ? null : ctx.addAsset('image', icon) };
}

/** QR matrices drawn lately, by level and payload: a bulk run draws one design's code row after row. */
const drawnQrcodes = new Map<string, { size: number; path: string }>();
const MAX_DRAWN_QRCODES = 256;

/**
 * A QR code's modules as one SVG path, in module units (one `M…h…v1h…z` per run of dark modules
 * in a row). Encoding (masks scored, error correction) costs about a millisecond: the last
 * `MAX_DRAWN_QRCODES` codes are kept, least recently drawn first out.
 */
function qrModules(payload: string, level: 'L' | 'M' | 'Q' | 'H'): { size: number; path: string } {
  const key = `${level}:${payload}`;
  const drawn = drawnQrcodes.get(key);
  if (drawn !== undefined) {
    drawnQrcodes.delete(key); // to the end: most recently drawn
    drawnQrcodes.set(key, drawn);
    return drawn;
  }
  const qr = QRCode.create(payload, { errorCorrectionLevel: level });
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
  if (drawnQrcodes.size >= MAX_DRAWN_QRCODES) drawnQrcodes.delete(drawnQrcodes.keys().next().value!);
  drawnQrcodes.set(key, { size, path });
  return { size, path };
}
