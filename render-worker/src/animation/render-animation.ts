// The ONE place animated parts meet Chromium: a plan is loaded on a warm page once (text fitted
// once per format), then each frame sets the timeline's state for its exact time and captures.
// Nothing waits on wall-clock animation.

import type { AnimatedDesign, Composition, FontCatalogue, NormalisedOverrides } from '@pressroom/model';
import { frameTime, SOUNDTRACK_FILE, type Soundtrack, soundtrackSourceFile, videoSourceFile } from '@pressroom/model';
import {
  type AnimatedOutput,
  allNodes,
  assetRefsOf,
  buildHtml5Document,
  codePointsOf,
  compositionStates,
  type FrameSource,
  fallbackFamilies,
  fontStackCss,
  GAIN_RATE,
  gainCurve,
  type Html5Delivery,
  type LayerState,
  type MediaLayer,
  mediaRefusal,
  PLAYER_SCRIPT,
  planFrameSource,
  planMediaLayers,
  planRasterScales,
  planRender,
  planTimeline,
  type RenderPlan,
  stateAt,
  type Timeline,
  typewritingLayers,
  videoFrameIndices,
} from '@pressroom/renderer';
import type { Page } from 'puppeteer';
import subsetFont from 'subset-font';
import { type BrowserSupervisor, capture, type RenderContext, withIdlePage, withPage } from '../browser/index.js';
import type { AssetLoader, MediaLoader } from '../fetch/load-asset.js';
import type { Resource } from '../fetch/resource.js';
import { fontCssFor, type UploadedFaceTransform } from '../static/font-css.js';
import { loadPlan } from '../static/index.js';
import { bundledRenderFonts, type RenderFonts } from '../static/render-fonts.js';
import { pageUrl } from '../static/render-to-image.js';
import { RenderRefusedError } from '../tasks/failures.js';
import { captureLayerRasters, type RasterHelper } from './layer-rasters.js';
import { holdsFile, loadedFileKey, recordLoad } from './loaded-files.js';
import type { RangeTurn } from './range-turns.js';
import { extractVideoFrames } from './video-frames.js';
import '../browser/page-globals.js';

/** JPEG quality of captured frames: the encoder's input, not the customer's file. */
export const FRAME_JPEG_QUALITY = 90;

export interface AnimationPartInput {
  design: AnimatedDesign;
  formatName: string;
  overrides: NormalisedOverrides;
  /** The file this part is for: what its media layers may do depends on it. */
  fileType: AnimatedOutput;
  loadAsset: AssetLoader;
  loadMedia: MediaLoader;
  signal: AbortSignal;
  /** The workspace's fonts (bundled plus uploaded); default the bundled ones only. */
  fonts?: RenderFonts;
}

export interface FramesInput extends AnimationPartInput {
  fps: number;
  start: number;
  end: number;
  /** Also plan the file's sound (the first range of an MP4 does): `soundtrack` is then set. */
  withSoundtrack: boolean;
  /** The range's turn for a page (RangeTurns): waited for before the page is asked for, released once it is had. */
  turn?: RangeTurn;
  /**
   * The file the range belongs to (its banner id): a page that drew another range of it keeps it
   * loaded, and this range draws there without loading (loaded-files.ts). Unset: always load.
   */
  fileId?: string;
}

export interface FramesOutput {
  /** The range's JPEG frames, concatenated in order (an MJPEG stream ffmpeg reads as is). */
  bytes: Buffer;
  frames: number;
  /** The soundtrack plan and its sources' bytes, by object name under the file's prefix. */
  soundtrack: { plan: Soundtrack; files: { name: string; bytes: Buffer }[] } | null;
  timings: { fetch: number; layout: number; frames: number };
  /** The range drew on a page that held its file loaded (`fileId`): no load. */
  reusedPage: boolean;
}

export interface LayersInput extends AnimationPartInput {
  fps: number;
  /** Frames of the whole file (the composition samples the timeline at each). */
  frames: number;
  /** Also plan the file's sound (an MP4): `soundtrack` is then set. */
  withSoundtrack: boolean;
}

