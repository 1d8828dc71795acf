// Print generation: the printer formats of the async endpoint, the multipage endpoint, and the
// async endpoint on a multipage design. One render_print job per PDF (docs/print.md).
import { randomUUID } from 'node:crypto';
import type { CreditCosts, ElementType, MultipageDesign } from '@pressroom/model';
import {
  AppError,
  type AsyncGenerationRequest,
  aiCapabilitiesFor,
  checkAgainstDesign,
  MULTIPAGE_OUTPUT,
  NO_AI_CAPABILITIES,
  type NormalisedOverrides,
  parseGenerationRequest,
  type RenderPrintPayload,
  refuseUnavailableAi,
} from '@pressroom/model';
import type { GenerationDesign } from '@pressroom/platform';
import { addRenderPrintJob, withTransaction } from '@pressroom/platform';
import type pg from 'pg';
import { z } from 'zod';
import { refuseUnknownFonts } from './font-lookup.js';
import { openPaidRequest } from './paid-request.js';
import type { Workspace } from './workspaces.js';

export interface PrintGenerationDeps {
  db: pg.Pool;
  /** Credits per file by output kind; a PDF costs `creditCostOfFile(type)`, i.e. `CREDIT_COST_PRINT`. */
  creditCosts: CreditCosts;
}

/**
 * Pressroom extensions of the print endpoints, both off by default: `print_options.crop_marks`
 * (marks in a slug outside the bleed) and `print_options.safe_zone` (the safe margin outlined).
 */
const printOptionsSchema = z
  .object({
    print_options: z.object({ crop_marks: z.boolean().optional(), safe_zone: z.boolean().optional() }).optional(),
  })
  .loose();

function printOptions(body: unknown): RenderPrintPayload['options'] {
  const parsed = printOptionsSchema.safeParse(body ?? {});
  if (!parsed.success) {
    throw AppError.fromIssues(
      parsed.error.issues.map((i) => ({ path: i.path.join('.'), code: 'invalid_payload' as const, message: i.message })),
    );
  }
  const o = parsed.data.print_options;
  return { crop_marks: o?.crop_marks ?? false, safe_zone: o?.safe_zone ?? false };
}

/** Async generate on a printer design: one PDF per format, the request's overrides on each. */
export async function acceptPrintFormats(
  deps: PrintGenerationDeps,
  workspace: Workspace,
  found: GenerationDesign,
  request: AsyncGenerationRequest,
  formats: string[],
  body: unknown,
): Promise<string> {
  const options = printOptions(body);
  return enqueuePrint(deps, workspace, found, {
    kind: 'async',
    callbackUrl: request.callbackUrl,
    outputs: formats.map((name) => ({ name, pages: [{ frame: name, overrides: request.overrides }] })),
    options,
  });
}

/**
 * POST generate-multipage-pdf: `pages` keyed page_1 … page_N, each validated against that
 * page's layers; pages not named render their saved content. One PDF, pages in document order.
 */
export async function acceptMultipageGeneration(
  deps: PrintGenerationDeps,
  workspace: Workspace,
  found: GenerationDesign,
  body: unknown,
): Promise<string> {
  const parsed = parseGenerationRequest('multipage', body, { designType: found.design.type });
  if (!parsed.ok) throw parsed.error;
  await refuseUnknownFonts(deps.db, workspace.id, body);
  const design = found.design as MultipageDesign;
  const known = new Set(design.pages.map((p) => p.id));
  const unknownPage = Object.keys(parsed.value.pages).find((id) => !known.has(id));
  if (unknownPage !== undefined) {
    throw AppError.fromIssues([
      {
        path: `pages.${unknownPage}`,
        code: 'invalid_payload',
        message: `the design has ${design.pages.length} pages; ${unknownPage} is not one`,
      },
    ]);
  }
  return enqueueMultipage(deps, workspace, found, parsed.value.callbackUrl, body, (pageId) => parsed.value.pages[pageId]);
}

/**
 * Async generate on a multipage design (no format named): the multipage PDF, the request's
 * `elements` applied on every page that has a layer of that name. A named format answers
 * 404 format_not_found, as pages are not formats.
 */
export async function acceptMultipageFromAsync(
  deps: PrintGenerationDeps,
  workspace: Workspace,
  found: GenerationDesign,
  body: unknown,
): Promise<string> {
  const parsed = parseGenerationRequest('async', body, { designType: found.design.type });
  if (!parsed.ok) throw parsed.error;
  const request = parsed.value;
  if (request.formatNames !== null && request.formatNames.length > 0) {
    throw new AppError('format_not_found', `A multipage design has no formats ("${request.formatNames[0]}"); its pages render together.`);
  }
  return enqueueMultipage(deps, workspace, found, request.callbackUrl, body, () => request.overrides, ['elements']);
}

async function enqueueMultipage(
  deps: PrintGenerationDeps,
  workspace: Workspace,
  found: GenerationDesign,
  callbackUrl: string | null,
  body: unknown,
  overridesOf: (pageId: string) => NormalisedOverrides | undefined,
  prefix?: readonly string[],
): Promise<string> {
  const options = printOptions(body);
  const design = found.design as MultipageDesign;
  const pages = design.pages.map((page) => {
    const overrides = overridesOf(page.id) ?? { layers: Object.create(null), vars: Object.create(null) };
    const layerTypes: Record<string, ElementType> = Object.create(null);
    for (const e of page.elements) layerTypes[e.name] = e.type;
    const path = prefix ?? ['pages', page.id];
    const checked = checkAgainstDesign(overrides, layerTypes, { designType: design.type, mode: 'async' }, path);
    if (!checked.ok) throw checked.error;
    const refused = refuseUnavailableAi(checked.value, layerTypes, aiCapabilitiesFor(design.type, NO_AI_CAPABILITIES), path);
    if (refused.length > 0) throw AppError.fromIssues(refused);
    return { frame: page.id, overrides: checked.value };
  });
  return enqueuePrint(deps, workspace, found, {
    kind: 'multipage',
    callbackUrl,
    outputs: [{ name: MULTIPAGE_OUTPUT, pages }],
    options,
  });
}

/** Request row, credits and jobs in one transaction, as for static files. */
async function enqueuePrint(
  deps: PrintGenerationDeps,
  workspace: Workspace,
  found: GenerationDesign,
  input: {
    kind: 'async' | 'multipage';
    callbackUrl: string | null;
    outputs: { name: string; pages: { frame: string; overrides: NormalisedOverrides }[] }[];
    options: RenderPrintPayload['options'];
  },
): Promise<string> {
  const enqueuedAt = Date.now();
  return withTransaction(deps.db, async (client) => {
    const requestId = await openPaidRequest(client, {
      workspaceId: workspace.id,
      found,
      kind: input.kind,
      callbackUrl: input.callbackUrl,
      fileType: 'pdf',
      files: input.outputs.length,
      creditCosts: deps.creditCosts,
    });
    for (const output of input.outputs) {
      await addRenderPrintJob(client, {
        v: 1,
        generation_request_id: requestId,
        banner_id: randomUUID(),
        workspace_id: workspace.id,
        design_id: found.id,
        output_name: output.name,
        pages: output.pages,
        options: input.options,
        priority: 'async',
        enqueued_at: enqueuedAt,
      });
    }
    return requestId;
  });
}
