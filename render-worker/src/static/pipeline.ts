// The ONE place the render task calls the renderer (planRender → assetRefsOf → renderToImage,
// which runs buildDocument on the page). Everything around it — payload, design, store, banner,
// retries, metrics — lives in task.ts and does not change when the renderer does.

import type { NormalisedOverrides, StaticDesign, StaticFileType } from '@pressroom/model';
import { allNodes, assetRefsOf, planRender, type RenderPlan } from '@pressroom/renderer';
import type { Page } from 'puppeteer';
import type { AiProcessor } from '../ai/processor.js';
import type { BrowserSupervisor } from '../browser/index.js';
import type { EncoderPool } from '../encode/index.js';
import type { AssetLoader } from '../fetch/load-asset.js';
import type { Resource } from '../fetch/resource.js';
import type { FocusDetector } from './focus.js';
import { type EncodeCapture, renderOnPooledPage } from './index.js';
import { type InteractiveGate, isBulkPriority } from './interactive-gate.js';
import { bundledRenderFonts, type RenderFonts } from './render-fonts.js';
import { type WarmDesigns, warmKeyString } from './warm-designs.js';

export interface StaticRenderInput {
  design: StaticDesign;
  formatName: string;
  overrides: NormalisedOverrides;
  fileType: StaticFileType;
  /**
   * Bytes of an asset the plan needs (guarded fetch, storage, data URLs): `createAssetLoader`.
   * Absent: layers are drawn without their external assets.
   */
  loadAsset?: AssetLoader;
  signal: AbortSignal;
  /**
   * Deadline of this render, queue wait included; default the renderer's (the sync budget).
   * Background work such as import previews may wait longer for a page than a caller can.
   */
  timeoutMs?: number;
  /** Scale the file down to at most this width (aspect kept, never enlarged): the job's `output_width`. */
  outputWidth?: number;
  /** The job's `quality` (the request's `file_compression_level`); absent: the encoder's default. */
  quality?: number;
  /** The workspace's fonts (bundled plus uploaded); default the bundled ones only. */
  fonts?: RenderFonts;
  /**
   * The design's id and stored version: with the renderer's `warm` designs, the page keeps the
   * design's canvas for the next render of it (docs/render-worker.md, "Warm design pages").
   */
  warmKey?: { designId: string; version: string };
  /**
   * The job's graphile-worker priority (lower first): a render waiting for a page is served in
   * this order, so a sync render never queues behind a bulk run's (docs/bulk.md). Default 0.
   */
  priority?: number;
}

export interface StaticRenderOutput {
  bytes: Buffer;
  contentType: string;
  /** Pixel size of the file (smaller than the format's with `outputWidth`). */
  width: number;
  height: number;
  /**
   * Seconds spent in each stage: `update` (the page takes the plan: assets, layers, fonts and
   * images) and `fit` (text fitting in the page) are taken out of `capture`, which keeps the page
   * wait and the CDP capture.
   */
  timings: { fetch: number; layout: number; update: number; fit: number; capture: number; encode: number };
  /** Whether the page held the design warm; null without warm pages. */
  warm: 'hit' | 'miss' | null;
  /** AI operations served from stored results instead of running (their credits are given back). */
  aiReused?: number;
}

export type StaticRenderer = (input: StaticRenderInput) => Promise<StaticRenderOutput>;

