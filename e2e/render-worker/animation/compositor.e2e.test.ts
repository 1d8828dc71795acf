// The layer compositor against Chromium's frames (docs/animation.md, "Frames composited from
// layer rasters"): the same file drawn both ways, at frames around every keyframe and window
// edge of every moving layer, must match within the golden tolerance (compare.ts). A seeded
// property test does the same over random timelines on the example design's layers.
import type { AnimatedDesign, Easing, ElementAnimation, Tween } from '@pressroom/model';
import { VIDEO_FPS } from '@pressroom/model';
import { resolveFfmpegPath } from '@pressroom/platform';
import { type AnimationRenderer, createChromiumAnimator } from '@pressroom/render-worker/animation/render-animation';
import { BrowserSupervisor } from '@pressroom/render-worker/browser/index';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareBothWays, exampleDesign, framesAroundKeyframes, partInput } from './testing/frame-sources.js';

const example = exampleDesign();

let supervisor: BrowserSupervisor;
let animator: AnimationRenderer;
beforeAll(() => {
  supervisor = new BrowserSupervisor({ poolSize: 1 });
  animator = createChromiumAnimator(supervisor, { timeoutMs: 120_000, ffmpegPath: resolveFfmpegPath(process.env.FFMPEG_PATH) });
});
afterAll(async () => {
  await supervisor.stop();
});

/** Draws `frames` both ways and answers each frame's comparison. */
const bothWays = (design: AnimatedDesign, formatName: string, frames: number[], fileId: string) =>
  compareBothWays(animator, partInput(design, formatName), frames, fileId);

describe('composited frames match Chromium frames', () => {
  it.each(['square', 'wide'])(
    'the example design (%s) around every keyframe',
    async (formatName) => {
      const frames = framesAroundKeyframes(example, VIDEO_FPS);
      const results = await bothWays(example, formatName, frames, `example-${formatName}`);
      const off = results.filter((r) => !r.same);
      expect(off, JSON.stringify(results)).toEqual([]);
    },
    300_000,
  );

  it('random timelines on the example layers (seeded)', async () => {
    const easing = fc.constantFrom<Easing>('linear', 'ease-in', 'ease-out', 'ease-in-out');
    const time = fc.integer({ min: 0, max: 40 }).map((n) => n / 10);
    const tween = (type: Tween['type'], attr: (v: number) => Record<string, number>, lo: number, hi: number) =>
      fc.record({ a: time, b: time, va: fc.integer({ min: lo, max: hi }), vb: fc.integer({ min: lo, max: hi }), e: easing }).map(
        ({ a, b, va, vb, e }): Tween => ({
          id: `${type}-${a}-${b}`,
          type,
          keyframes: [
            { time: Math.min(a, b), attr: attr(va), easing: e },
            { time: Math.max(a, b), attr: attr(vb), easing: e },
          ],
        }),
      );
    const motion = fc.oneof(
      tween('fade', (v) => ({ opacity: v / 100 }), 0, 100),
      tween('slide', (v) => ({ left: v, top: -v / 2 }), -200, 200),
      tween('scale', (v) => ({ scale: v }), 30, 160),
      tween('rotate', (v) => ({ angle: v }), -180, 180),
    );
    const animation = (typed: boolean): fc.Arbitrary<ElementAnimation> =>
      fc
        .record({
          start: fc.option(time, { nil: null }),
          tweens: fc.array(motion, { maxLength: 2 }),
          typing: typed ? fc.option(fc.tuple(time, fc.constantFrom('letter', 'word')), { nil: null }) : fc.constant(null),
        })
        .map(({ start, tweens, typing }) => ({
          start_at_s: start,
          end_at_s: null,
          tweens: [
            ...tweens,
            ...(typing
              ? [
                  {
                    id: 'typing',
                    type: 'textEffect' as const,
                    keyframes: [
                      { time: typing[0], attr: { typewriting: 0, textEffectSplit: typing[1] }, easing: 'linear' as const },
                      { time: typing[0] + 1.5, attr: { typewriting: 100, textEffectSplit: typing[1] }, easing: 'linear' as const },
                    ],
                  },
                ]
              : []),
          ],
        }));
    const movable = ['halo', 'ring', 'product', 'logo', 'headline', 'subline'];
    const timelines = fc.record(Object.fromEntries(movable.map((n) => [n, animation(n === 'headline' || n === 'subline')])));
    const samples = fc.sample(timelines, { seed: 20261128, numRuns: 4 });
    let run = 0;
    for (const animations of samples) {
      run += 1;
      const design: AnimatedDesign = {
        ...example,
        animation: { duration: 5, screenshot_at_s: 1 },
        elements: example.elements.map((e) => (e.name in animations ? { ...e, animation: animations[e.name]! } : e)),
      };
      const frames = [...new Set([0, 12, 31, 50, 77, 99, 124, ...framesAroundKeyframes(design, VIDEO_FPS).filter((_, i) => i % 4 === 0)])];
      const results = await bothWays(design, 'square', frames, `random-${run}`);
      const off = results.filter((r) => !r.same);
      expect(off, `run ${run}: ${JSON.stringify(animations)} → ${JSON.stringify(results)}`).toEqual([]);
    }
  }, 600_000);
});
