import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnimatedDesign, Composition, FileJobOwner } from '@pressroom/model';
import {
  AD_NETWORK_ZIP_LIMITS,
  ANIMATION_ENCODE,
  type AnimatedFilePayload,
  bannerFilename,
  bannerFileType,
  COMPOSITION_FILE,
  CONTENT_TYPE,
  gifColours,
  gifSize,
  parseComposition,
  parseSoundtrack,
  SOUNDTRACK_FILE,
  x264Crf,
} from '@pressroom/model';
import {
  animationPartKey,
  assertJobLease,
  bannerFileKey,
  dropParts,
  FfmpegError,
  type FileOutcome,
  FileSettledError,
  fallbackImageKey,
  fileOutcomeExists,
  formatBanner,
  isJobFenced,
  jobTask,
  listParts,
  PartWaitTimeoutError,
  recordInvalidFileJob,
  recordOutcome,
  resolveFfmpegPath,
  runFfmpeg,
  sqlDesignSource,
  waitForParts,
} from '@pressroom/platform';
import type { Task } from 'graphile-worker';
import type { MediaDeps } from '../deps.js';
import type { CompositeSession } from './composite-pool.js';
import { createCompositor, type FramePixels } from './compositor.js';
import { gifArgs, gifPaletteArgs, gifPasses, mp4Args } from './ffmpeg-args.js';
import { gifPaletteFrames } from './gif-palette.js';
import type { AnimationMediaMetrics, EncodeFailureClass } from './metrics.js';
import { MIX_CHANNELS, MIX_RATE, renderSoundtrack } from './soundtrack.js';
import { openVideoLayers } from './video-layers.js';
import { zipFiles } from './zip.js';

/**
 * `animation_encode`: the first part of one animated file is stored; make the file. MP4 and GIF
 * stream the ranges' frames into one ffmpeg, in order, each as soon as it and every range before
 * it are stored, while the later ranges are still captured (one GOP structure, one GIF palette);
 * a range that does not come within `ANIMATION_PART_WAIT_MS` refuses the file, and a file that
 * got its outcome meanwhile (a part failed for good) ends the wait. HTML5 zips the page with its
 * fallback image.
 * Idempotent: the banner id and keys come from the payload, a file already recorded is left
 * alone, and the parts are deleted only after the banner is recorded, so a failed encode is
 * retried from the stored frames without redrawing them.
 */
