import { randomUUID } from 'node:crypto';
import type { DesignType, GenerationRequest } from '@pressroom/model';
import { AppError, checkOutputOptions } from '@pressroom/model';
import type { GenerationDesign } from '@pressroom/platform';
import {
  addAnimatedFileJobs,
  addRenderPrintJob,
  addRenderStaticJob,
  chargeAiOperations,
  countAiOperations,
  withTransaction,
} from '@pressroom/platform';
import { refuseUnknownFontReferences } from './font-lookup.js';
import { animatedGeneration } from './generation-animated.js';
import { acceptFormats, fileOf, originalOf } from './generation-formats.js';
import { multipageGeneration, printerGeneration } from './generation-print.js';
import { requestUrls } from './generation-request.js';
import type {
  AnyParsedGeneration,
  CheckedGeneration,
  DesignGeneration,
  GenerationInput,
  GenerationPlan,
  GenerationServiceDeps,
  GenerationTable,
  ParsedGeneration,
  SyncOutput,
} from './generation-types.js';
import { MEDIA_SOURCE } from './outbound-urls.js';
import { openPaidRequest } from './paid-request.js';
import type { Workspace } from './workspaces.js';

export type { AnyParsedGeneration, CheckedGeneration, GenerationServiceDeps, SyncOutput } from './generation-types.js';

/** Static designs: one render_static job per format, sync or async. */
const staticGeneration: DesignGeneration<'static'> = {
  async validate(input) {
    const accepted = acceptFormats(input);
    return { ...accepted, original: await originalOf(input, accepted.outputs) };
  },
  planJobs(accepted, input) {
    const { request } = input;
    const { fileType } = accepted;
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

/** The generation table: what each design type checks, and the jobs it plans, each row typed by its design type. */
const GENERATION: GenerationTable = {
  static: staticGeneration,
  animated: animatedGeneration,
  printer: printerGeneration,
  printer_multipage: multipageGeneration,
};

/**
 * Any generation endpoint, given the request the edge parsed (`parseGeneration`): the design
 * type's checks, then (`acceptChecked`) the output options, the fonts it names and its media
 * URLs, and the request row, its credits and the jobs in one transaction. Returns the
 * generation request id.
 */
export async function acceptGeneration(
  deps: GenerationServiceDeps,
  workspace: Workspace,
  parsed: AnyParsedGeneration,
  output: SyncOutput = {},
): Promise<string> {
  return acceptChecked(deps, workspace, await checkGeneration(deps, workspace, parsed), output);
}

/** The design type's checks (its row's `validate`): what a parsed request asks, against its design. */
export async function checkGeneration<T extends DesignType>(
  deps: GenerationServiceDeps,
  workspace: Workspace,
  parsed: ParsedGeneration<T>,
): Promise<CheckedGeneration<T>> {
  const accepted = await GENERATION[parsed.designType].validate(inputOf(deps, workspace, parsed, {}));
  return { parsed, accepted };
}

/**
 * A checked generation on its way to the queue: the vendor's output options against the file
 * type it resolved to, every font it names (400 `unknown_font` at its path, whatever the design
 * type), its media URLs, then the jobs its row plans, written in one transaction.
 */
export async function acceptChecked<T extends DesignType>(
  deps: GenerationServiceDeps,
  workspace: Workspace,
  checked: CheckedGeneration<T>,
  output: SyncOutput = {},
): Promise<string> {
  const { parsed, accepted } = checked;
  const request: GenerationRequest = parsed.request;
  // The vendor's output options, against the file type the request resolved to (docs/generation.md).
  if (request.kind !== 'multipage') {
    const issues = checkOutputOptions(request.output, accepted.fileType);
    if (issues.length > 0) throw AppError.fromIssues(issues);
  }
  await refuseUnknownFontReferences(deps.db, workspace.id, parsed.fonts);
  // Last, as it may wait on DNS: media URLs only a forbidden address answers (400 image_fetching_error at their path).
  await deps.outbound(requestUrls(request), MEDIA_SOURCE);
  const plan = GENERATION[parsed.designType].planJobs(accepted, inputOf(deps, workspace, parsed, output));
  return enqueueFiles(deps, workspace, parsed.found, plan);
}

function inputOf<T extends DesignType>(
  deps: GenerationServiceDeps,
  workspace: Workspace,
  parsed: ParsedGeneration<T>,
  output: SyncOutput,
): GenerationInput<T> {
  return { deps, workspace, designType: parsed.designType, found: parsed.found, request: parsed.request, output };
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