export interface LayersOutput {
  /** What the media worker composites every frame from; each raster's `key` is its object name. */
  composition: Composition;
  /** The rasters' raw RGBA bytes, by object name under the file's prefix. */
  rasters: { name: string; bytes: Buffer }[];
  /** The video layers' sources as fetched (guarded loader), by object name under the file's prefix. */
  videos: { name: string; bytes: Buffer }[];
  soundtrack: FramesOutput['soundtrack'];
  timings: { fetch: number; layout: number; frames: number };
  /** Capture tasks run on the file's page and on a helper page in another browser (capture-lanes.ts; a typewriting layer's two captures are one). */
  captures: { main: number; helper: number };
}

/** Object name of a raster of a composited file. */
export function rasterFile(index: number): string {
  return `raster-${String(index).padStart(3, '0')}.rgba`;
}

export interface Html5Output {
  /** index.html with every asset and font inside as data: URLs. */
  html: Buffer;
  /** JPEG at the design's screenshot_at_s. */
  fallback: Buffer;
  timings: { fetch: number; layout: number; frames: number };
}

export interface AnimationRenderer {
  /** Whether the file's frames are composited from layer rasters or drawn by Chromium (and why). */
  frameSource(input: AnimationPartInput): Promise<FrameSource>;
  /** The layer rasters of a file `frameSource` answered `layers` for, drawn once. */
  layers(input: LayersInput): Promise<LayersOutput>;
  frames(input: FramesInput): Promise<FramesOutput>;
  /** `title` (html5.page_title) defaults to the design's name; `fallbackQuality` (file_compression_level) to the frames' JPEG quality. */
  html5(
    input: AnimationPartInput,
    delivery: { clickUrl: string | null; loops: number; title?: string | null; fallbackQuality?: number | null },
  ): Promise<Html5Output>;
}

/** Refuses a file whose media layers cannot play as designed (a GIF cannot carry sound, ...). */
export function assertMediaPlayable(output: AnimatedOutput, layers: readonly MediaLayer[]): void {
  const refusal = mediaRefusal(output, layers);
  if (refusal) throw new RenderRefusedError(refusal.message, refusal.layer);
}

