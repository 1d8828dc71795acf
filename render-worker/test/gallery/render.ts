import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VIDEO_FPS } from '@pressroom/model';
import { resolveFfmpegPath } from '@pressroom/platform';
import sharp from 'sharp';
import { type AnimationRenderer, createChromiumAnimator } from '../../src/animation/render-animation.js';
import type { BrowserSupervisor } from '../../src/browser/index.js';
import { animatedFixtureInput, fixtureRenderer } from '../fixture-render.js';
import { type CompareResult, comparePng } from '../golden/compare.js';
import type { GalleryEntry } from './entries.js';

/** docs/gallery/ of this checkout. */
export const GALLERY_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../docs/gallery');

/** Small, lossy WebP: a few KB per picture. The same settings encode the golden and the fresh render. */
const WEBP = { quality: 80, effort: 6, smartSubsample: true } as const;

/** Between the frames of an animated entry's strip. */
const STRIP_GAP = 6;
const STRIP_GAP_COLOUR = '#CBD5E1';

export interface GalleryRenderers {
  still: ReturnType<typeof fixtureRenderer>;
  animator: AnimationRenderer;
}

/** What draws the gallery on a supervisor's pages: stills as the static renders do, frames as the frame-range jobs do. */
export function galleryRenderers(supervisor: BrowserSupervisor): GalleryRenderers {
  return {
    still: fixtureRenderer(supervisor),
    animator: createChromiumAnimator(supervisor, { timeoutMs: 60_000, ffmpegPath: resolveFfmpegPath(process.env.FFMPEG_PATH) }),
  };
}

export async function renderEntry(renderers: GalleryRenderers, entry: GalleryEntry): Promise<Buffer> {
  if (entry.design.animation) return renderStrip(renderers.animator, entry);
  const { file } = await renderers.still(entry.design, { type: 'png' });
  return sharp(file.bytes).webp(WEBP).toBuffer();
}

/** An animated entry: its frames at `stills`, Chromium's (the frame-range jobs' drawing), side by side. */
async function renderStrip(animator: AnimationRenderer, entry: GalleryEntry): Promise<Buffer> {
  const input = animatedFixtureInput(entry.design);
  const width = entry.design.width ?? 200;
  const height = entry.design.height ?? 200;
  const stills = entry.stills ?? [];
  const frames = [];
  for (const at of stills) {
    const index = Math.round(at * VIDEO_FPS);
    const out = await animator.frames({
      ...input,
      fileId: entry.name,
      fps: VIDEO_FPS,
      start: index,
      end: index + 1,
      withSoundtrack: false,
    });
    frames.push(out.bytes);
  }
  return sharp({
    create: { width: stills.length * width + (stills.length - 1) * STRIP_GAP, height, channels: 3, background: STRIP_GAP_COLOUR },
  })
    .composite(frames.map((input, i) => ({ input, left: i * (width + STRIP_GAP), top: 0 })))
    .webp(WEBP)
    .toBuffer();
}

export function goldenPath(entry: GalleryEntry): string {
  return join(GALLERY_DIR, `${entry.name}.webp`);
}

/**
 * A fresh picture against its committed golden. Both went through the same encoder, so the
 * tolerance (compare.ts: a channel moving more than 40 levels, at most 0.5 % of the pixels)
 * only has to absorb rasterisation wobble. Null when there is no golden yet.
 */
export async function compareWithGolden(entry: GalleryEntry, fresh: Buffer): Promise<CompareResult | null> {
  const path = goldenPath(entry);
  if (!existsSync(path)) return null;
  return comparePng(fresh, readFileSync(path));
}
