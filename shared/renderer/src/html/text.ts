import type { ButtonNode, TextNode } from '../plan/types.js';
import { escapeHtml, px, style } from './escape.js';
import { boxShadow, frameDecls, textShadow } from './frame.js';
import { noRepeatFor } from './marks.js';
import { type FontStack, typographyDecls } from './typography.js';

const JUSTIFY = { start: 'flex-start', center: 'center', end: 'flex-end' } as const;
const ITEMS = { left: 'flex-start', center: 'center', right: 'flex-end', justify: 'stretch' } as const;

/**
 * A text layer: the outer box holds geometry and shadow; a flex box places the text block by the
 * vertical alignment; the block carries typography and horizontal alignment; the run inside it
 * carries the highlight background (cloned on every line). The fitting script works on the block
 * through the data attributes.
 */
export function textHtml(node: TextNode, fontStack: FontStack): string {
  const fit = {
    size: node.fontSize,
    min: node.fit.minFontSize,
    maxLines: node.fit.maxLines,
    harmony: node.fit.harmony,
    truncate: node.fit.truncate,
    lineHeight: node.lineHeight,
    // An overflowing text is clipped to its box; the highlight and the stroke may reach past it.
    clipMargin: Math.max(node.background?.paddingV ?? 0, node.background?.paddingH ?? 0) + (node.stroke?.width ?? 0),
  };
  const flex = style({
    display: 'flex',
    'flex-direction': 'column',
    width: '100%',
    height: '100%',
    'justify-content': JUSTIFY[node.align.vertical],
    'align-items': ITEMS[node.align.horizontal],
    transform: node.skewY !== 0 ? `skewY(${-node.skewY}deg)` : null,
    // Gradient text: the gradient spans the layer box and shows through the glyphs.
    'background-image': node.colorIsGradient ? node.color : null,
    '-webkit-background-clip': node.colorIsGradient ? 'text' : null,
    'background-clip': node.colorIsGradient ? 'text' : null,
  });
  const block = style({
    ...typographyDecls(node, fontStack),
    position: 'relative',
    'max-width': '100%',
    'text-align': node.align.horizontal,
    'text-align-last': node.align.horizontal === 'justify' ? node.align.lastLine : null,
    'white-space': 'pre-wrap',
    'overflow-wrap': 'normal',
    ...sideBorderSpacing(node),
  });
  const run = node.background
    ? style({
        'background-color': node.background.color,
        padding: `${px(node.background.paddingV)} ${px(node.background.paddingH)}`,
        '-webkit-box-decoration-break': 'clone',
        'box-decoration-break': 'clone',
      })
    : '';
  return [
    `<div class="pr-layer pr-text-layer" data-layer="${escapeHtml(node.name)}"${style(frameDecls(node))}>`,
    `<div class="pr-flex"${flex}>`,
    `<div class="pr-text" dir="auto" data-fit="${escapeHtml(JSON.stringify(fit))}"${block}>`,
    sideBorderHtml(node),
    `<span class="pr-run"${run}>${escapeHtml(node.text)}</span>`,
    '</div></div></div>',
  ].join('');
}

/** Room for the side border inside the block, so alignment accounts for it. */
function sideBorderSpacing(node: TextNode): Record<string, string | null> {
  const b = node.sideBorder;
  if (!b) return {};
  return { [`padding-${b.side}`]: px(b.thickness + b.padding) };
}

function sideBorderHtml(node: TextNode): string {
  const b = node.sideBorder;
  if (!b) return '';
  const vertical = b.side === 'left' || b.side === 'right';
  const decls: Record<string, string | number | null> = {
    position: 'absolute',
    background: b.color,
    'border-radius': b.rounded ? px(b.thickness / 2) : null,
  };
  if (vertical) {
    decls[b.side] = 0;
    decls.width = b.thickness;
    decls.top = -b.spread + b.offset;
    decls.height = `calc(100% + ${px(2 * b.spread)})`;
  } else {
    decls[b.side] = 0;
    decls.height = b.thickness;
    decls.left = -b.spread + b.offset;
    decls.width = `calc(100% + ${px(2 * b.spread)})`;
  }
  return `<i class="pr-side"${style(decls)}></i>`;
}

/**
 * A button: the design box places the button (filling it, or hugging the label plus padding);
 * the button lays out icon and label in a row.
 */
export function buttonHtml(node: ButtonNode, fontStack: FontStack, iconUrl: string | null): string {
  const hug = node.padding !== null;
  const outer = style({
    ...frameDecls(node),
    display: 'flex',
    'justify-content': { left: 'flex-start', center: 'center', right: 'flex-end' }[node.align.horizontal],
    'align-items': { start: 'flex-start', center: 'center', end: 'flex-end' }[node.align.vertical],
  });
  const inner = style({
    display: 'flex',
    // The icon's side is its order, not row-reverse, which would also swap what text_align's start means.
    'flex-direction': 'row',
    'align-items': 'center',
    'justify-content': { left: 'flex-start', center: 'center', right: 'flex-end' }[node.textAlign],
    gap: node.icon ? px(node.icon.gap) : null,
    width: hug ? null : '100%',
    height: hug ? null : '100%',
    'max-width': '100%',
    'max-height': '100%',
    padding: hug ? `${px(node.padding!.vertical)} ${px(node.padding!.horizontal)}` : null,
    background: node.background,
    'background-repeat': noRepeatFor(node.background),
    'border-radius': node.radius,
    'box-shadow': boxShadow(node.shadow),
    overflow: 'hidden',
  });
  const label = style({
    ...typographyDecls(node, fontStack),
    'background-image': node.colorIsGradient ? node.color : null,
    '-webkit-background-clip': node.colorIsGradient ? 'text' : null,
    'background-clip': node.colorIsGradient ? 'text' : null,
    'text-shadow': textShadow(node.textShadow),
    'white-space': 'pre',
    'min-width': '0',
  });
  const fit = {
    size: node.fontSize,
    min: node.autoFit ? node.minFontSize : null,
    // A label is one line (white-space: pre); it fails to fit only when auto_resize asked for it.
    maxLines: null,
    harmony: false,
    truncate: false,
    lineHeight: node.lineHeight,
    button: true,
  };
  return [
    `<div class="pr-layer pr-button-layer" data-layer="${escapeHtml(node.name)}"${outer}>`,
    `<div class="pr-button"${inner}>`,
    iconHtml(node, iconUrl),
    `<span class="pr-text pr-label" dir="auto" data-fit="${escapeHtml(JSON.stringify(fit))}"${label}>${escapeHtml(node.text)}</span>`,
    '</div></div>',
  ].join('');
}

function iconHtml(node: ButtonNode, url: string | null): string {
  if (!node.icon || url === null) return '';
  const size = { width: node.icon.size, height: node.icon.size, flex: 'none', order: node.icon.position === 'right' ? '1' : null };
  if (node.icon.color !== null) {
    // Recolouring keeps the icon's shape (its alpha) and paints it in one color.
    const mask = `url("${url}") center / contain no-repeat`;
    return `<span class="pr-icon" data-preload="${escapeHtml(url)}"${style({ ...size, display: 'block', background: node.icon.color, '-webkit-mask': mask, mask })}></span>`;
  }
  return `<img class="pr-icon" alt="" src="${escapeHtml(url)}"${style({ ...size, 'object-fit': 'contain' })}>`;
}
