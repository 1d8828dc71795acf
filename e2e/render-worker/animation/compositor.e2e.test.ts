// The layer compositor against Chromium's frames (docs/animation.md, "Frames composited from
// layer rasters"): the same file drawn both ways, at frames around every keyframe and window
// edge of every moving layer, must match within the golden tolerance (compare.ts). A seeded
// property test does the same over random timelines on the example design's layers.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCompositor } from '@pressroom/media-worker/animation/compositor';
import { i420Bytes, rgbaToI420 } from '@pressroom/media-worker/animation/i420';
import type { AnimatedDesign, Easing, ElementAnimation, Tween } from '@pressroom/model';
import { frameCount, VIDEO_FPS } from '@pressroom/model';
import { EXAMPLES_DIR, parseExampleDocument, resolveFfmpegPath } from '@pressroom/platform';
import { type AnimationRenderer, createChromiumAnimator } from '@pressroom/render-worker/animation/render-animation';
import { BrowserSupervisor } from '@pressroom/render-worker/browser/index';
import { exampleAssetLoader } from '@pressroom/render-worker/test/example-assets';
import { comparePng } from '@pressroom/render-worker/test/golden/compare';
import { planTimeline } from '@pressroom/renderer';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const parsed = parseExampleDocument(JSON.parse(readFileSync(join(EXAMPLES_DIR, 'animated-product-launch.json'), 'utf8')));
if (!parsed.ok) throw new Error('the example animated design does not parse');
const example = parsed.design as AnimatedDesign;

let supervisor: BrowserSupervisor;
let animator: AnimationRenderer;
beforeAll(() => {
  supervisor = new BrowserSupervisor({ poolSize: 1 });
  animator = createChromiumAnimator(supervisor, { timeoutMs: 120_000, ffmpegPath: resolveFfmpegPath(process.env.FFMPEG_PATH) });
});
afterAll(async () => {
  await supervisor.stop();
});

const input = (design: AnimatedDesign, formatName: string) => ({
  design,
  formatName,
  overrides: { layers: {}, vars: {} },
  fileType: 'mp4' as const,
  loadAsset: exampleAssetLoader(design),
  loadMedia: async () => null,
  signal: new AbortController().signal,
});

/** Frames just before, at and after every keyframe and window edge of every moving layer. */
function framesAroundKeyframes(design: AnimatedDesign, fps: number): number[] {
  const total = frameCount(design.animation.duration, fps);
  const times = new Set<number>([0]);
  for (const layer of planTimeline(design).layers) {
    for (const t of [layer.start, layer.end, ...layer.tweens.flatMap((tw) => tw.keyframes.map((k) => k.time))]) {
      if (t !== null) times.add(t);
    }
  }
  const frames = new Set<number>();
  for (const t of times) for (const d of [-1, 0, 1]) frames.add(Math.round(t * fps) + d);
  // Between keyframes too: half-way through each gap.
  const sorted = [...times].sort((a, b) => a - b);
  for (let i = 0; i + 1 < sorted.length; i += 1) frames.add(Math.round(((sorted[i]! + sorted[i + 1]!) / 2) * fps));
  return [...frames].filter((i) => i >= 0 && i < total).sort((a, b) => a - b);
}

/** Draws `frames` both ways and answers each frame's comparison. */
async function bothWays(design: AnimatedDesign, formatName: string, frames: number[], fileId: string) {
  const fps = VIDEO_FPS;
  const source = await animator.frameSource(input(design, formatName));
  expect(source).toEqual({ source: 'layers' });
  const layers = await animator.layers({
    ...input(design, formatName),
    fps,
    frames: frameCount(design.animation.duration, fps),
    withSoundtrack: false,
  });
  const compositor = createCompositor(
    layers.composition,
    layers.rasters.map((r) => r.bytes),
  );
  // The MP4's frames come out as I420 (i420.ts): every frame, drawn in order as the encode asks
  // for them, is exactly the RGBA frame converted, so the comparison below holds for both.
  const rgba = createCompositor(
    layers.composition,
    layers.rasters.map((r) => r.bytes),
  );
  const i420 = createCompositor(
    layers.composition,
    layers.rasters.map((r) => r.bytes),
    'i420',
  );
  const converted = Buffer.alloc(i420Bytes(rgba.width, rgba.height));
  const differing: number[] = [];
  for (let i = 0; i < layers.composition.states.length; i += 1) {
    rgbaToI420(rgba.frame(i), rgba.width, rgba.height, converted, rgba.width, rgba.height, 0, 0);
    if (!converted.equals(i420.frame(i))) differing.push(i);
  }
  expect(differing).toEqual([]);
  if (process.env.COMPOSITOR_DEBUG) {
    // Every frame in order, as the encode asks for them: CPU per frame of the compositor alone.
    const fresh = createCompositor(
      layers.composition,
      layers.rasters.map((r) => r.bytes),
    );
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < layers.composition.states.length; i += 1) fresh.frame(i);
    const cpu = process.cpuUsage(cpu0);
    console.log(fileId, 'compositor CPU ms/frame', ((cpu.user + cpu.system) / 1000 / layers.composition.states.length).toFixed(2));
  }
  const out: { frame: number; ratio: number; same: boolean }[] = [];
  for (const frame of frames) {
    const chromium = await animator.frames({
      ...input(design, formatName),
      fileId,
      fps,
      start: frame,
      end: frame + 1,
      withSoundtrack: false,
    });
    const composited = await sharp(compositor.frame(frame), { raw: { width: compositor.width, height: compositor.height, channels: 4 } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const result = await comparePng(composited, chromium.bytes);
    out.push({ frame, ratio: result.ratio, same: result.same });
    if (process.env.COMPOSITOR_DEBUG) console.log(fileId, frame, result.ratio.toFixed(5), result.same);
  }
  return out;
}

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
