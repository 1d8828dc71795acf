import { PATTERN_TILES, type PatternName } from '../plan/patterns.js';
import type { QrcodeNode, RatingNode, ShapeNode } from '../plan/types.js';
import { cssUrl, escapeHtml, px, style } from './escape.js';
import { boxShadow, frameDecls } from './frame.js';

export function shapeHtml(node: ShapeNode): string {
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

/** The pattern: an SVG tile as a repeated background, inside the shape's outline and stroke. */
function patternHtml(node: ShapeNode): string {
  const p = node.pattern;
  if (p === null) return '';
  const tile = PATTERN_TILES[p.name as PatternName].replaceAll('"C"', `"${escapeHtml(p.color)}"`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">${tile}</svg>`;
  const inset = node.stroke ? px(node.stroke.width) : '0';
  return `<div class="pr-pattern" data-pattern="${escapeHtml(p.name)}"${style({
    position: 'absolute',
    inset,
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

/** A five-point star in a 24×24 box. */
const STAR = 'M12 1.2l3.3 6.9 7.5 1-5.5 5.2 1.4 7.5L12 18.2l-6.7 3.6 1.4-7.5L1.2 9.1l7.5-1z';

/** Stars as one SVG: every star in the empty color, then the filled part clipped on top. */
export function ratingHtml(node: RatingNode): string {
  const { starCount: n, starSize: s, starMargin: m } = node;
  const width = n * s + (n - 1) * m;
  const stars: string[] = [];
  for (let i = 0; i < n; i++) {
    const x = i * (s + m);
    const filled = Math.min(1, Math.max(0, node.value - i));
    const id = `pr-clip-${escapeHtml(node.name).replace(/[^\w-]/g, '_')}-${i}`;
    const star = (fill: string) => `<path d="${STAR}" fill="${fill}" transform="translate(${x} 0) scale(${s / 24})"/>`;
    stars.push(star(node.emptyColor));
    if (filled > 0) {
      stars.push(`<clipPath id="${id}"><rect x="${x}" y="0" width="${s * filled}" height="${s}"/></clipPath>`);
      stars.push(`<g clip-path="url(#${id})">${star(node.starColor)}</g>`);
    }
  }
  const outer = style({
    ...frameDecls(node),
    display: 'flex',
    'justify-content': { left: 'flex-start', center: 'center', right: 'flex-end' }[node.align.horizontal],
    'align-items': { start: 'flex-start', center: 'center', end: 'flex-end' }[node.align.vertical],
  });
  return `<div class="pr-layer" data-layer="${escapeHtml(node.name)}"${outer}><svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${s}" viewBox="0 0 ${width} ${s}" style="flex:none">${stars.join('')}</svg></div>`;
}

/** The code fills the box's smaller side, centred, with a one-module quiet zone; the icon covers its centre. */
export function qrcodeHtml(node: QrcodeNode, iconUrl: string | null): string {
  const q = 1;
  const full = node.size + 2 * q;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${-q} ${-q} ${full} ${full}" width="100%" height="100%" shape-rendering="crispEdges" preserveAspectRatio="xMidYMid meet"><rect x="${-q}" y="${-q}" width="${full}" height="${full}" fill="${escapeHtml(node.background)}"/><path d="${node.path}" fill="${escapeHtml(node.foreground)}"/></svg>`;
  const edge = Math.min(node.box.width, node.box.height);
  const iconEdge = Math.round(edge * 0.22);
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
