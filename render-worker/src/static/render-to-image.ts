import type { AutoFocusSettings, FontCatalogue } from '@pressroom/model';
import { CONTENT_TYPE, defaultQuality, RenderRefusedError, UPLOADED_FONT_FAMILY_PREFIX } from '@pressroom/model';
import { loadFontCatalogue } from '@pressroom/platform';
import { allNodes, buildFrame, fallbackFamilies, fontStackCss, type RenderPlan, SHELL_DOCUMENT } from '@pressroom/renderer';
import type { Page } from 'puppeteer';
import { capture } from '../browser/capture.js';
import { printPdf } from '../browser/print-pdf.js';
import { type EncodedImage, type EncodeOptions, encodeImage } from '../encode/encode-image.js';
import { type FocusDetector, focusCrop } from './focus.js';
import { fontRulesFor } from './font-css.js';
import type { RegisterAsset, RenderedFile, RenderOutput, Resource } from './types.js';

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
}

/**
 * Draws a plan on a leased page and returns the file. Throws RenderRefusedError when a text
 * cannot fit. Safe to repeat on a fresh page (withPage's crash retry): it only reads its input.
 */
export async function renderToImage(input: RenderToImageInput): Promise<RenderedFile> {
  const { plan, page, output } = input;
  await loadPlan(input);

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

/**
 * Puts a plan on a warm page and fits its text, ready to capture; throws RenderRefusedError
 * when a text cannot fit. Animated frames capture many moments of one load.
 */
export async function loadPlan(input: Omit<RenderToImageInput, 'output' | 'encode'>): Promise<void> {
  const { plan, page } = input;
  const urls = await registerResources(input);
  const fallbacks = fallbackFamilies(input.catalogue ?? loadFontCatalogue());
  const fonts = await fontRulesFor(plan, input.resources, input.registerAsset, input.catalogue);
  const frame = buildFrame(plan, {
    assetUrl: (ref) => urls.get(ref) ?? null,
    fontStack: (font) => fontStackCss(font, fallbacks),
  });

  // A warm page keeps its document between renders: fonts already loaded stay loaded, and a
  // render only swaps the canvas (about 1 ms) instead of loading a whole document.
  await ensureShell(page);
  await ensureViewport(page, plan.width, plan.height);
  const result = await page.evaluate(
    async (bundled: string[], designFonts: string, css: string, html: string, uploadedPrefix: string) => {
      const w = window as unknown as {
        __prFontRules?: Set<string>;
        __pressroomFit(): Promise<{ ok: boolean; layer?: string; reason?: string }>;
      };
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

const viewports = new WeakMap<Page, string>();

/** Loads the render shell into a page unless it already holds it. */
export async function ensureShell(page: Page): Promise<void> {
  const warm = await page.evaluate(
    () =>
      typeof (window as unknown as { __pressroomFit?: unknown }).__pressroomFit === 'function' &&
      document.getElementById('pr-root') !== null,
  );
  if (!warm) await page.setContent(SHELL_DOCUMENT, { waitUntil: 'domcontentloaded' });
}

async function ensureViewport(page: Page, width: number, height: number): Promise<void> {
  const key = `${width}x${height}`;
  if (viewports.get(page) === key) return;
  await page.setViewport({ width, height, deviceScaleFactor: 1 });
  viewports.set(page, key);
}

/** Below this size an asset travels inside the frame as a data: URL. */
const INLINE_MAX_BYTES = 512 * 1024;

/**
 * Small assets go inline: a data: URL costs a little HTML parsing, where an intercepted request
 * costs a round trip between Chromium and Node for every image of every render.
 */
export function pageUrl(register: RegisterAsset, bytes: Buffer, contentType: string, ref: string): string {
  if (bytes.length <= INLINE_MAX_BYTES) return `data:${contentType};base64,${bytes.toString('base64')}`;
  return register(bytes, contentType, ref);
}