export function createChromiumRenderer(
  supervisor: BrowserSupervisor,
  options: {
    timeoutMs: number;
    encoder?: EncoderPool | null;
    ai?: AiProcessor | null;
    focusDetector?: FocusDetector | null;
    /** The worker's warm design canvases; absent: every render draws a fresh canvas. */
    warm?: WarmDesigns | null;
    /** Where a bulk render steps aside for the worker's sync renders; null: it never does. Required, as in RenderDeps. */
    gate: InteractiveGate | null;
  },
): StaticRenderer {
  const encoder = options.encoder ?? null;
  const warmDesigns = options.warm ?? null;
  return async (input) => {
    const timings = { fetch: 0, layout: 0, update: 0, fit: 0, capture: 0, encode: 0 };
    let t = performance.now();
    const fonts = input.fonts ?? bundledRenderFonts();
    const plan = planRender({
      catalogue: fonts.catalogue,
      design: input.design,
      formatName: input.formatName,
      overrides: input.overrides,
    });
    timings.layout = seconds(t);

    t = performance.now();
    const resources = new Map<string, Resource>();
    await Promise.all(
      assetRefsOf(plan).map(async (ref) => {
        const got = input.loadAsset ? await input.loadAsset(ref.source) : null;
        if (got) resources.set(ref.ref, got);
      }),
    );
    await fonts.prepare(plan);
    // AI operations on the fetched images, before a page is taken (docs/ai.md).
    const aiReused = options.ai ? await applyAiOps(plan, resources, options.ai, input) : 0;
    timings.fetch = seconds(t);

    // Encoding of PNG/WebP/AVIF runs in the encoder threads when there are some, by the job's
    // priority; its time is measured inside and taken out of capture.
    const encode: EncodeCapture | undefined = encoder
      ? async (png, encodeOptions) => {
          const e = performance.now();
          const out = await encoder.encode(png, encodeOptions, input.priority);
          timings.encode += seconds(e);
          return out;
        }
      : undefined;
    const warmKey = warmDesigns && input.warmKey ? { ...input.warmKey, format: input.formatName } : null;
    // A version seen for the first time makes the design's older canvases useless.
    if (warmKey) warmDesigns!.evictDesign(warmKey.designId, warmKey.version);
    const warm = warmKey ? { designs: warmDesigns!, key: warmKey } : null;
    const keyString = warmKey ? warmKeyString(warmKey) : null;
    t = performance.now();
    const file = await renderOnPooledPage(
      supervisor,
      {
        plan,
        resources,
        catalogue: fonts.catalogue,
        output: {
          type: input.fileType,
          ...(input.outputWidth === undefined ? {} : { width: input.outputWidth }),
          ...(input.quality === undefined ? {} : { quality: input.quality }),
        },
        ...(encode ? { encode } : {}),
        focusDetector: options.focusDetector ?? null,
        warm,
        ...(options.gate && isBulkPriority(input.priority) ? { beforeStep: () => options.gate!.clear(input.signal) } : {}),
      },
      {
        timeoutMs: input.timeoutMs ?? options.timeoutMs,
        signal: input.signal,
        ...(input.priority === undefined ? {} : { priority: input.priority }),
        ...(keyString === null ? {} : { prefer: (page: Page) => warmDesigns!.holds(page, keyString) }),
      },
    );
    timings.fit = (file.fitMs ?? 0) / 1000;
    timings.update = Math.max(0, (file.loadMs ?? 0) / 1000 - timings.fit);
    timings.capture = Math.max(0, seconds(t) - timings.encode - timings.fit - timings.update);
    return {
      bytes: file.bytes,
      contentType: file.contentType,
      width: file.width,
      height: file.height,
      timings,
      aiReused,
      warm: file.warm ?? null,
    };
  };
}

/** Runs each image's AI operations on its fetched bytes; answers how many were served from stored results. */
async function applyAiOps(plan: RenderPlan, resources: Map<string, Resource>, ai: AiProcessor, input: StaticRenderInput): Promise<number> {
  let reused = 0;
  const { loadAsset } = input;
  // inpaint_images are customer URLs: they come through the same guarded loader as any image.
  const fetchImage = async (url: string): Promise<Buffer> => {
    const got = loadAsset ? await loadAsset({ kind: 'url', url }) : null;
    if (!got) throw new Error(`the image at ${url} could not be loaded`);
    return got.bytes;
  };
  for (const node of allNodes(plan.nodes)) {
    if (node.kind !== 'image' || node.ai === null || node.ref === null) continue;
    const resource = resources.get(node.ref) ?? null;
    // text_to_image draws the image; every other operation needs one, and SVG is drawn as it is.
    if (node.ai.textToImage === null && (!resource || resource.contentType === 'image/svg+xml')) continue;
    const done = await ai.apply(node.ai.textToImage === null ? resource!.bytes : null, node.ai, { fetchImage, signal: input.signal });
    resources.set(node.ref, { bytes: done.bytes, contentType: 'image/png' });
    reused += done.reused;
  }
  return reused;
}

function seconds(since: number): number {
  return (performance.now() - since) / 1000;
}
