// The two frame sources of an animated file (docs/animation.md §2 and §2b), as the tests draw
// them: Chromium's frames (the range jobs' JPEGs) and the layer compositor's (rasters drawn once
// in Chromium, every frame composited by the media worker's code). compositor.e2e.test.ts,
// compositor-cases.e2e.test.ts and frame-sources.e2e.test.ts share them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CompositePool } from '@pressroom/media-worker/animation/composite-pool';
import type { FramePixels } from '@pressroom/media-worker/animation/compositor';
import { createCompositor } from '@pressroom/media-worker/animation/compositor';
import type { FramesInput } from '@pressroom/media-worker/animation/ffmpeg-args';
import { i420Bytes, rgbaToI420 } from '@pressroom/media-worker/animation/i420';
import type { AnimatedDesign, Composition } from '@pressroom/model';
import { frameCount, VIDEO_FPS } from '@pressroom/model';
import { EXAMPLES_DIR, parseExampleDocument } from '@pressroom/platform';
import { splitJpegs } from '@pressroom/platform/testing';
import { type AnimationPartInput, type AnimationRenderer, FRAME_JPEG_QUALITY } from '@pressroom/render-worker/animation/render-animation';
import type { AssetLoader } from '@pressroom/render-worker/fetch/load-asset';
import { exampleAssetLoader } from '@pressroom/render-worker/test/example-assets';
import { comparePng } from '@pressroom/render-worker/test/golden/compare';
import { planTimeline } from '@pressroom/renderer';
import sharp from 'sharp';
import { expect } from 'vitest';

/** The example animated design (examples/designs/animated-product-launch.json). */
export function exampleDesign(): AnimatedDesign {
  const parsed = parseExampleDocument(JSON.parse(readFileSync(join(EXAMPLES_DIR, 'animated-product-launch.json'), 'utf8')));
  if (!parsed.ok) throw new Error('the example animated design does not parse');
  return parsed.design as AnimatedDesign;
}

/** One format of a design as a part job renders it (MP4, no overrides); assets from the example's files unless given. */
export function partInput(
  design: AnimatedDesign,
  formatName: string,
  loadAsset: AssetLoader = exampleAssetLoader(design),
): AnimationPartInput {
  return {
    design,
    formatName,
    overrides: { layers: {}, vars: {} },
    fileType: 'mp4',
    loadAsset,
    loadMedia: async () => null,
    signal: new AbortController().signal,
  };
}

/** Frames just before, at and after every keyframe and window edge of every moving layer, and half-way between. */
export function framesAroundKeyframes(design: AnimatedDesign, fps: number = VIDEO_FPS): number[] {
  const total = frameCount(design.animation.duration, fps);
  const times = new Set<number>([0]);
  for (const layer of planTimeline(design).layers) {
    for (const t of [layer.start, layer.end, ...layer.tweens.flatMap((tw) => tw.keyframes.map((k) => k.time))]) {
      if (t !== null) times.add(t);
    }
  }
  const frames = new Set<number>();
  for (const t of times) for (const d of [-1, 0, 1]) frames.add(Math.round(t * fps) + d);
  const sorted = [...times].sort((a, b) => a - b);
  for (let i = 0; i + 1 < sorted.length; i += 1) frames.add(Math.round(((sorted[i]! + sorted[i + 1]!) / 2) * fps));
  return [...frames].filter((i) => i >= 0 && i < total).sort((a, b) => a - b);
}

/** A file's rasters, drawn once in Chromium, and what composites its frames. */
export interface LayeredFile {
  composition: Composition;
  rasters: Buffer[];
  /** A compositor of the file's frames (RGBA unless asked). */
  compositor(pixels?: FramePixels): ReturnType<typeof createCompositor>;
}

/** Draws the rasters of a file the planner composites (and asserts that it does). */
export async function drawLayers(animator: AnimationRenderer, input: AnimationPartInput, fps: number = VIDEO_FPS): Promise<LayeredFile> {
  expect(await animator.frameSource(input)).toEqual({ source: 'layers' });
  const layers = await animator.layers({ ...input, fps, frames: frameCount(input.design.animation.duration, fps), withSoundtrack: false });
  const rasters = layers.rasters.map((r) => r.bytes);
  return {
    composition: layers.composition,
    rasters,
    compositor: (pixels: FramePixels = 'rgba') => createCompositor(layers.composition, rasters, pixels),
  };
}

