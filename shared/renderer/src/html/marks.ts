import { PATTERN_TILES, type PatternName } from '../plan/patterns.js';
import type { QrcodeNode, RatingNode, ShapeNode } from '../plan/types.js';
import { cssUrl, escapeHtml, px, style } from './escape.js';
import { boxShadow, frameDecls } from './frame.js';

export function shapeHtml(node: ShapeNode): string {
  if (node.outline !== null) return outlineHtml(node, node.outline);
  const fill = style({
    position: 'absolute',
    inset: '0',
    'box-sizing': 'border-box',
    background: node.fill,
    'background-repeat': noRepeatFor(node.fill),
    'border-radius': node.radius,
    border: node.stroke ? `${px(node.stroke.width)} solid ${node.stroke.color}` : null,
    'box-shadow': boxShadow(node.shadow),
  });
  return `<div class="pr-layer" data-layer="${escapeHtml(node.name)}"${style(frameDecls(node))}><div${fill}></div>${patternHtml(node)}</div>`;
}

/**
 * A geometry with an outline (plan/geometry.ts): the fill and the pattern are clipped to it, and
 * the stroke is drawn inside it (twice as wide, clipped), as a rectangle's border is. The shadow
 * is the frame's drop shadow, so it follows the outline.
 */
function outlineHtml(node: ShapeNode, d: string): string {
  const clip = `path('${d}')`;
  const fill = style({
    position: 'absolute',
    inset: '0',
    background: node.fill,
    'background-repeat': noRepeatFor(node.fill),
    'clip-path': clip,
  });
  const id = `pr-outline-${escapeHtml(node.name).replace(/[^\w-]/g, '_')}`;
  const stroke = node.stroke
    ? `<svg xmlns="http://www.w3.org/2000/svg" width="${node.box.width}" height="${node.box.height}"${style({ position: 'absolute', left: '0', top: '0' })}><defs><clipPath id="${id}"><path d="${d}"/></clipPath></defs><path d="${d}" fill="none" stroke="${escapeHtml(node.stroke.color)}" stroke-width="${node.stroke.width * 2}" stroke-linejoin="round" clip-path="url(#${id})"/></svg>`
    : '';
  return `<div class="pr-layer" data-layer="${escapeHtml(node.name)}"${style(frameDecls(node))}><div${fill}></div>${patternHtml(node, clip)}${stroke}</div>`;
}

