import type { MultipageDesign, PrinterDesign } from '@pressroom/model';
import { bannerFilename, CONTENT_TYPE, MULTIPAGE_OUTPUT, RENDER_PRINT, type RenderPrintPayload } from '@pressroom/model';
import type { FileOutcome } from '@pressroom/platform';
import { assertJobLease, bannerFileKey, jobTask } from '@pressroom/platform';
import type { JobHelpers, Task } from 'graphile-worker';
import type { RenderDeps } from '../deps.js';
import { createAssetLoader } from '../fetch/load-asset.js';
import { failInvalidFileJob, runFileJob, type Stage } from './file-job.js';

/**
 * `render_print`: one printable PDF of a generation request, a printer format or every page of
 * a multipage design. Layout, print and CMYK assembly run here, next to the Chromium that
 * printed the pages (docs/print.md). Safe to run twice, like render_static: the banner id comes
 * from the payload and (request, output) is unique.
 */
export function renderPrintTask(deps: RenderDeps): Task<'render_print'> {
  return jobTask(RENDER_PRINT, { logger: deps.logger, onInvalid: failInvalidFileJob(deps) }, async (payload, helpers) => {
    await runFileJob(
      deps,
      helpers,
      {
        requestId: payload.generation_request_id,
        outputName: payload.output_name,
        output: 'pdf',
        priority: payload.priority,
        enqueuedAt: payload.enqueued_at,
      },
      (stage) => render(deps, payload, helpers, stage),
    );
  });
}

async function render(deps: RenderDeps, payload: RenderPrintPayload, helpers: JobHelpers, stage: Stage): Promise<FileOutcome> {
  const gone = (reason: string): FileOutcome => ({
    kind: 'error',
    formatName: payload.output_name,
    errorId: 'internal_server_error',
    reason,
  });
  if (!deps.print) return gone('This render worker has no print renderer (no CMYK profile).');
  const found = await deps.designs.find(deps.db, payload.workspace_id, payload.design_id);
  const design = found?.design;
  if (!found || !design || (design.type !== 'printer' && design.type !== 'printer_multipage')) {
    return gone('The design no longer exists or is no longer a print design.');
  }
  const size = design.type === 'printer_multipage' ? design.page_size : design.formats.find((f) => f.name === payload.output_name);
  if (!size) return gone('The design or format no longer exists.');
  const printDesign = design as PrinterDesign | MultipageDesign;
  const file = await deps.print({
    design: printDesign,
    pages: payload.pages,
    options: { cropMarks: payload.options.crop_marks, safeZone: payload.options.safe_zone },
    colorProfile: payload.options.color_profile,
    loadAsset: createAssetLoader({
      design: printDesign,
      storage: deps.storage,
      maxBytes: deps.config.maxPrintImageBytes,
      timeoutMs: deps.config.assetFetchTimeoutMs,
      allowPrivateNetworks: deps.config.outboundAllowPrivateNetworks,
      signal: helpers.abortSignal,
    }),
    signal: helpers.abortSignal,
    fonts: await deps.fonts.forWorkspace(payload.workspace_id),
  });
  stage('fetch', file.timings.fetch);
  stage('layout', file.timings.layout);
  stage('capture', file.timings.capture);
  stage('encode', file.timings.encode);

  const multipage = payload.output_name === MULTIPAGE_OUTPUT;
  const filename = bannerFilename({
    designName: printDesign.name,
    formatName: multipage ? 'pages' : payload.output_name,
    width: size.width,
    height: size.height,
    fileType: 'pdf',
    namingScheme: found.namingScheme,
  });
  const key = bannerFileKey(payload.workspace_id, payload.banner_id, filename);
  await assertJobLease(deps.db, 'object');
  const t = performance.now();
  await deps.storage.put(key, file.bytes, { contentType: CONTENT_TYPE.pdf, contentLength: file.bytes.length });
  stage('store', (performance.now() - t) / 1000);
  return {
    kind: 'banner',
    banner: {
      id: payload.banner_id,
      workspace_id: payload.workspace_id,
      design_id: payload.design_id,
      generation_request_id: payload.generation_request_id,
      format_name: payload.output_name,
      format_uid: multipage ? null : (found.formatUids[payload.output_name] ?? null),
      unit: printDesign.print.unit,
      width: size.width,
      height: size.height,
      file_type: 'pdf',
      storage_key: key,
      filename,
      template: { id: found.id, name: printDesign.name, created_at: found.createdAt, updated_at: found.updatedAt },
      project_id: found.projectId,
      original_banner_id: null,
    },
  };
}