export function animationEncodeTask(deps: MediaDeps & { animationMetrics: AnimationMediaMetrics }): Task<'animation_encode'> {
  const ffmpeg = resolveFfmpegPath(deps.config.ffmpegPath);
  // A job that cannot be read fails its file; stored parts, if any, are left to the retention sweep.
  const onInvalid = async (owner: FileJobOwner) => {
    deps.animationMetrics.failures.inc({ class: 'internal' });
    await recordInvalidFileJob(deps.db, deps.storage, owner);
  };
  return jobTask(ANIMATION_ENCODE, { logger: deps.logger, onInvalid }, async (payload, helpers) => {
    const output = payload.file_type;
    const stage = (name: string, since: number) =>
      deps.animationMetrics.stageSeconds.observe({ stage: name, output }, (performance.now() - since) / 1000);
    if (await fileOutcomeExists(deps.db, payload.generation_request_id, payload.format_name)) {
      await dropParts(deps.db, deps.storage, payload.banner_id).catch(() => undefined);
      return;
    }
    try {
      const found = await sqlDesignSource.find(deps.db, payload.workspace_id, payload.design_id);
      const format = found?.design.type === 'animated' ? found.design.formats.find((f) => f.name === payload.format_name) : undefined;
      if (!found || !format) {
        await recordError(deps, payload, 'The design or format no longer exists.');
        return;
      }
      const design = found.design as AnimatedDesign;
      const filename = bannerFilename({
        designName: design.name,
        formatName: format.name,
        width: format.width,
        height: format.height,
        fileType: payload.file_type,
        namingScheme: found.namingScheme,
      });
      const key = bannerFileKey(payload.workspace_id, payload.banner_id, filename);

      let t = performance.now();
      let file: Buffer;
      let fallback: Buffer | null = null;
      if (payload.file_type === 'html5') {
        const [page] = await listParts(deps.db, payload.banner_id);
        if (!page) throw new PartWaitTimeoutError(0, 1, 0);
        fallback = await deps.storage.get(animationPartKey(payload.banner_id, 'fallback.jpeg'));
        // html5.include_backup_image false: the zip holds the page alone (the Banner still links the backup JPEG).
        file = await zipFiles([
          { name: 'index.html', bytes: await deps.storage.get(page.storage_key) },
          ...(payload.delivery.html5_backup === false ? [] : [{ name: 'fallback.jpg', bytes: fallback }]),
        ]);
        const network = payload.delivery.html5_ad_network ?? null;
        const limit = network === null ? null : AD_NETWORK_ZIP_LIMITS[network];
        if (limit != null && file.length > limit) {
          await recordError(
            deps,
            payload,
            `The HTML5 zip is ${Math.ceil(file.length / 1024)} KB; ${network} takes at most ${limit / 1024} KB. Lighten the design (images, fonts) or send another ad_network.`,
          );
          await dropParts(deps.db, deps.storage, payload.banner_id).catch(() => undefined);
          return;
        }
      } else {
        const sound = payload.file_type === 'mp4' ? await soundOf(deps, ffmpeg, payload.banner_id, helpers.abortSignal) : null;
        // The reader stops when ffmpeg is done or the job is aborted.
        const feed = new AbortController();
        const stop = () => feed.abort();
        helpers.abortSignal.addEventListener('abort', stop, { once: true });
        try {
          const waited = (s: number) => deps.animationMetrics.stageSeconds.observe({ stage: 'wait', output }, s);
          // Part 0 is recorded (it enqueued this job): its key says how the frames come.
          const first = (await listParts(deps.db, payload.banner_id)).find((p) => p.part === 0);
          const composited = first !== undefined && first.storage_key.endsWith(`/${COMPOSITION_FILE}`);
          // An MP4's composited frames come as I420 (yuv420p, what x264 encodes) when the size allows.
          const pixels: FramePixels = payload.file_type === 'mp4' && format.width % 2 === 0 && format.height % 2 === 0 ? 'i420' : 'rgba';
          const raw = composited ? { width: format.width, height: format.height, pixels } : undefined;
          if (composited) {
            const { session, states } = await compositedFrames(deps, ffmpeg, payload, first.storage_key, pixels);
            try {
              const palette = gifPaletteFrames(payload.frames, states);
              const frames = (only?: readonly number[]) => session.frames(feed.signal, only);
              file = await encodeVideo(ffmpeg, payload, format, frames, sound, helpers.abortSignal, raw, palette);
            } finally {
              session.close();
            }
            // The other parts drew nothing: they are waited for, so the parts are dropped only once every one is recorded.
            await drainParts(deps, payload, deps.config.animationPartWaitMs, feed.signal, waited);
          } else {
            const frames = streamFrames(deps, payload, deps.config.animationPartWaitMs, feed.signal, waited);
            file = await encodeVideo(
              ffmpeg,
              payload,
              format,
              () => frames,
              sound,
              helpers.abortSignal,
              raw,
              gifPaletteFrames(payload.frames),
            );
          }
        } finally {
          feed.abort();
          helpers.abortSignal.removeEventListener('abort', stop);
        }
      }
      stage('encode', t);

      t = performance.now();
      const contentType = CONTENT_TYPE[bannerFileType(payload.file_type)];
      await assertJobLease(deps.db, 'object');
      await deps.storage.put(key, file, { contentType, contentLength: file.length });
      const row = { workspace_id: payload.workspace_id, id: payload.banner_id, filename };
      if (fallback)
        await deps.storage.put(fallbackImageKey(row), fallback, { contentType: CONTENT_TYPE.jpeg, contentLength: fallback.length });
      stage('store', t);

      // A GIF may be delivered smaller than its format (gif_max_width): the Banner says the size delivered.
      const size = payload.file_type === 'gif' ? gifSize(format, payload.delivery.gif_max_width) : undefined;
      const outcome: FileOutcome = {
        kind: 'banner',
        banner: formatBanner(payload, found, format, { type: bannerFileType(payload.file_type), key, filename, size }),
      };
      await recordOutcome(deps.db, payload.generation_request_id, outcome, deps.storage);
      await dropParts(deps.db, deps.storage, payload.banner_id).catch((err) =>
        deps.logger.warn({ err, bannerId: payload.banner_id }, 'animation parts left for the retention job'),
      );
    } catch (error) {
      // Another execution owns the job now: this one records nothing and drops nothing.
      if (isJobFenced(error)) throw error;
      if (error instanceof FileSettledError) {
        await dropParts(deps.db, deps.storage, payload.banner_id).catch(() => undefined);
        return;
      }
      const failure: EncodeFailureClass =
        error instanceof PartWaitTimeoutError ? 'missing_part' : error instanceof FfmpegError ? 'ffmpeg' : 'internal';
      deps.animationMetrics.failures.inc({ class: failure });
      // Waiting again would only repeat the bounded wait: a range that never came refuses the file now.
      if (error instanceof PartWaitTimeoutError && !helpers.abortSignal.aborted) {
        deps.logger.warn(
          { err: error, requestId: payload.generation_request_id, format: payload.format_name },
          'animation part never came',
        );
        await recordError(deps, payload, `The ${payload.file_type} file could not be encoded: ${error.message}.`);
        return;
      }
      const lastAttempt = helpers.job.attempts >= helpers.job.max_attempts;
      if (!lastAttempt || helpers.abortSignal.aborted) throw error;
      deps.logger.warn(
        { err: error, failure, requestId: payload.generation_request_id, format: payload.format_name },
        'animation encode failed',
      );
      await recordError(deps, payload, `The ${payload.file_type} file could not be encoded.`);
    }
  });
}

