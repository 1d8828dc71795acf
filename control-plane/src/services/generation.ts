import { randomUUID } from 'node:crypto';
import type { DesignType, GenerationRequest, GenerationRequestKind, OverrideUrl, StaticFileType } from '@pressroom/model';
import { AppError, assertPlanAllows, checkOutputOptions, overrideUrls, parseGenerationRequest, STATIC_FILE_TYPES } from '@pressroom/model';
import type { GenerationDesign } from '@pressroom/platform';
import {
  addAnimatedFileJobs,
  addRenderPrintJob,
  addRenderStaticJob,
  chargeAiOperations,
  countAiOperations,
  withTransaction,
} from '@pressroom/platform';
import { refuseUnknownFonts } from './font-lookup.js';
import { animatedGeneration } from './generation-animated.js';
import { acceptFormats, fileOf, formatRequest, originalOf } from './generation-formats.js';
import { multipageGeneration, printerGeneration } from './generation-print.js';
import type { DesignGeneration, GenerationInput, GenerationPlan, GenerationServiceDeps, SyncOutput } from './generation-types.js';
import { MEDIA_SOURCE } from './outbound-urls.js';
import { openPaidRequest } from './paid-request.js';
import type { Workspace } from './workspaces.js';

export type { GenerationServiceDeps, SyncOutput } from './generation-types.js';

/** 404 template_not_found covers every design the workspace may not generate from (docs/design-format.md). */
export async function loadDesignFor(deps: GenerationServiceDeps, workspace: Workspace, designId: string): Promise<GenerationDesign> {
  const found = await deps.designs.find(deps.db, workspace.id, designId);
  if (!found) throw new AppError('template_not_found', `Design ${designId} was not found.`);
  assertPlanAllows(workspace.plan, found.design.type);
  return found;
}

/** Static designs: one render_static job per format, sync or async. */
const staticGeneration: DesignGeneration = {
  async validate(input) {
    const design = input.found.design;
    if (design.type !== 'static') throw new Error(`a ${design.type} design in the static row`);
    const accepted = acceptFormats(input, design);
    return { ...accepted, original: await originalOf(input, accepted.outputs) };
  },
  planJobs(accepted, input) {
    const request = formatRequest(input);
    const fileType = accepted.fileType;
    if (!isStaticFileType(fileType)) throw new AppError('invalid_filetype', `A static design cannot produce ${fileType}.`);
    const { width, key } = input.output;
    return {
      kind: request.kind,
      callbackUrl: request.kind === 'async' ? request.callbackUrl : null,
      fileType,
      aiOperations: countAiOperations(accepted.overrides),
      files: accepted.outputs.map((formatName) => (ids) => ({
        task: 'render_static',
        payload: {
          ...fileOf(input, ids),
          format_name: formatName,
          file_type: fileType,
          overrides: accepted.overrides,
          priority: request.kind,
          original_banner_id: accepted.original,
          ...(width == null ? {} : { output_width: width }),
          ...(key == null ? {} : { output_key: key }),
          ...(request.output.quality === null ? {} : { quality: request.output.quality }),
        },
      })),
    };
  },
};

function isStaticFileType(value: string): value is StaticFileType {
  return (STATIC_FILE_TYPES as readonly string[]).includes(value);
}

/** The generation table: what each design type checks, and the jobs it plans. */
const GENERATION: Record<DesignType, DesignGeneration> = {
  static: staticGeneration,
  animated: animatedGeneration,
  printer: printerGeneration,
  printer_multipage: multipageGeneration,
};

/**
 * Any generation endpoint: the design, the body parsed once into the endpoint's request, the
 * design type's checks, the fonts the body names (400 `unknown_font` at their path, whatever the
 * design type) and the type's jobs, then the request row, its credits and the jobs in one
 * transaction. Returns the generation request id.
 */
