import { createHash } from 'node:crypto';
import type { AutoFocusSettings, FontCatalogue } from '@pressroom/model';
import { CONTENT_TYPE, defaultQuality, RenderRefusedError, UPLOADED_FONT_FAMILY_PREFIX } from '@pressroom/model';
import { loadFontCatalogue } from '@pressroom/platform';
import { allNodes, buildFrame, buildLayers, fallbackFamilies, fontStackCss, type RenderPlan } from '@pressroom/renderer';
import type { Page } from 'puppeteer';
import type { BrowserSupervisor } from '../browser/browser-supervisor.js';
import { capture, ensureViewport } from '../browser/capture.js';
import { printPdf } from '../browser/print-pdf.js';
import { type WithPageOptions, withPage } from '../browser/with-page.js';
import { type EncodedImage, type EncodeOptions, encodeImage } from '../encode/encode-image.js';
import { type FocusDetector, focusCrop } from './focus.js';
import { fontRulesFor } from './font-css.js';
import { ensureShell } from './shell.js';
import type { RegisterAsset, RenderedFile, RenderOutput, Resource } from './types.js';
import { loadWarm, type WarmTarget } from './warm-load.js';
import '../browser/page-globals.js';

export interface RenderToImageInput {
  plan: RenderPlan;
  page: Page;
  /** The page's interception registry (`RenderContext.registerAsset` inside `withPage`). */
  registerAsset: RegisterAsset;
  /** Fetched bytes of `assetRefsOf(plan)`, by ref; a missing ref draws its layer without it. */
  resources: ReadonlyMap<string, Resource>;
  output: RenderOutput;
  /** Re-encoder of the intermediate PNG (the piscina threads); default the same encoder in this thread. */
  encode?: EncodeCapture;
  catalogue?: FontCatalogue;
  /** The object detector auto_focus uses (docs/ai.md); absent: sharp's saliency strategies. */
  focusDetector?: FocusDetector | null;
  /** Keep the design's canvas on the page and redraw only what changed (warm-load.ts); absent: a fresh canvas. */
  warm?: WarmTarget | null;
  /** Awaited before drawing and before capture: a bulk render steps aside there (`InteractiveGate`). */
  beforeStep?: () => Promise<unknown>;
}

/** `renderToImage` on a page leased from the pool (`withPage`: the deadline, the crash retry on a fresh page). */
export function renderOnPooledPage(
  supervisor: BrowserSupervisor,
  input: Omit<RenderToImageInput, 'page' | 'registerAsset'>,
  options: WithPageOptions,
): Promise<RenderedFile> {
  return withPage(supervisor, (page, context) => renderToImage({ ...input, page, registerAsset: context.registerAsset }), options);
}

/**
 * Draws a plan on a leased page and returns the file. Throws RenderRefusedError when a text
 * cannot fit. Safe to repeat on a fresh page (withPage's crash retry): it only reads its input.
 */
export async function renderToImage(input: RenderToImageInput): Promise<RenderedFile> {
  const { plan, page, output } = input;
  await input.beforeStep?.();
  const started = performance.now();
  const loaded = await loadPlan(input);
  const loadMs = performance.now() - started;
  await input.beforeStep?.();
  const file = await captureFile(input, plan, page, output);
  return { ...file, loadMs, fitMs: loaded.fitMs, warm: loaded.warm };
}

async function captureFile(input: RenderToImageInput, plan: RenderPlan, page: Page, output: RenderOutput): Promise<RenderedFile> {
  const size = { width: plan.width, height: plan.height };
  const contentType = CONTENT_TYPE[output.type];
  // A smaller width goes through the encoder, which resizes; a larger one is ignored (never enlarged).
  const maxWidth = output.width !== undefined && output.width < plan.width ? output.width : undefined;
  if (output.type === 'pdf') return { bytes: await printPdf(page, size), contentType, ...size };
  if (output.type === 'jpeg' && maxWidth === undefined) {
    return {
      bytes: await capture(page, { ...size, format: 'jpeg', quality: output.quality ?? defaultQuality('jpeg')! }),
      contentType,
      ...size,
    };
  }
  // Chromium's own PNG encoder is slow; a fast PNG re-encoded by sharp is quicker for every format.
  const png = await capture(page, {
    ...size,
    format: 'png',
    optimizeForSpeed: true,
    omitBackground: plan.background === null && output.type !== 'jpeg',
  });
  const encode = input.encode ?? encodeInThread;
  const encoded = await encode(png, {
    format: output.type,
    ...(output.quality === undefined ? {} : { quality: output.quality }),
    ...(maxWidth === undefined ? {} : { maxWidth }),
  });
  return { bytes: encoded.bytes, contentType, width: encoded.width, height: encoded.height };
}

/** What putting a plan on a page cost inside the page, and whether the page held its design warm. */
export interface LoadedPlan {
  /** Milliseconds the page spent fitting text (auto_resize, text_harmony, truncation). */
  fitMs: number;
  /** Null without `warm`; else whether the page already held the design's canvas. */
  warm: 'hit' | 'miss' | null;
}

/**
 * Puts a plan on a warm page and fits its text, ready to capture; throws RenderRefusedError
 * when a text cannot fit. Animated frames capture many moments of one load. With `warm`, the
 * page keeps the design's canvas and only the layers whose HTML changed are replaced and fitted
 * (warm-load.ts).
 */
