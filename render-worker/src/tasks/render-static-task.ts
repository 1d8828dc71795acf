import { countAiOperations, refundReusedAiOperations } from '@pressroom/shared/ai/credits';
import { bannerFilename, CONTENT_TYPES } from '@pressroom/shared/banners/filename';
import type { StaticDesign } from '@pressroom/shared/design/types';
import { notifyGeneration } from '@pressroom/shared/generation/notify';
import { type FileErrorId, type FileOutcome, recordOutcome } from '@pressroom/shared/generation/record-outcome';
import { parseRenderStaticPayload, type RenderStaticPayload } from '@pressroom/shared/jobs/render-static';
import type { NormalisedOverrides } from '@pressroom/shared/overrides/index';
import { bannerFileKey } from '@pressroom/shared/storage/keys';
import type { JobHelpers, Task } from 'graphile-worker';
import type { RenderDeps } from '../deps.js';
import { createAssetLoader } from '../fetch/load-asset.js';
import { classifyFailure, type FailureClass, isDeterministic } from './failures.js';

const ERROR_ID: Record<FailureClass, FileErrorId> = {
  refused: 'cannot_build_banner',
  fetch: 'image_fetching_error',
  timeout: 'internal_server_error',
  crash: 'internal_server_error',
  internal: 'internal_server_error',
};

/**
 * `render_static`: one file of one generation request. Safe to run twice: the banner id comes
 * from the payload, so a re-run after a killed worker overwrites the same object and the
 * (request, format) uniqueness turns the second insert into a no-op.
 */
export function renderStaticTask(deps: RenderDeps): Task<'render_static'> {
  return async (raw, helpers) => {
    let payload: RenderStaticPayload;
    try {
      payload = parseRenderStaticPayload(raw);
    } catch (err) {
      // A payload we cannot read will not become readable on retry; drop it loudly.
      deps.logger.error({ err, jobId: helpers.job.id }, 'render_static: unreadable payload, job dropped');
      return;
    }
    const output = payload.file_type;
    const stage = (name: string, seconds: number) => deps.renderMetrics.stageSeconds.observe({ stage: name, output }, seconds);
    stage('queue_wait', Math.max(0, Date.now() - payload.enqueued_at) / 1000);

    if (await alreadyDone(deps, payload)) return;
    try {
      const { aiReused, ...outcome } = await render(deps, payload, helpers, stage);
      const { recorded } = await recordOutcome(deps.db, payload.generation_request_id, outcome, deps.storage);
      // An AI operation served from a stored result ran no model: its credit goes back, once.
      if (recorded && outcome.kind === 'banner' && aiReused > 0) {
        await refundReusedAiOperations(
          deps.db,
          payload.generation_request_id,
          aiReused,
          countAiOperations(payload.overrides as NormalisedOverrides),
        );
      }
      deps.renderMetrics.totalSeconds.observe({ output, priority: payload.priority }, Math.max(0, Date.now() - payload.enqueued_at) / 1000);
    } catch (error) {
      const failure = classifyFailure(error);
      deps.renderMetrics.failures.inc({ class: failure });
      const lastAttempt = helpers.job.attempts >= helpers.job.max_attempts;
      if (!isDeterministic(failure) && !lastAttempt && !helpers.abortSignal.aborted) throw error;
      if (!isDeterministic(failure) && helpers.abortSignal.aborted) throw error; // shutdown: another worker takes it
      deps.logger.warn({ err: error, failure, requestId: payload.generation_request_id, format: payload.format_name }, 'render failed');
      const reason = isDeterministic(failure) ? (error as Error).message : 'The render failed; the farm could not produce this file.';
      await recordOutcome(
        deps.db,
        payload.generation_request_id,
        { kind: 'error', formatName: payload.format_name, errorId: ERROR_ID[failure], reason },
        deps.storage,
      );
    }
  };
}

/** A previous run stored the banner but died before the job was marked done: just re-notify. */
async function alreadyDone(deps: RenderDeps, payload: RenderStaticPayload): Promise<boolean> {
  const { rows } = await deps.db.query(
    `SELECT 1 FROM banners WHERE generation_request_id = $1 AND format_name = $2
     UNION ALL SELECT 1 FROM generation_errors WHERE generation_request_id = $1 AND format_name = $2 LIMIT 1`,
    [payload.generation_request_id, payload.format_name],
  );
  if (rows.length === 0) return false;
  await notifyGeneration(deps.db, payload.generation_request_id);
  return true;
}

async function render(
  deps: RenderDeps,
  payload: RenderStaticPayload,
  helpers: JobHelpers,
  stage: (name: string, seconds: number) => void,
): Promise<FileOutcome & { aiReused: number }> {
  const found = await deps.designs.find(deps.db, payload.workspace_id, payload.design_id);
  const design = found?.design;
  const format = design && design.type === 'static' ? design.formats.find((f) => f.name === payload.format_name) : undefined;
  if (!found || !format) {
    return {
      kind: 'error',
      formatName: payload.format_name,
      errorId: 'internal_server_error',
      reason: 'The design or format no longer exists.',
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
  });
  stage('fetch', file.timings.fetch);
  stage('layout', file.timings.layout);
  stage('capture', file.timings.capture);
  stage('encode', file.timings.encode);

  const filename = bannerFilename({
    designName: staticDesign.name,
    formatName: format.name,
    width: format.width,
    height: format.height,
    fileType: payload.file_type,
    namingScheme: found.namingScheme,
  });
  const key = bannerFileKey(payload.workspace_id, payload.banner_id, filename);
  const t = performance.now();
  await deps.storage.put(key, file.bytes, {
    contentType: CONTENT_TYPES[payload.file_type] ?? file.contentType,
    contentLength: file.bytes.length,
  });
  stage('store', (performance.now() - t) / 1000);

  return {
    kind: 'banner',
    aiReused: file.aiReused ?? 0,
    banner: {
      id: payload.banner_id,
      workspace_id: payload.workspace_id,
      design_id: payload.design_id,
      generation_request_id: payload.generation_request_id,
      format_name: format.name,
      format_uid: found.formatUids[format.name] ?? null,
      unit: format.unit,
      width: format.width,
      height: format.height,
      file_type: payload.file_type,
      storage_key: key,
      filename,
      template: { id: found.id, name: staticDesign.name, created_at: found.createdAt, updated_at: found.updatedAt },
      project_id: found.projectId,
      original_banner_id: payload.original_banner_id ?? null,
    },
  };
}
