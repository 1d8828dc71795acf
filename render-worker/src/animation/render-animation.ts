// The ONE place animated parts meet Chromium: a plan is loaded on a warm page once (text fitted
// once per format), then each frame sets the timeline's state for its exact time and captures.
// Nothing waits on wall-clock animation.
import {
  assetRefsOf,
  buildHtml5Document,
  fallbackFamilies,
  fontStackCss,
  type LayerState,
  PLAYER_SCRIPT,
  planRender,
  planTimeline,
  type RenderPlan,
  stateAt,
  type Timeline,
  typewritingLayers,
} from '@pressroom/renderer';
import { frameTime } from '@pressroom/shared/animation/frames';
import type { AnimatedDesign } from '@pressroom/shared/design/types';
import type { RenderStaticPayload } from '@pressroom/shared/jobs/render-static';
import type { NormalisedOverrides } from '@pressroom/shared/overrides/index';
import type { Page } from 'puppeteer';
import { type BrowserSupervisor, capture, withPage } from '../browser/index.js';
import type { AssetLoader, Resource } from '../fetch/load-asset.js';
import { fontCssFor } from '../render/font-css.js';
import { loadPlan } from '../render/index.js';
import { pageUrl } from '../render/render-to-image.js';
import { RenderRefusedError } from '../tasks/failures.js';

/** JPEG quality of captured frames: the encoder's input, not the customer's file. */
export const FRAME_JPEG_QUALITY = 90;

export interface AnimationPartInput {
  design: AnimatedDesign;
  formatName: string;
  overrides: RenderStaticPayload['overrides'];
  loadAsset: AssetLoader;
  signal: AbortSignal;
}

export interface FramesOutput {
  /** The range's JPEG frames, concatenated in order (an MJPEG stream ffmpeg reads as is). */
  bytes: Buffer;
  frames: number;
  timings: { fetch: number; layout: number; frames: number };
}

export interface Html5Output {
  /** index.html with every asset and font inside as data: URLs. */
  html: Buffer;
  /** JPEG at the design's screenshot_at_s. */
  fallback: Buffer;
  timings: { fetch: number; layout: number; frames: number };
}

export interface AnimationRenderer {
  frames(input: AnimationPartInput & { fps: number; start: number; end: number }): Promise<FramesOutput>;
  html5(input: AnimationPartInput): Promise<Html5Output>;
}

/**
 * Video and audio layers are not mixed into outputs yet: a design that shows one is refused
 * (cannot_build_banner naming the layer) rather than rendered without its sound or video.
 */
export function assertNoMediaLayers(design: AnimatedDesign, overrides: NormalisedOverrides): void {
  for (const element of design.elements) {
    if (element.type !== 'video' && element.type !== 'audio') continue;
    const hidden = overrides.layers[element.name]?.hidden ?? (element.properties as { hidden?: unknown }).hidden;
    if (hidden === true) continue;
    throw new RenderRefusedError(
      `Layer "${element.name}" is a ${element.type} layer; this farm does not mix video or audio layers into animated files yet.`,
      element.name,
    );
  }
}

export function createChromiumAnimator(supervisor: BrowserSupervisor, options: { timeoutMs: number }): AnimationRenderer {
  const prepare = async (input: AnimationPartInput) => {
    let t = performance.now();
    const overrides = input.overrides as NormalisedOverrides;
    assertNoMediaLayers(input.design, overrides);
    const plan = planRender({ design: input.design, formatName: input.formatName, overrides });
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
    return { plan, timeline, resources, timings: { layout, fetch: seconds(t), frames: 0 } };
  };

  return {
    async frames(input) {
      const { plan, timeline, resources, timings } = await prepare(input);
      const t = performance.now();
      const jpegs = await withPage(
        supervisor,
        async (page, context) => {
          await loadPlan({ plan, page, registerAsset: context.registerAsset, resources });
          await installPlayer(page, timeline);
          const out: Buffer[] = [];
          for (let i = input.start; i < input.end; i += 1) {
            out.push(await captureAt(page, plan, stateAt(timeline, frameTime(i, input.fps))));
          }
          return out;
        },
        { timeoutMs: options.timeoutMs, signal: input.signal },
      );
      timings.frames = seconds(t);
      return { bytes: Buffer.concat(jpegs), frames: jpegs.length, timings };
    },

    async html5(input) {
      const { plan, timeline, resources, timings } = await prepare(input);
      const t = performance.now();
      const fallback = await withPage(
        supervisor,
        async (page, context) => {
          await loadPlan({ plan, page, registerAsset: context.registerAsset, resources });
          await installPlayer(page, timeline);
          return captureAt(page, plan, stateAt(timeline, timeline.screenshotAt));
        },
        { timeoutMs: options.timeoutMs, signal: input.signal },
      );
      timings.frames = seconds(t);
      const html = await html5Document(plan, timeline, resources);
      return { html: Buffer.from(html, 'utf8'), fallback, timings };
    },
  };
}

/** Every URL as a data: URL, so the page needs nothing but itself. */
async function html5Document(plan: RenderPlan, timeline: Timeline, resources: ReadonlyMap<string, Resource>): Promise<string> {
  const inline = (bytes: Buffer | Uint8Array, contentType: string) => `data:${contentType};base64,${Buffer.from(bytes).toString('base64')}`;
  const urls = new Map<string, string>();
  for (const asset of plan.assets) {
    const r = resources.get(asset.ref);
    if (r && asset.purpose !== 'font') urls.set(asset.ref, pageUrl(inline, r.bytes, r.contentType, asset.ref));
  }
  const fallbacks = fallbackFamilies();
  return buildHtml5Document(plan, timeline, {
    assetUrl: (ref) => urls.get(ref) ?? null,
    fontCss: await fontCssFor(plan, resources, inline),
    fontStack: (font) => fontStackCss(font, fallbacks),
  });
}

async function installPlayer(page: Page, timeline: Timeline): Promise<void> {
  await page.evaluate(PLAYER_SCRIPT);
  await page.evaluate((layers) => {
    (window as unknown as { __prAnim: { prepare(l: unknown): void } }).__prAnim.prepare(layers);
  }, typewritingLayers(timeline));
}

async function captureAt(page: Page, plan: RenderPlan, states: LayerState[]): Promise<Buffer> {
  await page.evaluate((s) => {
    (window as unknown as { __prAnim: { apply(s: unknown): void } }).__prAnim.apply(s);
  }, states);
  // loadPlan sized the viewport to the plan: no resize around each capture.
  return capture(page, { width: plan.width, height: plan.height, format: 'jpeg', quality: FRAME_JPEG_QUALITY, beyondViewport: false });
}

function seconds(since: number): number {
  return (performance.now() - since) / 1000;
}