export async function loadPlan(input: Omit<RenderToImageInput, 'output' | 'encode'>): Promise<LoadedPlan> {
  const { plan, page } = input;
  const urls = await registerResources(input);
  const fallbacks = fallbackFamilies(input.catalogue ?? loadFontCatalogue());
  const fonts = await fontRulesFor(plan, input.resources, input.registerAsset, input.catalogue);
  const buildOptions = {
    assetUrl: (ref: string) => urls.get(ref) ?? null,
    fontStack: (font: Parameters<typeof fontStackCss>[0]) => fontStackCss(font, fallbacks),
  };
  await ensureViewport(page, plan.width, plan.height);
  if (input.warm) {
    const loaded = await loadWarm(page, input.warm, buildLayers(plan, buildOptions), fonts);
    checkLoaded(plan, loaded);
    return { fitMs: loaded.fitMs ?? 0, warm: loaded.hit ? 'hit' : 'miss' };
  }
  const frame = buildFrame(plan, buildOptions);

  // A warm page keeps its document between renders: fonts already loaded stay loaded, and a
  // render only swaps the canvas (about 1 ms) instead of loading a whole document.
  await ensureShell(page);
  const result = await page.evaluate(
    async (bundled: string[], designFonts: string, css: string, html: string, uploadedPrefix: string) => {
      const w = window;
      w.__prFontRules ??= new Set<string>();
      const seen = w.__prFontRules;
      // insertRule leaves the faces already loaded alone; rewriting the sheet would reload them.
      const sheet = (document.getElementById('pr-fonts') as HTMLStyleElement).sheet as CSSStyleSheet;
      for (const rule of bundled) {
        if (seen.has(rule)) continue;
        sheet.insertRule(rule, sheet.cssRules.length);
        seen.add(rule);
      }
      const design = document.getElementById('pr-design-fonts') as HTMLStyleElement;
      if (design.textContent !== designFonts) design.textContent = designFonts;
      (document.getElementById('pr-frame') as HTMLStyleElement).textContent = css;
      (document.getElementById('pr-root') as HTMLElement).innerHTML = html;
      if (w.__pressroomFit === undefined) throw new Error('the render shell is not on the page');
      const fit = await w.__pressroomFit();
      // An uploaded face Chromium could not decode leaves its text in a fallback font: name it.
      const failed: string[] = [];
      document.fonts.forEach((face) => {
        const family = face.family.replace(/^"|"$/g, '');
        if (face.status === 'error' && family.startsWith(uploadedPrefix)) failed.push(family);
      });
      return { ...fit, failed };
    },
    fonts.bundled,
    fonts.design,
    frame.css,
    frame.html,
    UPLOADED_FONT_FAMILY_PREFIX,
  );
  checkLoaded(plan, result);
  return { fitMs: result.fitMs ?? 0, warm: null };
}

/** Refuses the render when an uploaded font did not load or a text did not fit. */
function checkLoaded(plan: RenderPlan, result: { ok: boolean; layer?: string; reason?: string; failed: string[] }): void {
  if (result.failed.length > 0) {
    const layer = allNodes(plan.nodes).find((n) => (n.kind === 'text' || n.kind === 'button') && result.failed.includes(n.font.family));
    throw new RenderRefusedError(
      `The uploaded font of ${layer ? `layer "${layer.name}"` : 'a text'} could not be loaded by the browser (the file is not a font it can draw).`,
      layer?.name ?? null,
    );
  }
  if (!result.ok) throw RenderRefusedError.textDoesNotFit(result.layer ?? '', result.reason ?? 'unknown reason');
}

/** Encodes a captured PNG: the format, quality and optional maximum width of the output. */
export type EncodeCapture = (png: Buffer, options: Pick<EncodeOptions, 'format' | 'quality' | 'maxWidth'>) => Promise<EncodedImage>;

/** The piscina threads' own function, run in this thread (tests and tools without a pool). */
const encodeInThread: EncodeCapture = (png, options) => encodeImage({ ...options, input: png });

/** Registers every fetched resource; auto_focus images are cropped to their box around the subject first. */
async function registerResources(
  input: Pick<RenderToImageInput, 'plan' | 'resources' | 'registerAsset' | 'focusDetector'>,
): Promise<Map<string, string>> {
  const crop = new Map<string, { box: { width: number; height: number }; focus: AutoFocusSettings }>();
  for (const node of allNodes(input.plan.nodes)) {
    if ((node.kind === 'image' || node.kind === 'logo') && node.focus !== null && node.ref !== null) {
      crop.set(node.ref, { box: node.box, focus: node.focus });
    }
  }
  const urls = new Map<string, string>();
  for (const asset of input.plan.assets) {
    if (asset.purpose === 'font') continue;
    const resource = input.resources.get(asset.ref);
    if (!resource) continue;
    const focus = crop.get(asset.ref);
    if (focus && resource.contentType !== 'image/svg+xml') {
      urls.set(
        asset.ref,
        pageUrl(
          input.registerAsset,
          await focusCrop(resource.bytes, focus.box, focus.focus, input.focusDetector ?? null),
          'image/png',
          asset.ref,
        ),
      );
    } else {
      urls.set(asset.ref, pageUrl(input.registerAsset, resource.bytes, resource.contentType, asset.ref));
    }
  }
  return urls;
}

/** Below this size an asset travels inside the frame as a data: URL. */
const INLINE_MAX_BYTES = 512 * 1024;

/**
 * Small assets go inline: a data: URL costs a little HTML parsing, where an intercepted request
 * costs a round trip between Chromium and Node for every image of every render.
 */
export function pageUrl(register: RegisterAsset, bytes: Buffer, contentType: string, ref: string): string {
  if (bytes.length <= INLINE_MAX_BYTES) return `data:${contentType};base64,${bytes.toString('base64')}`;
  // Named by content: the URL is the same in every render of these bytes, so a warm canvas that
  // shows them is unchanged and the page never needs them again.
  return register(bytes, contentType, `${ref}/${createHash('sha1').update(bytes).digest('hex')}`, { stable: true });
}
