import { randomUUID } from 'node:crypto';
import type { AiCapabilities, CreditCosts, FormatDesign, NormalisedOverrides, PriorityClass } from '@pressroom/model';
import { AppError, assertPlanAllows, defaultFileType, type StaticFileType } from '@pressroom/model';
import type { DesignSource, GenerationDesign } from '@pressroom/platform';
import { addRenderStaticJob, chargeAiOperations, countAiOperations, findBanner, withTransaction } from '@pressroom/platform';
import type pg from 'pg';
import { refuseUnknownFonts } from './font-lookup.js';
import { enqueueAnimatedRequest } from './generation-animated.js';
import { parseGenerationBody } from './generation-overrides.js';
import { acceptMultipageFromAsync, acceptPrintFormats } from './generation-print.js';
import { openPaidRequest } from './paid-request.js';
import type { Workspace } from './workspaces.js';

export interface GenerationServiceDeps {
  db: pg.Pool;
  designs: DesignSource;
  /** Credits per file by output kind (config `CREDIT_COST_IMAGE`, `_ANIMATION`, `_PRINT`); priced by `creditCostOfFile`. */
  creditCosts: CreditCosts;
  /** The AI operations this farm runs (docs/ai.md); the others are refused up front. */
  ai: AiCapabilities;
  /** AI credits per AI operation per file (config `creditCostAi`). */
  creditCostAi: number;
}

/** 404 template_not_found covers every design the workspace may not generate from (docs/design-format.md). */
export async function loadDesignFor(deps: GenerationServiceDeps, workspace: Workspace, designId: string): Promise<GenerationDesign> {
  const found = await deps.designs.find(deps.db, workspace.id, designId);
  if (!found) throw new AppError('template_not_found', `Design ${designId} was not found.`);
  assertPlanAllows(workspace.plan, found.design.type);
  return found;
}

/** Where and how big the one file of a sync request is stored (the job's optional output fields). */
export interface SyncOutput {
  /** `output_width`: scaled down to at most this width by the render worker. */
  width?: number | null;
  /** `output_key`: stored there as no Banner (production-mode dynamic images). */
  key?: string | null;
}

/** Validates a sync request and enqueues its one job; returns the generation request id. */
export async function acceptSyncGeneration(
  deps: GenerationServiceDeps,
  workspace: Workspace,
  designId: string,
  body: unknown,
  output: SyncOutput = {},
): Promise<string> {
  const found = await loadDesignFor(deps, workspace, designId);
  const request = parseGenerationBody('sync', body, found.design, deps.ai);
  await refuseUnknownFonts(deps.db, workspace.id, body);
  const design = found.design as FormatDesign;
  const formatName = request.formatName ?? design.formats[0]?.name;
  if (formatName === undefined || !design.formats.some((f) => f.name === formatName)) {
    throw new AppError('format_not_found', `The design has no format "${formatName ?? ''}".`);
  }
  const fileType = (request.fileType ?? defaultFileType(design.type, found.defaultFileType)) as StaticFileType;
  return enqueueRequest(deps, workspace, found, {
    kind: 'sync',
    formats: [formatName],
    fileType,
    overrides: request.overrides,
    callbackUrl: null,
    original: null,
    output,
  });
}

/** Validates an async request and enqueues one job per format; returns the generation request id. */
export async function acceptAsyncGeneration(
  deps: GenerationServiceDeps,
  workspace: Workspace,
  designId: string,
  body: unknown,
): Promise<string> {
  const found = await loadDesignFor(deps, workspace, designId);
  if (found.design.type === 'printer_multipage') return acceptMultipageFromAsync(deps, workspace, found, body);
  const request = parseGenerationBody('async', body, found.design, deps.ai);
  await refuseUnknownFonts(deps.db, workspace.id, body);
  const design = found.design as FormatDesign;
  const known = new Set(design.formats.map((f) => f.name));
  const formats = request.formatNames ? [...new Set(request.formatNames)] : design.formats.map((f) => f.name);
  const unknown = formats.find((name) => !known.has(name));
  if (unknown !== undefined) throw new AppError('format_not_found', `The design has no format "${unknown}".`);
  if (formats.length === 0) throw new AppError('format_not_found', 'No format to generate.');
  const fileType = request.fileType ?? defaultFileType(design.type, found.defaultFileType);
  if (design.type === 'printer') return acceptPrintFormats(deps, workspace, found, request, formats, body);
  let original: string | null = null;
  if (request.originalVisualId !== null) {
    if (formats.length !== 1)
      throw new AppError('more_than_one_format', 'original_visual_id needs exactly one format in template_format_names.');
    const banner = await findBanner(deps.db, workspace.id, request.originalVisualId);
    if (!banner) throw new AppError('visual_not_found', `Visual ${request.originalVisualId} was not found.`);
    if (banner.design_id !== designId)
      throw new AppError('not_related_to_same_template', 'The original visual was generated from another design.');
    if (banner.format_name !== formats[0]) throw new AppError('not_related_to_same_format', 'The original visual has another format.');
    original = banner.id;
  }
  if (design.type === 'animated') {
    return enqueueAnimatedRequest(deps, workspace, found, {
      formats,
      fileType,
      overrides: request.overrides,
      callbackUrl: request.callbackUrl,
      original,
      delivery: request.delivery,
    });
  }
  return enqueueRequest(deps, workspace, found, {
    kind: 'async',
    formats,
    fileType: fileType as StaticFileType,
    overrides: request.overrides,
    callbackUrl: request.callbackUrl,
    original,
  });
}

/**
 * The request row, the credits and the jobs in one transaction: out of credits leaves nothing
 * behind, and a job exists only for a request that was paid for.
 */
async function enqueueRequest(
  deps: GenerationServiceDeps,
  workspace: Workspace,
  found: GenerationDesign,
  input: {
    kind: PriorityClass;
    formats: string[];
    fileType: StaticFileType;
    overrides: NormalisedOverrides;
    callbackUrl: string | null;
    original: string | null;
    output?: SyncOutput;
  },
): Promise<string> {
  const enqueuedAt = Date.now();
  return withTransaction(deps.db, async (client) => {
    const requestId = await openPaidRequest(client, {
      workspaceId: workspace.id,
      found,
      kind: input.kind,
      callbackUrl: input.callbackUrl,
      fileType: input.fileType,
      files: input.formats.length,
      creditCosts: deps.creditCosts,
    });
    const aiPerFile = deps.creditCostAi * countAiOperations(input.overrides);
    if (!(await chargeAiOperations(client, { workspaceId: workspace.id, requestId, perFile: aiPerFile, files: input.formats.length }))) {
      throw new AppError('rate_limit_exceeded', 'The workspace has no AI credits left for the AI operations of this request.');
    }
    for (const formatName of input.formats) {
      await addRenderStaticJob(client, {
        v: 1,
        generation_request_id: requestId,
        banner_id: randomUUID(),
        workspace_id: workspace.id,
        design_id: found.id,
        format_name: formatName,
        file_type: input.fileType,
        overrides: input.overrides,
        priority: input.kind,
        enqueued_at: enqueuedAt,
        original_banner_id: input.original,
        ...(input.output?.width == null ? {} : { output_width: input.output.width }),
        ...(input.output?.key == null ? {} : { output_key: input.output.key }),
      });
    }
    return requestId;
  });
}
