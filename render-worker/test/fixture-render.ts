import type { Design } from '@pressroom/model';
import { loadFontCatalogue } from '@pressroom/platform';
import { planRender } from '@pressroom/renderer';
import { type RawElement, testDesign, testOverrides } from '@pressroom/renderer/testing';
import type { Page } from 'puppeteer';
import sharp from 'sharp';
import type { AnimationPartInput } from '../src/animation/render-animation.js';
import { type BrowserSupervisor, withPage } from '../src/browser/index.js';
import type { AssetLoader } from '../src/fetch/load-asset.js';
import { renderToImage } from '../src/static/render-to-image.js';
import type { RenderedFile, RenderOutput } from '../src/static/types.js';
import { loadFixtureAsset, resourcesFor } from './golden/resources.js';

/** A one-format static design (format `g`, 200×200 on white unless given) and, optionally, the request overrides drawn on it. */
export interface FixtureDesign {
  elements: RawElement[];
  /** Request `elements`, validated by the real override validator. */
  overrides?: Record<string, unknown>;
  width?: number;
  height?: number;
  background?: string | null;
  assets?: Record<string, { src: string }>;
  /** An animated design's timeline: the design is `animated`, its elements may carry `animation`. */
  animation?: { duration: number; screenshot_at_s?: number };
}

/** The fixture as a parsed one-format design (format `g`). */
export function fixtureDesign(fixture: FixtureDesign): Design {
  return testDesign(fixture.elements, {
    background: fixture.background === undefined ? '#ffffff' : fixture.background,
    width: fixture.width ?? 200,
    height: fixture.height ?? 200,
    ...(fixture.assets ? { assets: fixture.assets } : {}),
    ...(fixture.animation ? { animation: fixture.animation } : {}),
  });
}

/** The fixtures' media as the render task's guarded fetch would hand them over (resources.ts). */
export function fixtureAssetLoader(fixture: FixtureDesign): AssetLoader {
  return async (source) => (await loadFixtureAsset(source as Parameters<typeof loadFixtureAsset>[0], fixture.assets)) ?? null;
}

/** An animated fixture (`animation` set) as one MP4 part job renders its format `g`, with no overrides. */
export function animatedFixtureInput(fixture: FixtureDesign): AnimationPartInput {
  const design = fixtureDesign(fixture);
  if (design.type !== 'animated') throw new Error('the fixture is not animated (no animation)');
  return {
    design,
    formatName: 'g',
    overrides: { layers: {}, vars: {} },
    fileType: 'mp4',
    loadAsset: fixtureAssetLoader(fixture),
    loadMedia: async () => null,
    signal: new AbortController().signal,
  };
}

export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
}

/** Renders fixture designs through the real planner, document builder and Chromium (one page). */
export function fixtureRenderer(supervisor: BrowserSupervisor) {
  return async function render<T = undefined>(
    fixture: FixtureDesign,
    output: RenderOutput = { type: 'png' },
    inspect?: (page: Page) => Promise<T>,
  ): Promise<{ file: RenderedFile; inspected: T | undefined }> {
    const design = fixtureDesign(fixture);
    const plan = planRender({
      catalogue: loadFontCatalogue(),
      design,
      formatName: 'g',
      overrides: testOverrides(fixture.overrides ?? {}),
    });
    const resources = await resourcesFor(plan, fixture.assets);
    return withPage(
      supervisor,
      async (page, ctx) => {
        const file = await renderToImage({ plan, page, registerAsset: ctx.registerAsset, resources, output });
        return { file, inspected: inspect ? await inspect(page) : undefined };
      },
      { timeoutMs: 60_000 },
    );
  };
}

/** RGBA pixels of an encoded image. */
export async function rawPixels(bytes: Buffer): Promise<RawImage> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

export function pixelAt(img: RawImage, x: number, y: number): [number, number, number, number] {
  const i = (Math.round(y) * img.width + Math.round(x)) * 4;
  return [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!, img.data[i + 3]!];
}

/** Whether a pixel is within `tolerance` levels of a `#RRGGBB` colour on every channel. */
export function near(p: readonly number[], hex: string, tolerance = 24): boolean {
  const c = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return c.every((v, i) => Math.abs(v - p[i]!) <= tolerance);
}

/**
 * How many pixels of `box` (clamped to the image) differ between two images of one size: a
 * pixel differs when a channel moves by more than `threshold` levels.
 */
export function differingPixels(
  a: RawImage,
  b: RawImage,
  box?: { x: number; y: number; width: number; height: number },
  threshold = 40,
): number {
  const x0 = Math.max(0, Math.floor(box?.x ?? 0));
  const y0 = Math.max(0, Math.floor(box?.y ?? 0));
  const x1 = Math.min(a.width, Math.ceil(box ? box.x + box.width : a.width));
  const y1 = Math.min(a.height, Math.ceil(box ? box.y + box.height : a.height));
  let n = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * a.width + x) * 4;
      for (let c = 0; c < 4; c++) {
        if (Math.abs(a.data[i + c]! - b.data[i + c]!) > threshold) {
          n++;
          break;
        }
      }
    }
  }
  return n;
}