/** The pattern: an SVG tile as a repeated background, inside the shape's outline and stroke. */
function patternHtml(node: ShapeNode, clip: string | null = null): string {
  const p = node.pattern;
  if (p === null) return '';
  const tile = PATTERN_TILES[p.name as PatternName].replaceAll('"C"', `"${escapeHtml(p.color)}"`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">${tile}</svg>`;
  // Under an outline's stroke, the pattern fills the whole outline; the stroke covers its edge.
  const inset = node.stroke && clip === null ? px(node.stroke.width) : '0';
  return `<div class="pr-pattern" data-pattern="${escapeHtml(p.name)}"${style({
    position: 'absolute',
    inset,
    'clip-path': clip,
    'border-radius': node.radius,
    'background-image': cssUrl(`data:image/svg+xml;base64,${btoa(svg)}`),
    'background-size': `${px(p.tile)} ${px(p.tile)}`,
    'background-repeat': 'repeat',
  })}></div>`;
}

/**
 * A gradient box is one tile: repeating it changes nothing on screen, but Chromium prints a
 * repeating gradient on a box of fractional height as a raster tile, while a single one stays a
 * vector shading, which print PDFs need (docs/print.md).
 */
export function noRepeatFor(background: string | null): 'no-repeat' | null {
  return background?.includes('gradient(') ? 'no-repeat' : null;
}

/**
 * Transparent room around a masked paint. Chromium prints a CSS mask as a soft mask whose group
 * spans the element's box; a viewer rasterising that group anti-aliases its edge, and where the
 * paint reaches that edge a faint line of paint shows along it (a hairline in print, docs/print.md
 * "Edges"). The element is this much larger than its paint on every side, so its edge only ever
 * meets transparency.
 */
export const MASK_MARGIN = 2;

/**
 * Declarations of a box painted with `paint` through `mask` (a CSS image), the paint and the mask
 * both kept to the content box: the caller makes the element MASK_MARGIN larger on every side.
 * `layout` is the mask's `position / size`.
 */
export function maskedPaint(paint: string, mask: string, layout: string): Record<string, string | null> {
  const m = `${mask} ${layout} no-repeat content-box`;
  return {
    'box-sizing': 'border-box',
    padding: px(MASK_MARGIN),
    background: paint,
    'background-repeat': noRepeatFor(paint),
    'background-origin': 'content-box',
    'background-clip': 'content-box',
    '-webkit-mask': m,
    mask: m,
  };
}

/** A five-point star in a 24×24 box. */
const STAR = 'M12 1.2l3.3 6.9 7.5 1-5.5 5.2 1.4 7.5L12 18.2l-6.7 3.6 1.4-7.5L1.2 9.1l7.5-1z';

/**
 * Stars as two painted rows masked by star outlines: every star in the empty paint, then the
 * filled part of each in the star paint on top. Masks let either paint be a gradient.
 */
export function ratingHtml(node: RatingNode): string {
  const { starCount: n, starSize: s, starMargin: m } = node;
  const width = n * s + (n - 1) * m;
  const all: string[] = [];
  const filled: string[] = [];
  for (let i = 0; i < n; i++) {
    const x = i * (s + m);
    const share = Math.min(1, Math.max(0, node.value - i));
    const star = `<path d="${STAR}" transform="translate(${x} 0) scale(${s / 24})"/>`;
    all.push(star);
    if (share > 0)
      filled.push(
        `<clipPath id="c${i}"><rect x="${x}" y="0" width="${s * share}" height="${s}"/></clipPath><g clip-path="url(#c${i})">${star}</g>`,
      );
  }
  const row = (paint: string, shapes: string[]) => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${s}" viewBox="0 0 ${width} ${s}">${shapes.join('')}</svg>`;
    const mask = cssUrl(`data:image/svg+xml;base64,${btoa(svg)}`);
    return `<div${style({ position: 'absolute', inset: px(-MASK_MARGIN), ...maskedPaint(paint, mask, '0 0 / 100% 100%') })}></div>`;
  };
  const outer = style({
    ...frameDecls(node),
    display: 'flex',
    'justify-content': { left: 'flex-start', center: 'center', right: 'flex-end' }[node.align.horizontal],
    'align-items': { start: 'flex-start', center: 'center', end: 'flex-end' }[node.align.vertical],
  });
  const stars = `<div${style({ position: 'relative', flex: 'none', width, height: s })}>${row(node.emptyColor, all)}${filled.length > 0 ? row(node.starColor, filled) : ''}</div>`;
  return `<div class="pr-layer" data-layer="${escapeHtml(node.name)}"${outer}>${stars}</div>`;
}

/**
 * The code and its quiet zone (`margin` modules) fill the box's smaller side, centred; the icon
 * covers its centre. A blank payload draws nothing: the layer is an empty slot.
 */
export function qrcodeHtml(node: QrcodeNode, iconUrl: string | null): string {
  if (node.size === 0) return `<div class="pr-layer" data-layer="${escapeHtml(node.name)}"${style(frameDecls(node))}></div>`;
  const q = node.margin;
  const full = node.size + 2 * q;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${-q} ${-q} ${full} ${full}" width="100%" height="100%" shape-rendering="crispEdges" preserveAspectRatio="xMidYMid meet"><rect x="${-q}" y="${-q}" width="${full}" height="${full}" fill="${escapeHtml(node.background)}"/><path d="${node.path}" fill="${escapeHtml(node.foreground)}"/></svg>`;
  const edge = Math.min(node.box.width, node.box.height);
  // A fifth of the code itself, whatever the quiet zone: level H recovers what it covers.
  const iconEdge = Math.round(((edge * node.size) / full) * 0.22);
  const icon =
    iconUrl === null
      ? ''
      : `<img alt="" src="${escapeHtml(iconUrl)}"${style({
          position: 'absolute',
          left: (node.box.width - iconEdge) / 2,
          top: (node.box.height - iconEdge) / 2,
          width: iconEdge,
          height: iconEdge,
          'object-fit': 'contain',
          background: node.background,
          padding: px(iconEdge * 0.08),
          'box-sizing': 'border-box',
        })}>`;
  return `<div class="pr-layer" data-layer="${escapeHtml(node.name)}"${style(frameDecls(node))}>${svg}${icon}</div>`;
}