/** The frames of the file's ranges, in order, read from storage as each range is stored. */
async function* streamFrames(
  deps: MediaDeps,
  payload: AnimatedFilePayload,
  waitMs: number,
  signal: AbortSignal,
  waited: (seconds: number) => void,
): AsyncGenerator<Buffer> {
  const parts = waitForParts(deps.db, payload, { waitMs, signal });
  let total = 0;
  try {
    for (;;) {
      const since = performance.now();
      const next = await parts.next();
      total += performance.now() - since;
      if (next.done) return;
      yield await deps.storage.get(next.value.storage_key);
    }
  } finally {
    waited(total / 1000);
  }
}

/**
 * The frames of a composited file (docs/animation.md, "Frames composited from layer rasters"):
 * part 0 holds the composition, its rasters and its video layers' sources; every frame is
 * composited on the compositor threads, raw, as the encoder takes it (a file with a video layer
 * on this thread, each video's frames decoded alongside: video-layers.ts). Each `frames` of the
 * session composites them afresh from the first (a GIF's two passes read them twice, the first
 * only the frames its palette is made from); close it once the encoder has ended. With the
 * session, the composition's per-frame states (gifPaletteFrames).
 */
async function compositedFrames(
  deps: MediaDeps,
  ffmpeg: string,
  payload: AnimatedFilePayload,
  key: string,
  pixels: FramePixels,
): Promise<{ session: CompositeSession; states: Composition['states'] }> {
  const composition = parseComposition(JSON.parse((await deps.storage.get(key)).toString('utf8')));
  const rasters = await Promise.all(composition.rasters.map((r) => deps.storage.get(animationPartKey(payload.banner_id, r.key))));
  const shown = composition.videos.filter((v) => v.frames.some((f) => f !== null));
  const { states } = composition;
  if (shown.length === 0)
    return { session: deps.composites.open({ id: payload.banner_id, composition, rasters, pixels, frames: payload.frames }), states };
  // Video layers: their frames are decoded in order, one in flight, so the file is composited on
  // this thread frame by frame (docs/animation.md: a chunk on another thread would need a decoder
  // of its own seeking into the clip). A video whose source was not fetched has no object.
  const sources = await Promise.all(
    composition.videos.map(async (v) =>
      v.frames.some((f) => f !== null) ? deps.storage.get(animationPartKey(payload.banner_id, v.key)) : null,
    ),
  );
  const session: CompositeSession = {
    async *frames(signal, only) {
      const compositor = createCompositor(composition, rasters, pixels);
      const videos = await openVideoLayers(ffmpeg, composition, sources, signal);
      try {
        // Frames in increasing order: each video's decoder reads on past the frames skipped.
        for (const i of only ?? Array.from({ length: payload.frames }, (_, k) => k)) {
          if (signal.aborted) return;
          yield compositor.frame(i, await videos.frameAt(i));
        }
      } finally {
        await videos.close();
      }
    },
    // The compositor's own ring of frames is the encoder's until the file is done: nothing to give back.
    close: () => undefined,
  };
  return { session, states };
}

