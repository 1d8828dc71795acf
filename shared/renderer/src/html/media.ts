import type { IllustrationNode, ImageNode } from '../plan/types.js';
import { escapeHtml, px, style } from './escape.js';
import { frameDecls } from './frame.js';
import { MASK_MARGIN, maskedPaint } from './marks.js';

/**
 * Image and logo: the clip (mask) sits inside the shadowed frame so the shadow follows the mask.
 * `mask_properties.skew_y` slants the clip and turns the picture back inside it, so only the
 * mask's outline slants.
 */
export function imageHtml(node: ImageNode, url: string | null): string {
  // No source: an empty slot a generation fills, drawn as nothing (no frame, no overlay).
  if (node.ref === null) return `<div class="pr-layer" data-layer="${escapeHtml(node.name)}"${style(frameDecls(node))}></div>`;
  const skew = node.maskSkewY !== 0 ? `skewY(${-node.maskSkewY}deg)` : null;
  const clip = style({
    position: 'absolute',
    inset: '0',
    overflow: 'hidden',
    'border-radius': node.clip.radius,
    'clip-path': node.clip.path,
    outline: node.stroke ? `${px(node.stroke.width)} solid ${node.stroke.color}` : null,
    transform: skew,
  });
  const filterId = `pr-duotone-${escapeHtml(node.name).replace(/[^\w-]/g, '_')}`;
  const img =
    url === null
      ? ''
      : `<img alt="" src="${escapeHtml(url)}"${style({
          display: 'block',
          width: '100%',
          height: '100%',
          'object-fit': node.fit,
          'object-position': node.position,
          filter: node.filter === null ? null : node.filter.kind === 'grayscale' ? 'grayscale(1)' : `url(#${filterId})`,
          'transform-origin': node.zoom !== 1 ? node.position : null,
          transform: pictureTransform(node, skew),
        })}>`;
  // The overlay tints rather than covers: half opacity over the picture.
  const overlay = node.overlay ? `<div${style({ position: 'absolute', inset: '0', background: node.overlay, opacity: '0.5' })}></div>` : '';
  const defs = node.filter?.kind === 'duotone' && url !== null ? duotoneFilter(filterId, node.filter.dark, node.filter.light) : '';
  return `<div class="pr-layer" data-layer="${escapeHtml(node.name)}"${style(frameDecls(node))}>${defs}<div${clip}>${img}${overlay}</div></div>`;
}

/** Offsets, then the skew's counter-turn, then the zoom around the anchor; null when none applies. */
function pictureTransform(node: ImageNode, skew: string | null): string | null {
  const parts: string[] = [];
  if (node.offset.x !== 0 || node.offset.y !== 0) parts.push(`translate(${px(node.offset.x)}, ${px(node.offset.y)})`);
  if (skew !== null) parts.push(`skewY(${node.maskSkewY}deg) scale(${skewCover(node)})`);
  if (node.zoom !== 1) parts.push(`scale(${node.zoom})`);
  return parts.length === 0 ? null : parts.join(' ');
}

/** How much the upright picture grows so it still covers the slanted mask's corners. */
function skewCover(node: ImageNode): number {
  const { width, height } = node.box;
  return Math.round((1 + (width * Math.abs(Math.tan((node.maskSkewY * Math.PI) / 180))) / Math.max(1, height)) * 1000) / 1000;
}

/**
 * Duotone as an SVG filter: luminance (Rec. 709 weights) into every channel, then each channel
 * mapped linearly from the dark colour's value to the light colour's. Alpha is kept.
 */
function duotoneFilter(id: string, dark: string, light: string): string {
  const [d, l] = [rgb(dark), rgb(light)];
  const lum = '0.2126 0.7152 0.0722 0 0';
  const func = (c: 'R' | 'G' | 'B', i: 0 | 1 | 2) => `<feFunc${c} type="table" tableValues="${d[i] / 255} ${l[i] / 255}"/>`;
  return `<svg width="0" height="0" style="position:absolute" aria-hidden="true"><filter id="${id}" color-interpolation-filters="sRGB"><feColorMatrix type="matrix" values="${lum} ${lum} ${lum} 0 0 0 1 0"/><feComponentTransfer>${func('R', 0)}${func('G', 1)}${func('B', 2)}</feComponentTransfer></filter></svg>`;
}

/** `#RGB` / `#RRGGBB` (the palettes' form) to channels. */
function rgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h.slice(0, 6);
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

export function illustrationHtml(node: IllustrationNode, url: string | null): string {
  if (url === null) return '';
  const inner =
    node.recolor !== null
      ? `<div data-preload="${escapeHtml(url)}"${style({
          position: 'absolute',
          inset: px(-MASK_MARGIN),
          ...maskedPaint(node.recolor, `url("${url}")`, `${node.position} / contain`),
        })}></div>`
      : `<img alt="" src="${escapeHtml(url)}"${style({ display: 'block', width: '100%', height: '100%', 'object-fit': 'contain', 'object-position': node.position })}>`;
  return `<div class="pr-layer" data-layer="${escapeHtml(node.name)}"${style(frameDecls(node))}>${inner}</div>`;
}
