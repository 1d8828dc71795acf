// Every animated case of the gallery (docs/gallery/, "Animation") and of the property walk's
// animation cases (render-worker/test/properties/cases.ts, ANIMATION_CASES) drawn both ways:
// Chromium's frames and frames composited from layer rasters (docs/animation.md, "Frames
// composited from layer rasters"), at the frames before, at and after every keyframe and window
// edge of every moving layer, and half-way between. Every composited frame must be within the
// golden tolerance (compare.ts) of Chromium's. A case the planner sends to Chromium is asserted
// as such, with its reason: it has no composited frames to compare.

import type { AnimatedDesign } from '@pressroom/model';
import { VIDEO_FPS } from '@pressroom/model';
import { resolveFfmpegPath } from '@pressroom/platform';
import { type AnimationRenderer, createChromiumAnimator } from '@pressroom/render-worker/animation/render-animation';
import { BrowserSupervisor } from '@pressroom/render-worker/browser/index';
import { animatedFixtureInput, type FixtureDesign } from '@pressroom/render-worker/test/fixture-render';
import { GALLERY } from '@pressroom/render-worker/test/gallery/entries';
import { animationWalkCases } from '@pressroom/render-worker/test/properties/cases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareBothWays, type FrameComparison, framesAroundKeyframes } from './testing/frame-sources.js';

let supervisor: BrowserSupervisor;
let animator: AnimationRenderer;
beforeAll(() => {
  supervisor = new BrowserSupervisor({ poolSize: 1 });
  animator = createChromiumAnimator(supervisor, { timeoutMs: 60_000, ffmpegPath: resolveFfmpegPath(process.env.FFMPEG_PATH) });
});
afterAll(async () => {
  await supervisor.stop();
  // The worst share of pixels off per case, for docs/animation.md ("Exactness").
  const worst = [...results].sort((a, b) => b[1] - a[1]);
  if (process.env.COMPOSITOR_DEBUG) console.log('worst share of pixels off, by case:', JSON.stringify(worst));
});

/** The worst share of pixels off per case. */
const results = new Map<string, number>();

async function bothWays(name: string, fixture: FixtureDesign): Promise<FrameComparison[]> {
  const input = animatedFixtureInput(fixture);
  const frames = framesAroundKeyframes(input.design as AnimatedDesign, VIDEO_FPS);
  const out = await compareBothWays(animator, input, frames, name);
  results.set(name, Math.max(0, ...out.map((r) => r.ratio)));
  return out;
}

const ANIMATED_GALLERY = GALLERY.filter((e) => e.design.animation !== undefined);

/** Every frame compared within the golden tolerance, scaled layers included (drawn at their scales, planRasterScales). */
function expectWithinTolerance(results: FrameComparison[]): void {
  expect(
    results.filter((r) => !r.same),
    JSON.stringify(results),
  ).toEqual([]);
}

describe('the animated gallery, composited and drawn by Chromium', () => {
  it('has animated cases, composited and fallbacks', () => {
    expect(ANIMATED_GALLERY.length).toBeGreaterThanOrEqual(10);
    expect(ANIMATED_GALLERY.filter((e) => e.chromiumBecause).length).toBeGreaterThan(0);
  });

  it.each(ANIMATED_GALLERY.filter((e) => !e.chromiumBecause).map((e) => [e.name, e] as const))(
    '%s: composited frames match Chromium frames around every keyframe',
    async (name, entry) => {
      expectWithinTolerance(await bothWays(name, entry.design));
    },
    120_000,
  );

  it.each(ANIMATED_GALLERY.filter((e) => e.chromiumBecause).map((e) => [e.name, e] as const))(
    '%s: the planner draws it in Chromium, with its reason',
    async (_name, entry) => {
      expect(await animator.frameSource(animatedFixtureInput(entry.design))).toEqual({
        source: 'chromium',
        reason: entry.chromiumBecause,
        layer: expect.any(String),
      });
    },
  );
});

describe("the property walk's animation cases, composited and drawn by Chromium", () => {
  it.each(animationWalkCases().map((c) => [c.name, c] as const))(
    '%s',
    async (name, c) => {
      expectWithinTolerance(await bothWays(`walk ${name}`, c.with));
    },
    120_000,
  );
});