/** Raw RGBA as a PNG (what comparePng reads). */
export function rgbaPng(rgba: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/**
 * The MP4's frames come out as I420 (i420.ts): every frame, drawn in order as the encode asks for
 * them, must be exactly the RGBA frame converted. Answers the frames that are not.
 */
export function i420Mismatches(file: LayeredFile): number[] {
  const rgba = file.compositor();
  const i420 = file.compositor('i420');
  const converted = Buffer.alloc(i420Bytes(rgba.width, rgba.height));
  const differing: number[] = [];
  for (let i = 0; i < file.composition.states.length; i += 1) {
    rgbaToI420(rgba.frame(i), rgba.width, rgba.height, converted, rgba.width, rgba.height, 0, 0);
    if (!converted.equals(i420.frame(i))) differing.push(i);
  }
  return differing;
}

export interface FrameComparison {
  frame: number;
  /** Share of pixels off by more than the golden threshold (compare.ts). */
  ratio: number;
  same: boolean;
}

/**
 * Draws `frames` of a file both ways, Chromium's frame and the composited one, and answers each
 * frame's comparison within the golden tolerance (compare.ts). The rasters are drawn once; the
 * Chromium frames on one page that keeps the file loaded (`fileId`, loaded-files.ts).
 */
export async function compareBothWays(
  animator: AnimationRenderer,
  input: AnimationPartInput,
  frames: readonly number[],
  fileId: string,
  fps: number = VIDEO_FPS,
): Promise<FrameComparison[]> {
  const file = await drawLayers(animator, input, fps);
  expect(i420Mismatches(file), 'I420 frames that are not the RGBA frame converted').toEqual([]);
  if (process.env.COMPOSITOR_DEBUG) {
    // Every frame in order, as the encode asks for them: CPU per frame of the compositor alone.
    const fresh = file.compositor();
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < file.composition.states.length; i += 1) fresh.frame(i);
    const cpu = process.cpuUsage(cpu0);
    console.log(fileId, 'compositor CPU ms/frame', ((cpu.user + cpu.system) / 1000 / file.composition.states.length).toFixed(2));
  }
  const compositor = file.compositor();
  const out: FrameComparison[] = [];
  for (const frame of frames) {
    const chromium = await animator.frames({ ...input, fileId, fps, start: frame, end: frame + 1, withSoundtrack: false });
    // Encoded as Chromium's frames are (JPEG q90, chroma at half resolution), so that the
    // comparison sees the drawing and not the reference's chroma subsampling (on a 200 px case the
    // chroma blur of saturated edges alone put 0.5 % of the pixels off).
    const composited = await sharp(compositor.frame(frame), { raw: { width: compositor.width, height: compositor.height, channels: 4 } })
      .jpeg({ quality: FRAME_JPEG_QUALITY, chromaSubsampling: '4:2:0' })
      .toBuffer();
    const result = await comparePng(composited, chromium.bytes);
    out.push({ frame, ratio: result.ratio, same: result.same });
    if (process.env.COMPOSITOR_DEBUG) console.log(fileId, frame, result.ratio.toFixed(5), result.same);
  }
  return out;
}

export const FRAME_SOURCES = ['chromium', 'layers'] as const;
export type FrameSourceName = (typeof FRAME_SOURCES)[number];

/** Frames `0 … count-1` of a file from one frame source, as the encode streams them. */
export interface SourceFrames {
  width: number;
  height: number;
  count: number;
  /** ffmpeg's input for them (ffmpeg-args.ts), as the encode task gives it. */
  input: FramesInput;
  /** The frames as the encoder reads them, from the first: JPEGs, or composited raw frames made as they are asked for. */
  stream(): AsyncIterable<Buffer>;
  /** Frame `i` as a PNG. */
  png(i: number): Promise<Buffer>;
}

/**
 * The first `count` frames of a file from `source`: Chromium's JPEGs (one range), or the layer
 * compositor's, from rasters drawn once (`layers`, shared between calls when given), in I420
 * when the size is even, made by `pool` (the media worker's composite pool, as the encode task
 * streams them: encode-task.ts).
 */
export async function sourceFrames(
  animator: AnimationRenderer,
  source: FrameSourceName,
  input: AnimationPartInput,
  count: number,
  options: { fps?: number; layers?: LayeredFile; pool?: CompositePool } = {},
): Promise<SourceFrames> {
  const fps = options.fps ?? VIDEO_FPS;
  if (source === 'chromium') {
    const range = await animator.frames({ ...input, fps, start: 0, end: count, withSoundtrack: false });
    const jpegs = splitJpegs(range.bytes);
    expect(jpegs).toHaveLength(count);
    const { width, height } = await sharp(jpegs[0]!).metadata();
    return {
      width: width!,
      height: height!,
      count,
      input: { fps },
      async *stream() {
        yield* jpegs;
      },
      png: (i) => sharp(jpegs[i]!).png().toBuffer(),
    };
  }
  const file = options.layers ?? (await drawLayers(animator, input, fps));
  const { width, height } = file.composition;
  const pixels: FramePixels = width % 2 === 0 && height % 2 === 0 ? 'i420' : 'rgba';
  const rgba = file.compositor();
  return {
    width,
    height,
    count,
    input: { fps, raw: { width, height, pixels } },
    stream: () => {
      if (!options.pool) throw new Error('composited frames are streamed by a composite pool: give one');
      const id = `${input.design.name}-${input.formatName}-${pixels}`;
      // One pass: the session is not closed, so its ring of frames serves no other file.
      return options.pool.open({ id, composition: file.composition, rasters: file.rasters, pixels, frames: count }).frames(input.signal);
    },
    png: (i) => rgbaPng(rgba.frame(i), width, height),
  };
}
