import {
  ANIMATION_FRAMES,
  ANIMATION_HTML5,
  type AnimatedFilePayload,
  type AnimationFramesPayload,
  COMPOSITION_FILE,
  HTML5_DEFAULT_LOOPS,
} from '@pressroom/model';
import {
  animationPartKey,
  assertJobLease,
  fileOutcomeExists,
  jobTask,
  mapConcurrently,
  partStored,
  recordOutcome,
  recordPart,
} from '@pressroom/platform';
import type { JobHelpers, Task } from 'graphile-worker';
import type { RenderDeps } from '../deps.js';
import { createAssetLoader, createMediaLoader } from '../fetch/load-asset.js';
import { failInvalidFileJob, judgeFailedAttempt } from '../tasks/file-job.js';
import { type RangeTurn, RangeTurns } from './range-turns.js';
import type { AnimationPartInput } from './render-animation.js';

/**
 * `animation_frames`: one range of frames of one video or GIF, stored as one MJPEG object
 * under the file's intermediate prefix. Idempotent: a range already stored is not redrawn, and
 * recording it again adds nothing; a file that already has its outcome is left alone.
 */
export function animationFramesTask(deps: RenderDeps): Task<'animation_frames'> {
  const turns = new RangeTurns();
  return jobTask(ANIMATION_FRAMES, { logger: deps.logger, onInvalid: failInvalidFileJob(deps) }, async (payload, helpers) => {
    const turn = turns.enter(payload.banner_id, payload.range.index);
    try {
      await framesPart(deps, payload, helpers, turn);
    } finally {
      turn.release();
    }
  });
}

async function framesPart(deps: RenderDeps, payload: AnimationFramesPayload, helpers: JobHelpers, turn: RangeTurn): Promise<void> {
  await runPart(deps, payload, payload.range.index, helpers, async (input) => {
    // Every range plans the same (pure, from the design): a composited file draws its rasters
    // in range 0, and the other ranges draw nothing (docs/animation.md).
    const source = await deps.animation.frameSource(input);
    if (source.source === 'layers') return payload.range.index === 0 ? layersPart(deps, payload, input) : emptyPart();
    if (payload.range.index === 0) deps.renderMetrics.frameSources.inc({ source: 'chromium', reason: source.reason });
    const out = await deps.animation.frames({
      ...input,
      turn,
      fileId: payload.banner_id,
      fps: payload.fps,
      start: payload.range.start,
      end: payload.range.end,
      // The first range of an MP4 also plans its sound and stores the sources beside the frames.
      withSoundtrack: payload.file_type === 'mp4' && payload.range.index === 0,
    });
    deps.renderMetrics.rangePages.inc({ page: out.reusedPage ? 'reused' : 'loaded' });
    const key = animationPartKey(payload.banner_id, `frames-${String(payload.range.index).padStart(4, '0')}.mjpeg`);
    // The sound first: the part is recorded (and the encode may start) only after every object is stored.
    const sound = (out.soundtrack?.files ?? []).map((f) => ({
      key: animationPartKey(payload.banner_id, f.name),
      bytes: f.bytes,
      contentType: 'application/octet-stream',
    }));
    return {
      key,
      objects: [...sound, { key, bytes: out.bytes, contentType: 'video/x-motion-jpeg' }],
      timings: out.timings,
      frames: out.frames,
    };
  });
}

/** Range 0 of a composited file: the rasters, the video layers' sources, the composition, and the sound (MP4), as one part. */
async function layersPart(deps: RenderDeps, payload: AnimationFramesPayload, input: AnimationPartInput): Promise<PartResult> {
  deps.renderMetrics.frameSources.inc({ source: 'layers', reason: 'none' });
  const out = await deps.animation.layers({
    ...input,
    fps: payload.fps,
    frames: payload.frames,
    withSoundtrack: payload.file_type === 'mp4',
  });
  deps.renderMetrics.rasterCaptures.inc({ page: 'file' }, out.captures.main);
  deps.renderMetrics.rasterCaptures.inc({ page: 'helper' }, out.captures.helper);
  const key = animationPartKey(payload.banner_id, COMPOSITION_FILE);
  const objects = [
    ...(out.soundtrack?.files ?? []).map((f) => ({ name: f.name, bytes: f.bytes, contentType: 'application/octet-stream' })),
    ...out.rasters.map((r) => ({ ...r, contentType: 'application/octet-stream' })),
    ...out.videos.map((v) => ({ ...v, contentType: 'application/octet-stream' })),
  ].map((o) => ({ key: animationPartKey(payload.banner_id, o.name), bytes: o.bytes, contentType: o.contentType }));
  return {
    key,
    // The composition last: the part is recorded (and the encode may start) only after every object is stored.
    objects: [...objects, { key, bytes: Buffer.from(JSON.stringify(out.composition)), contentType: 'application/json' }],
    timings: out.timings,
    frames: 0,
  };
}

/** Another range of a composited file: range 0 holds everything; this part stores nothing. */
function emptyPart(): PartResult {
  return { key: '', objects: [], timings: { fetch: 0, layout: 0, frames: 0 }, frames: 0 };
}

/**
 * `animation_html5`: the HTML5 page (every asset and font inside) and its fallback JPEG, stored
 * side by side; the media worker zips them.
 */
