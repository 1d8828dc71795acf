import type { PlanFont, PlanNode, RenderPlan } from '../plan/types.js';
import { escapeHtml, style } from './escape.js';
import { FIT_SCRIPT } from './fit-script.js';
import { frameDecls } from './frame.js';
import { qrcodeHtml, ratingHtml, shapeHtml } from './marks.js';
import { illustrationHtml, imageHtml } from './media.js';
import { buttonHtml, textHtml } from './text.js';
import type { FontStack } from './typography.js';

export interface BuildOptions {
  /** The URL the page loads a plan resource from (an intercepted URL); null = not available, drawn without it. */
  assetUrl(ref: string): string | null;
  /** `@font-face` rules for every face the texts (and their fallbacks) use. */
  fontCss: string;
  /** CSS font-family value for a planned font, fallbacks included (see `fontStackCss`). */
  fontStack: FontStack;
}

/** Rules every frame shares; they live in the page shell and in standalone documents. */
const BASE_CSS = `html, body { margin: 0; padding: 0; background: transparent; }
body { overflow: hidden; -webkit-font-smoothing: antialiased; text-rendering: geometricPrecision; }
.pr-layer { position: absolute; box-sizing: border-box; }
.pr-text { font-kerning: normal; }`;

/** What one render puts into a page: its size rule and its canvas. Fonts travel separately. */
export interface Frame {
  /** CSS for this frame only (the body size). */
  css: string;
  /** The canvas element with every layer. */
  html: string;
}

/** RenderPlan → the frame of one render, for a warm page shell (see `SHELL_DOCUMENT`). */
export function buildFrame(plan: RenderPlan, options: Omit<BuildOptions, 'fontCss'>): Frame {
  const layers = buildLayers(plan, options);
  return { css: layers.css, html: `${layers.canvas.slice(0, -'</div>'.length)}\n${layers.layers.join('\n')}\n</div>` };
}

/**
 * The frame of one render cut at its top-level layers, for a page that keeps a design's canvas
 * between renders and replaces only the layers whose HTML changed (render-worker's warm design
 * pages). Each top-level layer draws only inside itself (absolutely positioned, its own ids), so
 * a layer whose HTML is unchanged is drawn and fitted exactly as before.
 */
export interface FrameLayers {
  /** CSS for this frame only (the body size). */
  css: string;
  /** The empty canvas element: `<div id="pr-canvas" style="…"></div>`. */
  canvas: string;
  /** One HTML string per top-level node of the plan, in order (an empty string draws nothing). */
  layers: string[];
}

export function buildLayers(plan: RenderPlan, options: Omit<BuildOptions, 'fontCss'>): FrameLayers {
  const canvas = style({ position: 'relative', width: plan.width, height: plan.height, overflow: 'hidden', background: plan.background });
  return {
    css: `body { width: ${plan.width}px; height: ${plan.height}px; }`,
    canvas: `<div id="pr-canvas"${canvas}></div>`,
    layers: plan.nodes.map((n) => nodeHtml(n, { ...options, fontCss: '' })),
  };
}

/**
 * A page that stays loaded between renders: font rules accumulate in #pr-fonts (each font file
 * is fetched once per page), #pr-design-fonts and #pr-frame are replaced per render, and the
 * canvas goes into #pr-root. `window.__pressroomFit()` then fits the text and reports, exactly
 * as `window.__pressroom.ready` does in a standalone document.
 */
export const SHELL_DOCUMENT = `<!doctype html>
<html><head><meta charset="utf-8">
<style>
${BASE_CSS}
</style>
<style id="pr-fonts"></style>
<style id="pr-design-fonts"></style>
<style id="pr-frame"></style>
</head>
<body><div id="pr-root"></div>
<script>${FIT_SCRIPT}</script>
</body></html>`;

/**
 * RenderPlan → a standalone HTML document of exactly plan.width × plan.height CSS pixels. Every
 * layer is absolutely positioned in canvas coordinates; the document references nothing but the
 * given asset and font URLs, and exposes `window.__pressroom.ready` (see fit-script.ts).
 */
export function buildDocument(plan: RenderPlan, options: BuildOptions): string {
  const frame = buildFrame(plan, options);
  return `<!doctype html>
<html><head><meta charset="utf-8">
<style>
${options.fontCss}
${BASE_CSS}
${frame.css}
</style></head>
<body>${frame.html}
<script>${FIT_SCRIPT}</script>
</body></html>`;
}

function nodeHtml(node: PlanNode, o: BuildOptions): string {
  const url = (ref: string | null) => (ref === null ? null : o.assetUrl(ref));
  switch (node.kind) {
    case 'text':
      return textHtml(node, o.fontStack);
    case 'button':
      return buttonHtml(node, o.fontStack, url(node.icon?.ref ?? null));
    case 'image':
    case 'logo':
      return imageHtml(node, url(node.ref));
    case 'shape':
      return shapeHtml(node);
    case 'illustration':
      return illustrationHtml(node, url(node.ref));
    case 'rating':
      return ratingHtml(node);
    case 'qrcode':
      return qrcodeHtml(node, url(node.iconRef));
    case 'group':
      return groupHtml(node, o);
  }
}

/**
 * A group spans the canvas so its members keep canvas coordinates; its mask becomes a clip-path
 * and its rotation turns around its own box centre. A rotated mask turns the clip around the
 * mask's centre: the clipping box is rotated and the members inside it turned back, so only the
 * outline turns.
 */
function groupHtml(node: Extract<PlanNode, { kind: 'group' }>, o: BuildOptions): string {
  const frame = frameDecls(node);
  const decls = {
    ...frame,
    left: 0,
    top: 0,
    width: '100%',
    height: '100%',
    'transform-origin': `${node.box.x + node.box.width / 2}px ${node.box.y + node.box.height / 2}px`,
  };
  const inner = node.children.map((c) => nodeHtml(c, o)).join('');
  return `<div class="pr-layer pr-group" data-layer="${escapeHtml(node.name)}"${style(decls)}>${maskHtml(node.mask, inner)}</div>`;
}

function maskHtml(m: Extract<PlanNode, { kind: 'group' }>['mask'], inner: string): string {
  if (m === null) return inner;
  const clip =
    m.shape === 'ellipse'
      ? `ellipse(${m.box.width / 2}px ${m.box.height / 2}px at ${m.box.x + m.box.width / 2}px ${m.box.y + m.box.height / 2}px)`
      : `inset(${m.box.y}px calc(100% - ${m.box.x + m.box.width}px) calc(100% - ${m.box.y + m.box.height}px) ${m.box.x}px round ${m.radius})`;
  const turn = m.rotation % 360 !== 0;
  const origin = `${m.box.x + m.box.width / 2}px ${m.box.y + m.box.height / 2}px`;
  const layer = (extra: Record<string, string | null>) => style({ position: 'absolute', inset: '0', ...extra });
  if (!turn) return `<div${layer({ 'clip-path': clip })}>${inner}</div>`;
  return `<div${layer({ 'clip-path': clip, transform: `rotate(${m.rotation}deg)`, 'transform-origin': origin })}><div${layer({ transform: `rotate(${-m.rotation}deg)`, 'transform-origin': origin })}>${inner}</div></div>`;
}

/** A font-family value: the planned family, then the fallback families, then a generic family. */
export function fontStackCss(font: PlanFont, fallbacks: readonly string[]): string {
  const quote = (f: string) => `"${f.replace(/["\\]/g, '\\$&')}"`;
  return [font.family, ...fallbacks.filter((f) => f !== font.family)].map(quote).concat('sans-serif').join(', ');
}