export function createChromiumAnimator(
  supervisor: BrowserSupervisor,
  options: { timeoutMs: number; ffmpegPath: string; compositor?: boolean },
): AnimationRenderer {
  const prepare = async (input: AnimationPartInput) => {
    let t = performance.now();
    const overrides = input.overrides;
    const media = planMediaLayers(input.design, input.formatName, overrides);
    assertMediaPlayable(input.fileType, media);
    const fonts = input.fonts ?? bundledRenderFonts();
    const plan = planRender({
      catalogue: fonts.catalogue,
      design: input.design,
      formatName: input.formatName,
      overrides,
      videoBoxes: true,
    });
    await fonts.prepare(plan);
    const timeline = planTimeline(input.design);
    const layout = seconds(t);
    t = performance.now();
    const resources = new Map<string, Resource>();
    await Promise.all(
      assetRefsOf(plan).map(async (ref) => {
        const got = await input.loadAsset(ref.source);
        if (got) resources.set(ref.ref, got);
      }),
    );
    return { plan, timeline, resources, media, catalogue: fonts.catalogue, timings: { layout, fetch: seconds(t), frames: 0 } };
  };

  /** Each media layer's bytes, fetched once per part through the guarded loader. */
  const mediaBytes = async (input: AnimationPartInput, layers: readonly MediaLayer[]) => {
    const bytes = new Map<string, Buffer>();
    await Promise.all(
      layers.map(async (l) => {
        const got = l.source ? await input.loadMedia(l.source, l) : null;
        if (got) bytes.set(l.name, got.bytes);
      }),
    );
    return bytes;
  };

  /** For each video layer, the data: URL of its frame at every output frame of the range (null: hidden). */
  const videoFrames = async (input: FramesInput, layers: readonly MediaLayer[], bytes: ReadonlyMap<string, Buffer>) => {
    const perLayer: [string, (string | null)[]][] = [];
    for (const layer of layers) {
      const video = bytes.get(layer.name);
      if (layer.type !== 'video' || !video) continue;
      const indices = videoFrameIndices(layer, input.fps, input.start, input.end);
      const shown = indices.filter((k): k is number => k !== null);
      if (shown.length === 0) {
        perLayer.push([layer.name, indices.map(() => null)]);
        continue;
      }
      const first = Math.min(...shown);
      const count = Math.max(...shown) - first + 1;
      const urls = await extractVideoFrames(options.ffmpegPath, video, { fps: input.fps, first, count, layer }, input.signal);
      perLayer.push([
        layer.name,
        indices.map((k) => (k === null || urls.length === 0 ? null : urls[Math.min(k - first, urls.length - 1)]!)),
      ]);
    }
    return (offset: number): Record<string, string | null> => Object.fromEntries(perLayer.map(([name, urls]) => [name, urls[offset]!]));
  };

  const soundtrackOf = (timeline: Timeline, layers: readonly MediaLayer[], bytes: ReadonlyMap<string, Buffer>) => {
    const plan: Soundtrack = { v: 1, duration: timeline.duration, gainRate: GAIN_RATE, tracks: [] };
    const files: { name: string; bytes: Buffer }[] = [];
    for (const layer of layers) {
      const source = bytes.get(layer.name);
      if (!layer.audible || !source) continue;
      const name = soundtrackSourceFile(files.length);
      files.push({ name, bytes: source });
      plan.tracks.push({
        layer: layer.name,
        key: name,
        start: Math.min(layer.start, timeline.duration),
        end: Math.min(layer.end ?? timeline.duration, timeline.duration),
        speed: layer.speed,
        playFor: layer.playFor,
        gains: gainCurve(layer, timeline),
      });
    }
    return { plan, files: [...files, { name: SOUNDTRACK_FILE, bytes: Buffer.from(JSON.stringify(plan)) }] };
  };

  return {
    async frameSource(input) {
      const media = planMediaLayers(input.design, input.formatName, input.overrides);
      const catalogue = (input.fonts ?? bundledRenderFonts()).catalogue;
      const plan = planRender({
        catalogue,
        design: input.design,
        formatName: input.formatName,
        overrides: input.overrides,
        videoBoxes: true,
      });
      const videos = media.filter((l) => l.type === 'video').map((l) => l.name);
      return planFrameSource(plan, planTimeline(input.design), videos, { enabled: options.compositor ?? true });
    },

    async layers(input) {
      const { plan, timeline, resources, media, catalogue, timings } = await prepare(input);
      let t = performance.now();
      const bytes = await mediaBytes(
        input,
        media.filter((l) => l.type === 'video' || (input.withSoundtrack && l.audible)),
      );
      timings.fetch += seconds(t);
      t = performance.now();
      const videoLayers = media.filter((l) => l.type === 'video');
      const drawn = await withPage(
        supervisor,
        async (page, context) => {
          const load = async (on: Page, registerAsset: RenderContext['registerAsset']) => {
            await loadPlan({ plan, page: on, registerAsset, resources, catalogue });
            await installPlayer(on, timeline);
          };
          await load(page, context.registerAsset);
          // A page in another browser, if one is free now, draws some of the captures beside this
          // one (docs/animation.md, "Rasters"), until another render waits for a page; one browser
          // draws one frame at a time, so a second page in this page's browser would add nothing.
          // Not on a retry: that runs in the quarantine browser because the first try's page or
          // browser died, and a design that crashes Chromium must not reach the pool's browsers.
          const helper: RasterHelper | undefined =
            context.attempt > 0
              ? undefined
              : (serve) =>
                  withIdlePage(
                    supervisor,
                    async (other, lent) => {
                      await load(other, lent.registerAsset);
                      // A render waiting for a page gets this one back after the capture under way.
                      await serve(other, () => supervisor.waitingForPages() === 0);
                    },
                    { timeoutMs: options.timeoutMs, signal: context.signal, besides: page },
                  );
          return captureLayerRasters(
            page,
            plan,
            timeline,
            planRasterScales(plan, timeline, compositionStates(timeline, input.fps, input.frames, new Map())),
            videoLayers.map((l) => l.name),
            helper,
          );
        },
        { timeoutMs: options.timeoutMs, signal: input.signal },
      );
      timings.frames = seconds(t);
      const rasters = drawn.rasters.map((r, i) => ({ name: rasterFile(i), bytes: r.bytes }));
      // Each video layer's source goes beside the rasters; the media worker decodes its frames as
      // the Chromium path shows them (videoFrameIndices: its window, video_duration, the last frame held).
      const videos = drawn.videos.map(({ name, box }, i) => {
        const layer = videoLayers.find((l) => l.name === name)!;
        const node = allNodes(plan.nodes).find((n) => n.name === name);
        const source = bytes.get(name);
        return {
          file: source ? { name: videoSourceFile(i), bytes: source } : null,
          entry: {
            key: videoSourceFile(i),
            box,
            size: [Math.max(2, Math.round(box[2])), Math.max(2, Math.round(box[3]))] as [number, number],
            fit: layer.fit,
            opacity: node?.opacity ?? 1,
            rotation: node?.rotation ?? 0,
            // No source (nothing fetched): the box shows nothing, as on Chromium frames.
            frames: source ? videoFrameIndices(layer, input.fps, 0, input.frames) : Array<null>(input.frames).fill(null),
          },
        };
      });
      const composition: Composition = {
        v: videos.length > 0 ? 2 : 1,
        width: plan.width,
        height: plan.height,
        fps: input.fps,
        rasters: drawn.rasters.map((r, i) => ({ key: rasterFile(i), box: r.box })),
        items: drawn.items,
        videos: videos.map((v) => v.entry),
        states: compositionStates(timeline, input.fps, input.frames, drawn.units),
      };
      const soundtrack = input.withSoundtrack ? soundtrackOf(timeline, media, bytes) : null;
      return {
        composition,
        rasters,
        videos: videos.flatMap((v) => (v.file ? [v.file] : [])),
        soundtrack,
        timings,
        captures: drawn.captures,
      };
    },

    async frames(input) {
      const { plan, timeline, resources, media, catalogue, timings } = await prepare(input);
      let t = performance.now();
      const needed = media.filter((l) => l.type === 'video' || (input.withSoundtrack && l.audible));
      const bytes = await mediaBytes(input, needed);
      timings.fetch += seconds(t);
      t = performance.now();
      const videoAt = await videoFrames(input, media, bytes);
      const videos = media.filter((l) => l.type === 'video').map((l) => [l.name, l.fit] as [string, string]);
      const key =
        input.fileId === undefined
          ? null
          : loadedFileKey(input.fileId, {
              plan,
              typewriting: typewritingLayers(timeline),
              videos,
              resources: [...resources].map(([ref, r]) => [ref, r.contentType, r.bytes.length]),
            });
      const load = async (page: Page, registerAsset: RenderContext['registerAsset']) => {
        await loadPlan({ plan, page, registerAsset, resources, catalogue });
        await installPlayer(page, timeline, videos);
      };
      let reusedPage = false;
      await input.turn?.wait();
      const jpegs = await withPage(
        supervisor,
        async (page, context) => {
          input.turn?.release();
          reusedPage = key !== null && (await holdsFile(page, key, plan, context));
          if (key === null) await load(page, context.registerAsset);
          else if (!reusedPage) await recordLoad(page, key, context, (register) => load(page, register));
          const out: Buffer[] = [];
          for (let i = input.start; i < input.end; i += 1) {
            out.push(await captureAt(page, plan, stateAt(timeline, frameTime(i, input.fps)), videoAt(i - input.start)));
          }
          return out;
        },
        { timeoutMs: options.timeoutMs, signal: input.signal },
      );
      timings.frames = seconds(t);
      const soundtrack = input.withSoundtrack ? soundtrackOf(timeline, media, bytes) : null;
      return { bytes: Buffer.concat(jpegs), frames: jpegs.length, soundtrack, timings, reusedPage };
    },

    async html5(input, delivery) {
      const { plan, timeline, resources, catalogue, timings } = await prepare(input);
      const t = performance.now();
      const fallback = await withPage(
        supervisor,
        async (page, context) => {
          await loadPlan({ plan, page, registerAsset: context.registerAsset, resources, catalogue });
          await installPlayer(page, timeline);
          return captureAt(page, plan, stateAt(timeline, timeline.screenshotAt), {}, delivery.fallbackQuality ?? FRAME_JPEG_QUALITY);
        },
        { timeoutMs: options.timeoutMs, signal: input.signal },
      );
      timings.frames = seconds(t);
      const html = await html5Document(plan, timeline, resources, catalogue, {
        title: delivery.title ?? input.design.name,
        clickUrl: delivery.clickUrl,
        loops: delivery.loops,
      });
      return { html: Buffer.from(html, 'utf8'), fallback, timings };
    },
  };
}

