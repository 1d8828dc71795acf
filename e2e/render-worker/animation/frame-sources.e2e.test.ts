// The frame-accuracy, MP4-quality and streaming checks on both frame sources of an animated file
// (docs/animation.md §2 and §2b): Chromium's frames (a range job's JPEGs) and the layer
// compositor's (rasters drawn once in Chromium, every frame composited by the media worker's
// code, streamed raw into ffmpeg as the encode task does). The example design's `square` format;
// its rasters are drawn once for the whole file.
//  - Golden frames: compared at 270×270 with the PNGs in render-worker/test/golden/animation
//    (tolerance in compare.ts); `UPDATE_GOLDENS=1` rewrites them from Chromium's frames.
//  - MP4 quality: every decoded frame of the MP4 against the frame the encoder was given (SSIM).
//  - Streaming: ffmpeg encodes frames before the last one is made (captured, or composited).
// Composited frames come through the media worker's composite pool, as the encode task streams them.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCompositePool } from '@pressroom/media-worker/animation/composite-pool';
import { mp4Args } from '@pressroom/media-worker/animation/ffmpeg-args';
import {
  everyFrameFirst,
  framesEncodedBeforeTheLast,
  MP4_SSIM,
  ssimPerFrame,
} from '@pressroom/media-worker/animation/testing/encode-checks';
import { frameTime, VIDEO_FPS } from '@pressroom/model';
import { resolveFfmpegPath, runFfmpeg } from '@pressroom/platform';
import { splitJpegs } from '@pressroom/platform/testing';
import { type AnimationRenderer, createChromiumAnimator } from '@pressroom/render-worker/animation/render-animation';
import { BrowserSupervisor } from '@pressroom/render-worker/browser/index';
import { comparePng } from '@pressroom/render-worker/test/golden/compare';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  drawLayers,
  exampleDesign,
  FRAME_SOURCES,
  type FrameSourceName,
  type LayeredFile,
  partInput,
  rgbaPng,
  type SourceFrames,
  sourceFrames,
} from './testing/frame-sources.js';

const GOLDEN_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../render-worker/test/golden/animation');
const UPDATE = process.env.UPDATE_GOLDENS === '1';
const ffmpeg = resolveFfmpegPath(process.env.FFMPEG_PATH);
const input = partInput(exampleDesign(), 'square');
/** Frames the MP4 and streaming checks encode: 1.2 s of the example, its product and headline coming in. */
const ENCODED = 30;

let supervisor: BrowserSupervisor;
let animator: AnimationRenderer;
let dir: string;
/** The example's rasters, drawn once for every check. */
let layers: Promise<LayeredFile> | undefined;
const encoded = new Map<string, Promise<SourceFrames>>();
/**
 * The media worker's composite pools: on threads as it runs by default (COMPOSITE_THREADS 2:
 * chunks of frames composited ahead of the encoder, two a thread), and on the job's own thread
 * (0: each frame composited only when ffmpeg's pipe asks for the next).
 */
const pools = { threads: createCompositePool({ threads: 2 }), inline: createCompositePool({ threads: 0 }) };
beforeAll(async () => {
  supervisor = new BrowserSupervisor({ poolSize: 1 });
  animator = createChromiumAnimator(supervisor, { timeoutMs: 120_000, ffmpegPath: ffmpeg });
  dir = await mkdtemp(join(tmpdir(), 'pressroom-frame-sources-'));
});
afterAll(async () => {
  await supervisor.stop();
  await Promise.all(Object.values(pools).map((p) => p.stop()));
  await rm(dir, { recursive: true, force: true });
});

const layered = () => {
  layers ??= drawLayers(animator, input);
  return layers;
};
/** The first ENCODED frames from a source (the layers' from the shared rasters, made by `pool`), drawn once per source. */
const encodedFrames = (source: FrameSourceName, pool: keyof typeof pools = 'threads') => {
  const key = `${source} ${pool}`;
  let got = encoded.get(key);
  if (!got) {
    got = (async () =>
      sourceFrames(animator, source, input, ENCODED, source === 'layers' ? { layers: await layered(), pool: pools[pool] } : {}))();
    encoded.set(key, got);
  }
  return got;
};
/** One frame from a source, as a PNG. */
async function frameAt(source: FrameSourceName, index: number): Promise<Buffer> {
  if (source === 'layers') {
    const c = (await layered()).compositor();
    return rgbaPng(c.frame(index), c.width, c.height);
  }
  const out = await animator.frames({ ...input, fps: VIDEO_FPS, start: index, end: index + 1, withSoundtrack: false });
  expect(out.frames).toBe(1);
  return sharp(out.bytes).png().toBuffer();
}

/** Frames `start … end-1` made in order, as PNGs. */
async function framesInOrder(source: FrameSourceName, start: number, end: number): Promise<Buffer[]> {
  if (source === 'chromium') {
    const range = await animator.frames({ ...input, fps: VIDEO_FPS, start, end, withSoundtrack: false });
    return Promise.all(splitJpegs(range.bytes).map((j) => sharp(j).png().toBuffer()));
  }
  const c = (await layered()).compositor();
  const out: Buffer[] = [];
  for (let i = start; i < end; i += 1) out.push(await rgbaPng(c.frame(i), c.width, c.height));
  return out;
}

