import { allNodes, buildDocument, fallbackFamilies, fontStackCss, type RenderPlan } from '@pressroom/renderer';
import type { FontCatalogue } from '@pressroom/shared/fonts/index';
import type { Page } from 'puppeteer';
import { capture } from '../browser/capture.js';
import { printPdf } from '../browser/print-pdf.js';
import { attentionCrop, encodePng } from './encode.js';
import { CannotBuildBannerError } from './errors.js';
import { fontCssFor } from './font-css.js';
import { CONTENT_TYPES, type RegisterAsset, type RenderedFile, type RenderOutput, type Resource } from './types.js';

export interface RenderToImageInput {
  plan: RenderPlan;
  page: Page;
  /** The page's interception registry (`RenderContext.registerAsset` inside `withPage`). */
  registerAsset: RegisterAsset;
  /** Fetched bytes of `assetRefsOf(plan)`, by ref; a missing ref draws its layer without it. */
  resources: ReadonlyMap<string, Resource>;
  output: RenderOutput;
  /** Re-encoder of the intermediate PNG (e.g. piscina threads); default sharp in this thread. */
  encode?: (png: Buffer, type: 'png' | 'webp' | 'avif', quality: number | undefined) => Promise<Buffer>;
  catalogue?: FontCatalogue;
}

/**
 * Draws a plan on a leased page and returns the file. Throws CannotBuildBannerError when a text
 * cannot fit. Safe to repeat on a fresh page (withPage's crash retry): it only reads its input.
 */
export async function renderToImage(input: RenderToImageInput): Promise<RenderedFile> {
  const { plan, page, output } = input;
  const urls = await registerResources(input);
  const fallbacks = fallbackFamilies(input.catalogue);
  const fontCss = await fontCssFor(plan, input.resources, input.registerAsset, input.catalogue);
  const html = buildDocument(plan, {
    assetUrl: (ref) => urls.get(ref) ?? null,
    fontCss,
    fontStack: (font) => fontStackCss(font, fallbacks),
  });

  await page.setViewport({ width: plan.width, height: plan.height, deviceScaleFactor: 1 });
  await page.setContent(html, { waitUntil: 'domcontentloaded' });
  const result = await page.evaluate(
    () => (window as unknown as { __pressroom: { ready: Promise<{ ok: boolean; layer?: string; reason?: string }> } }).__pressroom.ready,
  );
  if (!result.ok) throw new CannotBuildBannerError(result.layer ?? '', result.reason ?? 'unknown reason');

  const size = { width: plan.width, height: plan.height };
  const contentType = CONTENT_TYPES[output.type];
  switch (output.type) {
    case 'pdf':
      return { bytes: await printPdf(page, size), contentType, ...size };
    case 'jpeg':
      return { bytes: await capture(page, { ...size, format: 'jpeg', quality: output.quality ?? 90 }), contentType, ...size };
    default: {
      // Chromium's own PNG encoder is slow; a fast PNG re-encoded by sharp is quicker for every format.
      const png = await capture(page, { ...size, format: 'png', optimizeForSpeed: true, omitBackground: plan.background === null });
      const encode = input.encode ?? encodePng;
      return { bytes: await encode(png, output.type, output.quality), contentType, ...size };
    }
  }
}

/** Registers every fetched resource; auto_focus images are attention-cropped to their box first. */
async function registerResources(input: RenderToImageInput): Promise<Map<string, string>> {
  const crop = new Map<string, { width: number; height: number }>();
  for (const node of allNodes(input.plan.nodes)) {
    if ((node.kind === 'image' || node.kind === 'logo') && node.attentionCrop && node.ref !== null) crop.set(node.ref, node.box);
  }
  const urls = new Map<string, string>();
  for (const asset of input.plan.assets) {
    if (asset.purpose === 'font') continue;
    const resource = input.resources.get(asset.ref);
    if (!resource) continue;
    const box = crop.get(asset.ref);
    if (box && resource.contentType !== 'image/svg+xml') {
      urls.set(asset.ref, input.registerAsset(await attentionCrop(resource.bytes, box.width, box.height), 'image/png', asset.ref));
    } else {
      urls.set(asset.ref, input.registerAsset(resource.bytes, resource.contentType, asset.ref));
    }
  }
  return urls;
}
