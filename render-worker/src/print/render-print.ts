// The print route: the static renderer lays out and prints each page in Chromium with colour
// keys, then assembleCmykPdf turns the RGB pages into one DeviceCMYK document (docs/print.md).

import type { MultipageDesign, NormalisedOverrides, PrinterDesign } from '@pressroom/model';
import { resolveFrame } from '@pressroom/model';
import { mapConcurrently } from '@pressroom/platform';
import { allNodes, assetRefsOf, planRender, type RenderPlan } from '@pressroom/renderer';
import sharp from 'sharp';
import type { BrowserSupervisor } from '../browser/index.js';
import type { AssetLoader } from '../fetch/load-asset.js';
import type { Resource } from '../fetch/resource.js';
import { renderOnPooledPage } from '../static/index.js';
import { bundledRenderFonts, type RenderFonts } from '../static/render-fonts.js';
import { assembleCmykPdf, type ChromiumPage } from './cmyk-pdf.js';
import { ColorKeys, keyColors } from './color-keys.js';
import { pageGeometry } from './geometry.js';
import { applyCmykLut, buildCmykLut, type CmykLut } from './icc-lut.js';
import type { OutputProfile } from './output-profile.js';

export type PrintDesign = PrinterDesign | MultipageDesign;

/** Pages of one document in Chromium at once (the worker's page pool is 2 by default). */
const PAGE_CONCURRENCY = 2;

export interface PrintPageRequest {
  /** A format name (printer) or a page id (`page_1` …, multipage). */
  frame: string;
  overrides: NormalisedOverrides;
}

export interface PrintOptions {
  /** Crop marks in a slug outside the bleed (a Pressroom extension, off by default). */
  cropMarks: boolean;
  /** The safe zone drawn as a dashed magenta outline (a Pressroom extension, off by default). */
  safeZone: boolean;
}

export interface PrintRenderInput {
  design: PrintDesign;
  pages: PrintPageRequest[];
  options: PrintOptions;
  loadAsset?: AssetLoader;
  profile: OutputProfile;
  signal: AbortSignal;
  /** Deadline of each page's layout and print. */
  timeoutMs: number;
  /** The workspace's fonts (bundled plus uploaded); default the bundled ones only. */
  fonts?: RenderFonts;
}

export interface PrintRenderOutput {
  bytes: Buffer;
  pages: number;
  timings: { fetch: number; layout: number; capture: number; encode: number };
}

/** Renders the pages, in order, into one press-ready PDF. */
export async function renderPrintPdf(supervisor: BrowserSupervisor, input: PrintRenderInput): Promise<PrintRenderOutput> {
  const timings = { fetch: 0, layout: 0, capture: 0, encode: 0 };
  const keys = new ColorKeys();
  const design = keyColors(input.design, keys);
  const fetched = new Map<string, Promise<Resource | null>>();
  let t = performance.now();
  const fonts = input.fonts ?? bundledRenderFonts();
  const planned = input.pages.map((request) => {
    const frame = resolveFrame(input.design, request.frame);
    if (frame === null || frame.print === null || frame.unit === 'px') throw new Error(`No print frame ${request.frame}.`);
    const plan = planRender({
      catalogue: fonts.catalogue,
      design,
      formatName: request.frame,
      overrides: keyColors(request.overrides, keys),
    });
    const geometry = pageGeometry({
      unit: frame.unit,
      width: frame.width,
      height: frame.height,
      bleed: frame.print.bleed,
      safe: frame.print.safe,
      cropMarks: input.options.cropMarks,
    });
    return { plan, geometry };
  });
  for (const { plan } of planned) await fonts.prepare(plan);
  timings.layout += seconds(t);

  // Pages go through Chromium PAGE_CONCURRENCY at a time: a document of many pages keeps the
  // worker's pages busy without flooding the pool's queue, and a page that fails starts no other.
  t = performance.now();
  const pages: ChromiumPage[] = await mapConcurrently(planned, PAGE_CONCURRENCY, async ({ plan, geometry }) => {
    const resources = await loadResources(plan, input.loadAsset, fetched);
    const file = await renderOnPooledPage(
      supervisor,
      { plan, resources, catalogue: fonts.catalogue, output: { type: 'pdf' } },
      { timeoutMs: input.timeoutMs, signal: input.signal },
    );
    return { pdf: file.bytes, canvasPx: { width: plan.width, height: plan.height }, geometry };
  });
  timings.capture += seconds(t);

  t = performance.now();
  const bytes = await assembleCmykPdf({
    pages,
    keys,
    outputProfile: input.profile,
    toCmyk: (image) => imageToCmyk(image, input.profile.path),
    title: input.design.name,
    cropMarks: input.options.cropMarks,
    safeZone: input.options.safeZone,
  });
  timings.encode += seconds(t);
  return { bytes: Buffer.from(bytes), pages: pages.length, timings };
}

