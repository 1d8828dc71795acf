import { UPLOADED_FONT_FAMILY_PREFIX } from '@pressroom/model';
import type { FrameLayers } from '@pressroom/renderer';
import type { Page } from 'puppeteer';
import type { FontRules } from './font-css.js';
import { ensureShell } from './shell.js';
import { type ShownDesign, type WarmDesigns, type WarmKey, warmKeyString } from './warm-designs.js';

/** The warm designs of this worker and the design (version, format) this render draws. */
export interface WarmTarget {
  designs: WarmDesigns;
  key: WarmKey;
}

/** What the page did: fit results, whether the canvas was there, and what it holds. */
interface PageAnswer {
  ok: boolean;
  layer?: string;
  reason?: string;
  fitMs?: number;
  failed: string[];
  /** The page has no shell, or no canvas for a key the worker thought it held. */
  missing?: boolean;
  /** Decoded bytes of the canvas's images, for the LRU's memory bound. */
  imageBytes: number;
}

interface WarmPatch {
  key: string;
  bundled: string[];
  designFonts: string;
  css: string;
  /** The canvas element's HTML when it changed (or is new), else null. */
  canvas: string | null;
  /** Layer count: a new canvas gets one marker per layer. */
  count: number;
  /** Build the canvas from nothing (a miss). */
  rebuild: boolean;
  /** [index, html] of each layer to replace. */
  patches: [number, string][];
  /** Canvases evicted from this page since its last render. */
  drops: string[];
  uploadedPrefix: string;
}

/**
 * Draws a frame on a page that may hold the design's canvas already. The page keeps one canvas
 * per warm design, detached while another is shown, each layer after a comment marker; a render
 * replaces the layers whose HTML differs from what the canvas shows and fits only their text.
 * Everything outside the changed layers (fonts loaded, images decoded, text fitted) is what the
 * same HTML produced before, so the pixels are a cold render's (warm-pages.e2e.test.ts).
 */
export async function loadWarm(
  page: Page,
  target: WarmTarget,
  frame: FrameLayers,
  fonts: FontRules,
): Promise<PageAnswer & { hit: boolean }> {
  const key = warmKeyString(target.key);
  const shown = target.designs.shown(page, key);
  const drops = target.designs.takeDrops(page).filter((k) => k !== key);
  const patch = (previous: ShownDesign | null): WarmPatch => ({
    key,
    bundled: fonts.bundled,
    designFonts: fonts.design,
    css: frame.css,
    canvas: previous?.canvas === frame.canvas ? null : frame.canvas,
    count: frame.layers.length,
    rebuild: previous === null,
    patches: frame.layers.flatMap((html, i): [number, string][] => (previous?.layers[i] === html ? [] : [[i, html]])),
    drops,
    uploadedPrefix: UPLOADED_FONT_FAMILY_PREFIX,
  });
  // Same layer count: patch by index; otherwise the canvas is drawn anew.
  const usable = shown !== null && shown.layers.length === frame.layers.length && shown.designFonts === fonts.design ? shown : null;
  const first = patch(usable);
  let answer = await drawWarm(page, first);
  const hit = usable !== null && !answer.missing;
  if (answer.missing) {
    // The page lost its shell or the canvas (another document was loaded into it), or another
    // design's own fonts are in place: draw the canvas anew.
    await ensureShell(page);
    answer = await drawWarm(page, { ...patch(null), drops: [] });
  }
  const metrics = target.designs.options.metrics;
  (hit ? metrics?.hits : metrics?.misses)?.inc();
  if (answer.ok && answer.failed.length === 0) {
    const html = frame.canvas.length + frame.css.length + fonts.design.length + frame.layers.reduce((a, l) => a + l.length, 0);
    const raster = canvasPixels(frame.css) * 4;
    target.designs.remember(
      page,
      target.key,
      { css: frame.css, canvas: frame.canvas, designFonts: fonts.design, layers: frame.layers },
      html * 2 + answer.imageBytes + raster,
    );
    metrics?.layersPatched.inc(hit ? first.patches.length : frame.layers.length);
  }
  return { ...answer, hit };
}