export async function acceptGeneration(
  deps: GenerationServiceDeps,
  workspace: Workspace,
  designId: string,
  kind: GenerationRequestKind,
  body: unknown,
  output: SyncOutput = {},
): Promise<string> {
  const found = await loadDesignFor(deps, workspace, designId);
  const parsed = parseGenerationRequest(kind, body, { designType: found.design.type });
  if (!parsed.ok) throw parsed.error;
  const input: GenerationInput = { deps, workspace, found, request: parsed.value, output };
  const row = GENERATION[found.design.type];
  const accepted = await row.validate(input);
  // The vendor's output options, against the file type the request resolved to (docs/generation.md).
  if (parsed.value.kind !== 'multipage') {
    const issues = checkOutputOptions(parsed.value.output, accepted.fileType);
    if (issues.length > 0) throw AppError.fromIssues(issues);
  }
  // Every design type's fonts, from the body as sent (its paths are the request's).
  await refuseUnknownFonts(deps.db, workspace.id, body);
  // Last, as it may wait on DNS: media URLs only a forbidden address answers (400 image_fetching_error at their path).
  await deps.outbound(requestUrls(parsed.value), MEDIA_SOURCE);
  return enqueueFiles(deps, workspace, found, row.planJobs(accepted, input));
}

/** The media URLs a request's overrides make workers fetch, at their request paths. */
export function requestUrls(request: GenerationRequest): OverrideUrl[] {
  if (request.kind !== 'multipage') return overrideUrls(request.overrides, ['elements']);
  return Object.entries(request.pages).flatMap(([page, overrides]) => overrideUrls(overrides, ['pages', page]));
}

/** `POST /banner-builder/<id>/generate` (and dynamic images): one file at sync priority. */
export function acceptSyncGeneration(
  deps: GenerationServiceDeps,
  workspace: Workspace,
  designId: string,
  body: unknown,
  output: SyncOutput = {},
): Promise<string> {
  return acceptGeneration(deps, workspace, designId, 'sync', body, output);
}

/** `POST /async/banner-builder/<id>/generate`: one file per format (one PDF for a multipage design). */
export function acceptAsyncGeneration(deps: GenerationServiceDeps, workspace: Workspace, designId: string, body: unknown): Promise<string> {
  return acceptGeneration(deps, workspace, designId, 'async', body);
}

/** `POST /async/banner-builder/<id>/generate-multipage-pdf`: one PDF of every page. */
export function acceptMultipageGeneration(
  deps: GenerationServiceDeps,
  workspace: Workspace,
  designId: string,
  body: unknown,
): Promise<string> {
  return acceptGeneration(deps, workspace, designId, 'multipage', body);
}

/**
 * The request row, its credits and one job per file in one transaction: out of credits leaves
 * nothing behind, and a job exists only for a request that was paid for.
 */
async function enqueueFiles(
  deps: GenerationServiceDeps,
  workspace: Workspace,
  found: GenerationDesign,
  plan: GenerationPlan,
): Promise<string> {
  const enqueuedAt = Date.now();
  return withTransaction(deps.db, async (client) => {
    const requestId = await openPaidRequest(client, {
      workspaceId: workspace.id,
      found,
      kind: plan.kind,
      callbackUrl: plan.callbackUrl,
      fileType: plan.fileType,
      files: plan.files.length,
      creditCosts: deps.creditCosts,
    });
    const aiPerFile = deps.creditCostAi * plan.aiOperations;
    if (!(await chargeAiOperations(client, { workspaceId: workspace.id, requestId, perFile: aiPerFile, files: plan.files.length }))) {
      throw new AppError('rate_limit_exceeded', 'The workspace has no AI credits left for the AI operations of this request.');
    }
    for (const file of plan.files) {
      const job = file({ requestId, bannerId: randomUUID(), enqueuedAt });
      if (job.task === 'render_static') await addRenderStaticJob(client, job.payload);
      else if (job.task === 'render_print') await addRenderPrintJob(client, job.payload);
      else await addAnimatedFileJobs(client, job.payload, job.duration);
    }
    return requestId;
  });
}