/**
 * Every URL as a data: URL, so the page needs nothing but itself. Uploaded fonts travel subset to
 * the characters the banner's texts use (docs/fonts.md, "Licensing"): a brand font is never
 * shipped whole inside a banner.
 */
async function html5Document(
  plan: RenderPlan,
  timeline: Timeline,
  resources: ReadonlyMap<string, Resource>,
  catalogue: FontCatalogue,
  delivery: Html5Delivery,
): Promise<string> {
  const inline = (bytes: Buffer | Uint8Array, contentType: string) => `data:${contentType};base64,${Buffer.from(bytes).toString('base64')}`;
  const urls = new Map<string, string>();
  for (const asset of plan.assets) {
    const r = resources.get(asset.ref);
    if (r && asset.purpose !== 'font') urls.set(asset.ref, pageUrl(inline, r.bytes, r.contentType, asset.ref));
  }
  const fallbacks = fallbackFamilies(catalogue);
  return buildHtml5Document(
    plan,
    timeline,
    {
      assetUrl: (ref) => urls.get(ref) ?? null,
      fontCss: await fontCssFor(plan, resources, inline, catalogue, subsetTo(String.fromCodePoint(...codePointsOf(plan)))),
      fontStack: (font) => fontStackCss(font, fallbacks),
    },
    delivery,
  );
}