function canvasPixels(css: string): number {
  const m = /width: (\d+)px; height: (\d+)px/.exec(css);
  return m ? Number(m[1]) * Number(m[2]) : 0;
}

/**
 * The page side, as plain JavaScript in a string (like the renderer's FIT_SCRIPT): a serialised
 * TypeScript function would carry the transpiler's helpers (tsx names functions with `__name`),
 * which do not exist in the page. Called with one WarmPatch; answers a PageAnswer.
 */
const DRAW_WARM = `async (p) => {
  const w = window;
  const root = document.getElementById('pr-root');
  if (typeof w.__pressroomFitIn !== 'function' || root === null) return { ok: false, failed: [], missing: true, imageBytes: 0 };
  w.__prWarm ??= new Map();
  const warm = w.__prWarm;
  for (const k of p.drops) warm.delete(k);
  let canvas = warm.get(p.key);
  const design = document.getElementById('pr-design-fonts');
  // Another design's own fonts are in place: this canvas was fitted with other faces; draw it anew.
  if (!p.rebuild && (canvas === undefined || design.textContent !== p.designFonts)) {
    return { ok: false, failed: [], missing: true, imageBytes: 0 };
  }

  // insertRule leaves the faces already loaded alone; rewriting the sheet would reload them.
  w.__prFontRules ??= new Set();
  const seen = w.__prFontRules;
  const sheet = document.getElementById('pr-fonts').sheet;
  for (const rule of p.bundled) {
    if (seen.has(rule)) continue;
    sheet.insertRule(rule, sheet.cssRules.length);
    seen.add(rule);
  }
  if (design.textContent !== p.designFonts) design.textContent = p.designFonts;
  const frame = document.getElementById('pr-frame');
  if (frame.textContent !== p.css) frame.textContent = p.css;

  function parse(html) {
    const template = document.createElement('template');
    template.innerHTML = html;
    return template.content;
  }
  if (p.rebuild || canvas === undefined) {
    const fresh = parse(p.canvas || '').firstElementChild;
    canvas = { el: fresh, marks: Array.from({ length: p.count }, (_, i) => document.createComment('pr:' + i)) };
    fresh.append(...canvas.marks);
    warm.set(p.key, canvas);
  } else if (p.canvas !== null) {
    const fresh = parse(p.canvas).firstElementChild;
    canvas.el.setAttribute('style', fresh.getAttribute('style') || '');
  }
  const el = canvas.el;
  const marks = canvas.marks;
  const roots = [];
  for (const [i, html] of p.patches) {
    const mark = marks[i];
    const end = marks[i + 1] || null;
    while (mark.nextSibling !== null && mark.nextSibling !== end) mark.nextSibling.remove();
    const fragment = parse(html);
    roots.push(...Array.from(fragment.children));
    mark.after(fragment);
  }
  const attached = root.firstElementChild === el && root.childNodes.length === 1;
  if (!attached) root.replaceChildren(el);
  const fit = roots.length > 0 ? await w.__pressroomFitIn(roots) : { ok: true, fitMs: 0 };
  if (!attached) {
    // A canvas shown again: its images were decoded before; make sure they still are before the capture.
    await Promise.all(Array.from(el.querySelectorAll('img')).map((img) => img.decode().catch(() => undefined)));
  }
  // An uploaded face Chromium could not decode leaves its text in a fallback font: name it.
  const failed = [];
  document.fonts.forEach((face) => {
    const family = face.family.replace(/^"|"$/g, '');
    if (face.status === 'error' && family.startsWith(p.uploadedPrefix)) failed.push(family);
  });
  let imageBytes = 0;
  for (const img of Array.from(el.querySelectorAll('img'))) imageBytes += img.naturalWidth * img.naturalHeight * 4;
  if (!fit.ok) warm.delete(p.key);
  return { ...fit, failed, imageBytes };
}`;

/** Runs DRAW_WARM in the page with one patch. */
function drawWarm(page: Page, patch: WarmPatch): Promise<PageAnswer> {
  return page.evaluate(`(${DRAW_WARM})(${JSON.stringify(patch)})`) as Promise<PageAnswer>;
}
