import type { StaticDesign } from '@pressroom/model';
import { bannerFilename, CONTENT_TYPE, RENDER_STATIC, type RenderStaticPayload } from '@pressroom/model';
import type { FileOutcome } from '@pressroom/platform';
import {
  assertJobLease,
  bannerFileKey,
  countAiOperations,
  formatBanner,
  isDynamicVariantKeyOf,
  jobTask,
  refundReusedAiOperations,
} from '@pressroom/platform';
import type { JobHelpers, Task } from 'graphile-worker';
import type { RenderDeps } from '../deps.js';
import { createAssetLoader } from '../fetch/load-asset.js';
import { failInvalidFileJob, runFileJob, type Stage } from '../tasks/file-job.js';

/**
 * `render_static`: one file of one generation request. Safe to run twice: the banner id comes
 * from the payload, so a re-run after a killed worker overwrites the same object and the
 * (request, format) uniqueness turns the second insert into a no-op.
 */
export function renderStaticTask(deps: RenderDeps): Task<'render_static'> {
  return jobTask(RENDER_STATIC, { logger: deps.logger, onInvalid: failInvalidFileJob(deps) }, async (payload, helpers) => {
    // An AI operation served from a stored result ran no model: its credit goes back, once.
    let aiReused = 0;
    await runFileJob(
      deps,
      helpers,
      {
        requestId: payload.generation_request_id,
        outputName: payload.format_name,
        output: payload.file_type,
        priority: payload.priority,
        enqueuedAt: payload.enqueued_at,
      },
      async (stage) => {
        const rendered = await render(deps, payload, helpers, stage);
        aiReused = rendered.aiReused;
        return rendered.outcome;
      },
      async (outcome) => {
        if (outcome.kind === 'error' || aiReused === 0) return;
        await refundReusedAiOperations(deps.db, payload.generation_request_id, aiReused, countAiOperations(payload.overrides));
      },
    );
  });
}

/** The file's outcome, and how many of its AI operations were served from stored results. */
async function render(
  deps: RenderDeps,
  payload: RenderStaticPayload,
  helpers: JobHelpers,
  stage: Stage,
): Promise<{ outcome: FileOutcome; aiReused: number }> {
  const found = await deps.designs.find(deps.db, payload.workspace_id, payload.design_id);
  const design = found?.design;
  const format = design && design.type === 'static' ? design.formats.find((f) => f.name === payload.format_name) : undefined;
  if (!found || !format) {
    // A deleted design's warm canvases can serve nothing again.
    if (!found) deps.warm?.evictDesign(payload.design_id);
    return {
      outcome: {
        kind: 'error',
        formatName: payload.format_name,
        errorId: 'internal_server_error',
        reason: 'The design or format no longer exists.',
      },
      aiReused: 0,
    };
  }
  const outputKey = payload.output_key ?? null;
  if (outputKey !== null && !isDynamicVariantKeyOf(payload.workspace_id, outputKey)) {
    return {
      outcome: {
        kind: 'error',
        formatName: payload.format_name,
        errorId: 'internal_server_error',
        reason: 'The job asked to store its file outside the dynamic images of its workspace.',
      },
      aiReused: 0,
    };
  }
  const staticDesign = design as StaticDesign;
  const file = await deps.render({
    design: staticDesign,
    formatName: payload.format_name,
    overrides: payload.overrides,
    fileType: payload.file_type,
    loadAsset: createAssetLoader({
      design: staticDesign,
      storage: deps.storage,
      maxBytes: deps.config.maxImageBytes,
      timeoutMs: deps.config.assetFetchTimeoutMs,
      allowPrivateNetworks: deps.config.outboundAllowPrivateNetworks,
      signal: helpers.abortSignal,
    }),
    signal: helpers.abortSignal,
    fonts: await deps.fonts.forWorkspace(payload.workspace_id),
    warmKey: { designId: found.id, version: `v${found.version}` },
    priority: helpers.job.priority,
    ...(payload.output_width == null ? {} : { outputWidth: payload.output_width }),
    ...(payload.quality == null ? {} : { quality: payload.quality }),
  });
  stage('fetch', file.timings.fetch);
  stage('layout', file.timings.layout);
  stage('update', file.timings.update);
  stage('fit', file.timings.fit);
  stage('capture', file.timings.capture);
  stage('encode', file.timings.encode);

  if (outputKey !== null) {
    // No Banner: the bytes go where the control plane waits for them (a dynamic image variant).
    await store(deps, outputKey, file, payload, stage);
    return { outcome: { kind: 'stored', formatName: payload.format_name }, aiReused: file.aiReused ?? 0 };
  }

  const filename = bannerFilename({
    designName: staticDesign.name,
    formatName: format.name,
    width: format.width,
    height: format.height,
    fileType: payload.file_type,
    namingScheme: found.namingScheme,
    stem: payload.file_name ?? null,
  });
  const key = bannerFileKey(payload.workspace_id, payload.banner_id, filename);
  await store(deps, key, file, payload, stage);

  const outcome: FileOutcome = {
    kind: 'banner',
    banner: formatBanner(payload, found, format, {
      type: payload.file_type,
      key,
      filename,
      // The file's own size when `output_width` scaled it down, else the format's.
      ...(payload.output_width == null ? {} : { size: { width: file.width, height: file.height } }),
    }),
  };
  return { outcome, aiReused: file.aiReused ?? 0 };
}

async function store(
  deps: RenderDeps,
  key: string,
  file: { bytes: Buffer; contentType: string },
  payload: RenderStaticPayload,
  stage: (name: string, seconds: number) => void,
): Promise<void> {
  // The key is the banner's own: a stale execution must not replace the bytes of the file the
  // job's new owner recorded (its recording would be refused anyway, after the put).
  await assertJobLease(deps.db, 'object');
  const t = performance.now();
  await deps.storage.put(key, file.bytes, {
    contentType: CONTENT_TYPE[payload.file_type],
    contentLength: file.bytes.length,
  });
  stage('store', (performance.now() - t) / 1000);
}