/** An uploaded face cut down to `text`'s characters, as WOFF2 (harfbuzz's hb-subset through subset-font). */
function subsetTo(text: string): UploadedFaceTransform {
  return async (face, bytes) => ({
    face: { ...face, path: `${face.path}.subset.woff2` },
    bytes: await subsetFont(bytes, text, { targetFormat: 'woff2' }),
  });
}

async function installPlayer(page: Page, timeline: Timeline, videos: [string, string][] = []): Promise<void> {
  await page.evaluate(PLAYER_SCRIPT);
  await page.evaluate(
    (layers, v) => {
      window.__prAnim?.prepare(layers, v);
    },
    typewritingLayers(timeline),
    videos,
  );
}

async function captureAt(
  page: Page,
  plan: RenderPlan,
  states: LayerState[],
  videoFrames: Record<string, string | null> = {},
  quality: number = FRAME_JPEG_QUALITY,
): Promise<Buffer> {
  await page.evaluate((s, v) => window.__prAnim?.apply(s, v), states, videoFrames);
  // loadPlan sized the viewport to the plan: no resize around each capture.
  return capture(page, { width: plan.width, height: plan.height, format: 'jpeg', quality, beyondViewport: false });
}

/** The largest scale each moving layer reaches at a frame of the file. */

function seconds(since: number): number {
  return (performance.now() - since) / 1000;
}