/**
 * The plan's assets, raster images resampled to what their box needs at the page's DPI (the
 * plan's pixels are device pixels at that DPI), so the PDF never carries more than the format's
 * resolution. Fetches are shared across pages of one document.
 */
async function loadResources(
  plan: RenderPlan,
  loadAsset: AssetLoader | undefined,
  fetched: Map<string, Promise<Resource | null>>,
): Promise<Map<string, Resource>> {
  const boxes = new Map<string, { width: number; height: number; cover: boolean }>();
  for (const node of allNodes(plan.nodes)) {
    if ((node.kind === 'image' || node.kind === 'logo') && node.ref !== null) {
      boxes.set(node.ref, { width: node.box.width, height: node.box.height, cover: node.fit === 'cover' });
    }
  }
  const resources = new Map<string, Resource>();
  await Promise.all(
    assetRefsOf(plan).map(async (ref) => {
      if (!loadAsset) return;
      const key = JSON.stringify(ref.source);
      let pending = fetched.get(key);
      if (!pending) {
        pending = loadAsset(ref.source);
        fetched.set(key, pending);
      }
      const got = await pending;
      if (!got) return;
      const box = boxes.get(ref.ref);
      resources.set(ref.ref, box && got.contentType !== 'image/svg+xml' ? await resample(got, box) : got);
    }),
  );
  return resources;
}

/** At most one image pixel per device pixel of the box (cover: the box is covered, contain: fitted). */
export function resampledSize(
  image: { width: number; height: number },
  box: { width: number; height: number; cover: boolean },
): { width: number; height: number } | null {
  const sx = box.width / image.width;
  const sy = box.height / image.height;
  const scale = box.cover ? Math.max(sx, sy) : Math.min(sx, sy);
  if (scale >= 1 || !Number.isFinite(scale) || scale <= 0) return null;
  return { width: Math.max(1, Math.floor(image.width * scale)), height: Math.max(1, Math.floor(image.height * scale)) };
}

async function resample(resource: Resource, box: { width: number; height: number; cover: boolean }): Promise<Resource> {
  // sharp reads from the one buffer and streams out the smaller image; orientation is applied
  // here, as Chromium would have applied it.
  const source = sharp(resource.bytes, { failOn: 'none', limitInputPixels: false }).rotate();
  const meta = await source.metadata();
  const oriented =
    (meta.orientation ?? 1) >= 5
      ? { width: meta.height ?? 0, height: meta.width ?? 0 }
      : { width: meta.width ?? 0, height: meta.height ?? 0 };
  const size = resampledSize(oriented, box);
  if (size === null && (meta.orientation ?? 1) === 1) return resource;
  const resized = size ? source.resize(size.width, size.height, { fit: 'fill' }) : source;
  const bytes = await resized.png({ compressionLevel: 1 }).toBuffer();
  return { bytes, contentType: 'image/png' };
}

const luts = new Map<string, Promise<CmykLut>>();

/** RGB pixels (a JPEG, or raw 8-bit RGB) → raw 8-bit CMYK through the output profile's table. */
async function imageToCmyk(
  image: { encoded: Buffer; jpeg: boolean; width: number; height: number; channels: number },
  profilePath: string,
): Promise<Buffer> {
  let lut = luts.get(profilePath);
  if (!lut) {
    lut = buildCmykLut(profilePath);
    luts.set(profilePath, lut);
    lut.catch(() => luts.delete(profilePath));
  }
  const rgb = image.jpeg
    ? await sharp(image.encoded).toColourspace('srgb').removeAlpha().raw().toBuffer()
    : image.channels === 3
      ? image.encoded
      : await sharp(image.encoded, { raw: { width: image.width, height: image.height, channels: image.channels as 1 } })
          .toColourspace('srgb')
          .raw()
          .toBuffer();
  if (rgb.length !== image.width * image.height * 3) throw new Error('An image of the PDF does not match its declared size.');
  return applyCmykLut(rgb, await lut);
}

function seconds(since: number): number {
  return (performance.now() - since) / 1000;
}