export function animationHtml5Task(deps: RenderDeps): Task<'animation_html5'> {
  return jobTask(ANIMATION_HTML5, { logger: deps.logger, onInvalid: failInvalidFileJob(deps) }, async (payload, helpers) => {
    await runPart(deps, payload, 0, helpers, async (input) => {
      const out = await deps.animation.html5(input, {
        clickUrl: payload.delivery.click_url,
        loops: payload.delivery.loop_count ?? HTML5_DEFAULT_LOOPS,
        title: payload.delivery.html5_title ?? null,
        fallbackQuality: payload.quality ?? null,
      });
      const key = animationPartKey(payload.banner_id, 'index.html');
      return {
        key,
        objects: [
          { key, bytes: out.html, contentType: 'text/html; charset=utf-8' },
          { key: animationPartKey(payload.banner_id, 'fallback.jpeg'), bytes: out.fallback, contentType: 'image/jpeg' },
        ],
        timings: out.timings,
        frames: 1,
      };
    });
  });
}

interface PartResult {
  /** The key recorded for the part (what the encode reads). */
  key: string;
  objects: { key: string; bytes: Buffer; contentType: string }[];
  timings: { fetch: number; layout: number; frames: number };
  frames: number;
}

async function runPart(
  deps: RenderDeps,
  payload: AnimatedFilePayload | AnimationFramesPayload,
  part: number,
  helpers: JobHelpers,
  draw: (input: AnimationPartInput) => Promise<PartResult>,
): Promise<void> {
  const output = payload.file_type;
  const stage = (name: string, s: number) => deps.renderMetrics.stageSeconds.observe({ stage: name, output }, s);
  if (await fileOutcomeExists(deps.db, payload.generation_request_id, payload.format_name)) return;
  try {
    if (!(await partStored(deps.db, payload.banner_id, part))) {
      const found = await deps.designs.find(deps.db, payload.workspace_id, payload.design_id);
      if (!found || found.design.type !== 'animated' || !found.design.formats.some((f) => f.name === payload.format_name)) {
        await recordOutcome(
          deps.db,
          payload.generation_request_id,
          {
            kind: 'error',
            formatName: payload.format_name,
            errorId: 'internal_server_error',
            reason: 'The design or format no longer exists.',
          },
          deps.storage,
        );
        return;
      }
      const design = found.design;
      // Video and audio sources go through the same guard, caps and classification as images.
      const fetchOptions = {
        design,
        storage: deps.storage,
        maxBytes: deps.config.maxImageBytes,
        timeoutMs: deps.config.assetFetchTimeoutMs,
        allowPrivateNetworks: deps.config.outboundAllowPrivateNetworks,
        signal: helpers.abortSignal,
      };
      const result = await draw({
        design,
        formatName: payload.format_name,
        overrides: payload.overrides,
        fileType: payload.file_type,
        loadAsset: createAssetLoader(fetchOptions),
        loadMedia: createMediaLoader(fetchOptions),
        signal: helpers.abortSignal,
        fonts: await deps.fonts.forWorkspace(payload.workspace_id),
      });
      stage('fetch', result.timings.fetch);
      stage('layout', result.timings.layout);
      stage('frames', result.timings.frames);
      if (result.timings.frames > 0) deps.renderMetrics.framesPerSecond.observe({ output }, result.frames / result.timings.frames);
      deps.renderMetrics.frames.inc({ output }, result.frames);
      await assertJobLease(deps.db, 'object');
      const t = performance.now();
      await storeObjects(deps.storage, result.objects, result.key);
      stage('store', (performance.now() - t) / 1000);
      const others = result.objects.map((o) => o.key).filter((k) => k !== result.key);
      await recordPart(deps.db, payload, part, result.key, others);
    } else {
      // Recorded by an attempt that died before finishing (its transaction enqueued the encode
      // if it was part 0): recording again adds nothing.
      await recordPart(deps.db, payload, part, '');
    }
  } catch (error) {
    const judged = judgeFailedAttempt(deps, helpers, error, {
      formatName: payload.format_name,
      internalReason: `The ${payload.file_type} file could not be rendered.`,
    });
    if ('throw' in judged) throw error;
    deps.logger.warn(
      { err: error, failure: judged.failure, requestId: payload.generation_request_id, format: payload.format_name },
      'animation part failed',
    );
    await recordOutcome(deps.db, payload.generation_request_id, judged.outcome, deps.storage);
  }
}

/** Objects stored at once by a part: a composited file's range 0 stores every raster (30 or so). */
const STORE_CONCURRENCY = 8;

/**
 * Stores a part's objects, `STORE_CONCURRENCY` at a time (one by one, a composited file's
 * rasters waited on each put in turn; one failed put fails the part and starts no other), and
 * the object under `last` after all the others.
 */
async function storeObjects(
  storage: RenderDeps['storage'],
  objects: readonly PartResult['objects'][number][],
  last: string,
): Promise<void> {
  const put = (o: PartResult['objects'][number]) =>
    storage.put(o.key, o.bytes, { contentType: o.contentType, contentLength: o.bytes.length });
  await mapConcurrently(
    objects.filter((o) => o.key !== last),
    STORE_CONCURRENCY,
    put,
  );
  for (const o of objects) if (o.key === last) await put(o);
}