/** Waits for every part of the file to be recorded, reading none. */
async function drainParts(
  deps: MediaDeps,
  payload: AnimatedFilePayload,
  waitMs: number,
  signal: AbortSignal,
  waited: (seconds: number) => void,
): Promise<void> {
  const since = performance.now();
  for await (const _ of waitForParts(deps.db, payload, { waitMs, signal })) {
    // Nothing to read: the composition came with part 0.
  }
  waited((performance.now() - since) / 1000);
}

/**
 * The MP4's mixed sound (raw f32le), or null when nothing is heard: the first range stored the
 * plan and the sources beside the frames (docs/animation.md). A file drawn before sound existed
 * has no plan, and is silent.
 */
async function soundOf(deps: MediaDeps, ffmpeg: string, bannerId: string, signal: AbortSignal): Promise<Buffer | null> {
  const planKey = animationPartKey(bannerId, SOUNDTRACK_FILE);
  if ((await deps.storage.head(planKey)) === undefined) return null;
  const plan = parseSoundtrack(JSON.parse((await deps.storage.get(planKey)).toString('utf8')));
  if (plan.tracks.length === 0) return null;
  const sources = await Promise.all(plan.tracks.map((t) => deps.storage.get(animationPartKey(bannerId, t.key))));
  return renderSoundtrack(ffmpeg, plan, sources, signal);
}

async function encodeVideo(
  ffmpeg: string,
  payload: AnimatedFilePayload,
  format: { width: number; height: number },
  /**
   * The frames, from the first; called twice for a composited GIF (two passes, see gifArgs), the
   * first time for the `palette` frames alone.
   */
  frames: (only?: readonly number[]) => AsyncIterable<Buffer>,
  sound: Buffer | null,
  signal: AbortSignal,
  raw: { width: number; height: number; pixels: FramePixels } | undefined,
  /** A GIF's: the frames its palette is made from (gifPaletteFrames). */
  palette: readonly number[],
): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'pressroom-encode-'));
  try {
    const path = join(dir, `out.${payload.file_type}`);
    let audio: { path: string; rate: number; channels: number } | null = null;
    if (sound) {
      audio = { path: join(dir, 'mix.f32'), rate: MIX_RATE, channels: MIX_CHANNELS };
      await writeFile(audio.path, sound);
    }
    const quality = payload.quality ?? null;
    const input = { fps: payload.fps, ...(raw ? { raw } : {}) };
    if (payload.file_type === 'gif') {
      const out = {
        path,
        ...gifSize(format, payload.delivery.gif_max_width),
        fps: payload.fps,
        ...(quality === null ? {} : { colours: gifColours(quality) }),
        ...(payload.delivery.gif_repeat == null ? {} : { repeat: payload.delivery.gif_repeat }),
      };
      if (raw && gifPasses(payload.frames, format) === 2) {
        // Composited frames can be made twice: the palette first, then the GIF, never every frame held (gifArgs).
        const png = join(dir, 'palette.png');
        await runFfmpeg(ffmpeg, gifPaletteArgs(input, out, format, png), frames(palette), signal);
        await runFfmpeg(ffmpeg, gifArgs(input, out, format, png), frames(), signal);
      } else await runFfmpeg(ffmpeg, gifArgs(input, out, format, palette), frames(), signal);
    } else {
      const out = { path, width: format.width, height: format.height, audio, ...(quality === null ? {} : { crf: x264Crf(quality) }) };
      await runFfmpeg(ffmpeg, mp4Args(input, out), frames(), signal);
    }
    return await readFile(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function recordError(deps: MediaDeps, payload: AnimatedFilePayload, reason: string): Promise<void> {
  await recordOutcome(
    deps.db,
    payload.generation_request_id,
    { kind: 'error', formatName: payload.format_name, errorId: 'internal_server_error', reason },
    deps.storage,
  );
}