describe.each(FRAME_SOURCES)('%s frames', (source) => {
  describe('frame accuracy: the example design', () => {
    // Frame 8 (0.32 s): the product scaling in, the headline not shown yet; frame 30 (1.2 s): the
    // headline half typed; frame 100 (4 s): the HTML5 screenshot moment, everything in.
    it.each([8, 30, 100])('frame %i matches its golden', async (index) => {
      const small = await sharp(await frameAt(source, index))
        .resize(270, 270)
        .png()
        .toBuffer();
      const path = join(GOLDEN_DIR, `square-${Math.round(frameTime(index) * 1000)}ms.png`);
      if (source === 'chromium' && (UPDATE || !existsSync(path))) {
        mkdirSync(GOLDEN_DIR, { recursive: true });
        writeFileSync(path, small);
        if (!UPDATE) throw new Error(`golden ${path} was missing and has been written; check it and commit it`);
        return;
      }
      const result = await comparePng(small, readFileSync(path));
      if (!result.same) writeFileSync(path.replace(/\.png$/, `.${source}.actual.png`), small);
      expect(result.same, `${result.reason ?? ''} ${result.ratio}`).toBe(true);
    });

    it('a frame is the same drawn alone or among others: it depends on its time only', async () => {
      const alone = await frameAt(source, 30);
      // Frames 26–30 made in order: a range, or the compositor redrawing what changed since the previous frame.
      const run = await framesInOrder(source, 26, 31);
      expect(run).toHaveLength(5);
      expect((await comparePng(alone, run[4]!, { threshold: 8, maxRatio: 0.001 })).same).toBe(true);
      // and differs from its neighbours: the animation moves
      expect((await comparePng(alone, run[0]!, { threshold: 8, maxRatio: 0.0001 })).same).toBe(false);
    });
  });

  describe('MP4 quality', () => {
    it(`every decoded frame of the MP4 against the frame the encoder was given: mean SSIM ≥ ${MP4_SSIM.mean}, worst ≥ ${MP4_SSIM.worst}`, async () => {
      const frames = await encodedFrames(source);
      const path = join(dir, `${source}.mp4`);
      await runFfmpeg(ffmpeg, mp4Args(frames.input, { path, width: frames.width, height: frames.height, audio: null }), frames.stream());
      // The reference is the encoder's input itself: the JPEGs, or the composited I420 frames.
      const reference = join(dir, `${source}.frames`);
      const all: Buffer[] = [];
      for await (const f of frames.stream()) all.push(Buffer.from(f));
      await writeFile(reference, Buffer.concat(all));
      const raw = frames.input.raw;
      const args = raw
        ? ['-f', 'rawvideo', '-pix_fmt', raw.pixels === 'i420' ? 'yuv420p' : 'rgba', '-s', `${raw.width}x${raw.height}`]
        : ['-f', 'image2pipe', '-c:v', 'mjpeg'];
      const ssim = await ssimPerFrame(ffmpeg, path, [...args, '-framerate', String(VIDEO_FPS), '-i', reference], dir);
      expect(ssim).toHaveLength(ENCODED);
      if (process.env.COMPOSITOR_DEBUG)
        console.log(source, 'SSIM mean', ssim.reduce((a, b) => a + b, 0) / ssim.length, 'worst', Math.min(...ssim));
      expect(ssim.reduce((a, b) => a + b, 0) / ssim.length).toBeGreaterThanOrEqual(MP4_SSIM.mean);
      expect(Math.min(...ssim)).toBeGreaterThanOrEqual(MP4_SSIM.worst);
    }, 120_000);
  });

  describe('streaming', () => {
    // Composited on the job's own thread, the last frame is made only when ffmpeg asks for it.
    it('ffmpeg encodes frames before the last one is made', async () => {
      const frames = await encodedFrames(source, 'inline');
      const args = mp4Args(frames.input, {
        path: join(dir, `${source}-stream.mp4`),
        width: frames.width,
        height: frames.height,
        audio: null,
      });
      expect(await framesEncodedBeforeTheLast(ffmpeg, args, frames.stream(), { count: ENCODED, waitMs: 20_000, dir })).toBeGreaterThan(0);
    }, 60_000);

    it('the check sees a waiting encode: a source that makes every frame before it gives the first', async () => {
      const frames = await encodedFrames(source, 'inline');
      const args = mp4Args(frames.input, {
        path: join(dir, `${source}-wait.mp4`),
        width: frames.width,
        height: frames.height,
        audio: null,
      });
      expect(
        await framesEncodedBeforeTheLast(ffmpeg, args, frames.stream(), { count: ENCODED, waitMs: 1_000, dir, arrange: everyFrameFirst }),
      ).toBe(0);
    }, 60_000);
  });
});
