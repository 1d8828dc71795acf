import type { IllustrationNode, ImageNode } from '../plan/types.js';
import { escapeHtml, px, style } from './escape.js';
import { frameDecls } from './frame.js';

/** Image and logo: the clip (mask) sits inside the shadowed frame so the shadow follows the mask. */
export function imageHtml(node: ImageNode, url: string | null): string {
  const clip = style({
    position: 'absolute',
    inset: '0',
    overflow: 'hidden',
    'border-radius': node.clip.radius,
    'clip-path': node.clip.path,
    outline: node.stroke ? `${px(node.stroke.width)} solid ${node.stroke.color}` : null,
  });
  const img =
    url === null
      ? ''
      : `<img alt="" src="${escapeHtml(url)}"${style({
          display: 'block',
          width: '100%',
          height: '100%',
          'object-fit': node.fit,
          'object-position': node.position,
          filter: node.filter === 'grayscale' ? 'grayscale(1)' : null,
        })}>`;
  // The overlay tints rather than covers: half opacity over the picture.
  const overlay = node.overlay ? `<div${style({ position: 'absolute', inset: '0', background: node.overlay, opacity: '0.5' })}></div>` : '';
  return `<div class="pr-layer" data-layer="${escapeHtml(node.name)}"${style(frameDecls(node))}><div${clip}>${img}${overlay}</div></div>`;
}

export function illustrationHtml(node: IllustrationNode, url: string | null): string {
  if (url === null) return '';
  const inner =
    node.recolor !== null
      ? `<div data-preload="${escapeHtml(url)}"${style({
          width: '100%',
          height: '100%',
          background: node.recolor,
          '-webkit-mask': `url("${url}") ${node.position} / contain no-repeat`,
          mask: `url("${url}") ${node.position} / contain no-repeat`,
        })}></div>`
      : `<img alt="" src="${escapeHtml(url)}"${style({ display: 'block', width: '100%', height: '100%', 'object-fit': 'contain', 'object-position': node.position })}>`;
  return `<div class="pr-layer" data-layer="${escapeHtml(node.name)}"${style(frameDecls(node))}>${inner}</div>`;
}
