// A composited file's rasters drawn on two pages (docs/animation.md, "Rasters"): when the worker
// has a page free in another browser, it draws some of the captures (capture-lanes.ts). The
// rasters and the composition must be byte for byte those drawn on one page; with no page free,
// every capture runs on the file's own page, as before.
import { frameCount, VIDEO_FPS } from '@pressroom/model';
import { resolveFfmpegPath } from '@pressroom/platform';
import { type AnimationRenderer, createChromiumAnimator, type LayersOutput } from '@pressroom/render-worker/animation/render-animation';
import { BrowserSupervisor } from '@pressroom/render-worker/browser/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleDesign, partInput } from './testing/frame-sources.js';

const example = exampleDesign();
const ffmpegPath = resolveFfmpegPath(process.env.FFMPEG_PATH);

let onePage: BrowserSupervisor;
let twoBrowsers: BrowserSupervisor;
let alone: AnimationRenderer;
let shared: AnimationRenderer;
beforeAll(async () => {
  onePage = new BrowserSupervisor({ poolSize: 1 });
  // A render worker's default: two pages, one in each of two browsers, launched at its start (a
  // page is lent only in a browser running already).
  twoBrowsers = new BrowserSupervisor({ poolSize: 2, browsers: 2 });
  await twoBrowsers.start();
  alone = createChromiumAnimator(onePage, { timeoutMs: 120_000, ffmpegPath });
  shared = createChromiumAnimator(twoBrowsers, { timeoutMs: 120_000, ffmpegPath });
});
afterAll(async () => {
  await Promise.all([onePage.stop(), twoBrowsers.stop()]);
});

const draw = (animator: AnimationRenderer, formatName: string) =>
  animator.layers({
    ...partInput(example, formatName),
    fps: VIDEO_FPS,
    frames: frameCount(example.animation.duration, VIDEO_FPS),
    withSoundtrack: false,
  });

/** What the media worker reads of a file's rasters: the composition and every raster's bytes. */
const stored = (out: LayersOutput) => ({
  composition: out.composition,
  rasters: out.rasters.map((r) => [r.name, r.bytes.toString('base64')]),
});

describe('the rasters of a composited file on two pages', () => {
  it.each(['square', 'wide'])(
    'are those drawn on one page (%s), with captures drawn on the second page',
    async (formatName) => {
      const one = await draw(alone, formatName);
      expect(one.captures.helper).toBe(0);
      // The helper takes captures only once its page has loaded the file; on a machine loaded
      // enough, the file's own page can finish them all first. Every draw must match the one-page
      // rasters; at least one of three must have used the helper.
      const helped: number[] = [];
      for (let attempt = 0; attempt < 3 && !helped.some((n) => n > 0); attempt++) {
        const two = await draw(shared, formatName);
        helped.push(two.captures.helper);
        expect(two.captures.main + two.captures.helper).toBe(one.captures.main);
        expect(stored(two)).toEqual(stored(one));
      }
      expect(
        helped.some((n) => n > 0),
        `captures on the helper page, draw by draw: ${helped.join(', ')}`,
      ).toBe(true);
    },
    300_000,
  );

  it('draws every capture on the file page when no other page is free, and the same rasters', async () => {
    const one = await draw(alone, 'square');
    // Another render holds the second page throughout.
    const held = await twoBrowsers.acquirePage();
    try {
      const out = await draw(shared, 'square');
      expect(out.captures.helper).toBe(0);
      expect(stored(out)).toEqual(stored(one));
    } finally {
      twoBrowsers.releasePage(held);
    }
  }, 300_000);
});
