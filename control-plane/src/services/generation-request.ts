import type { DesignType, FontReference, GenerationRequest, GenerationRequestKind, OverrideUrl } from '@pressroom/model';
import { AppError, assertPlanAllows, overrideFonts, overrideUrls, parseGenerationRequest } from '@pressroom/model';
import type { GenerationDesign } from '@pressroom/platform';
import type { AnyParsedGeneration, FoundDesign, GenerationServiceDeps, ParsedGeneration } from './generation-types.js';
import type { Workspace } from './workspaces.js';

/** 404 template_not_found covers every design the workspace may not generate from (docs/design-format.md). */
export async function loadDesignFor(deps: GenerationServiceDeps, workspace: Workspace, designId: string): Promise<GenerationDesign> {
  const found = await deps.designs.find(deps.db, workspace.id, designId);
  if (!found) throw new AppError('template_not_found', `Design ${designId} was not found.`);
  assertPlanAllows(workspace.plan, found.design.type);
  return found;
}

/**
 * The HTTP edge of every generation endpoint: the design (404, the plan), then the body parsed
 * once, against the design's type, into the request that type allows (sync: static designs
 * only; multipage: printer_multipage only), its file type the type's own literal union and the
 * fonts its overrides name. The service takes this and never reads the body.
 */
export async function parseGeneration(
  deps: GenerationServiceDeps,
  workspace: Workspace,
  designId: string,
  kind: GenerationRequestKind,
  body: unknown,
): Promise<AnyParsedGeneration> {
  const found = await loadDesignFor(deps, workspace, designId);
  const { design } = found;
  // The one place a design's type picks its row: from here on every step is typed by it.
  switch (design.type) {
    case 'static':
      return parsedFor('static', { ...found, design }, kind, body);
    case 'animated':
      return parsedFor('animated', { ...found, design }, kind, body);
    case 'printer':
      return parsedFor('printer', { ...found, design }, kind, body);
    case 'printer_multipage':
      return parsedFor('printer_multipage', { ...found, design }, kind, body);
  }
}

function parsedFor<T extends DesignType>(
  designType: T,
  found: FoundDesign<T>,
  kind: GenerationRequestKind,
  body: unknown,
): ParsedGeneration<T> {
  const parsed = parseGenerationRequest(kind, body, { designType });
  if (!parsed.ok) throw parsed.error;
  return { designType, found, request: parsed.value, fonts: requestFonts(parsed.value) };
}

/** The media URLs a request's overrides make workers fetch, at their request paths. */
export function requestUrls(request: GenerationRequest): OverrideUrl[] {
  if (request.kind !== 'multipage') return overrideUrls(request.overrides, ['elements']);
  return Object.entries(request.pages).flatMap(([page, overrides]) => overrideUrls(overrides, ['pages', page]));
}

/** The fonts a request's overrides name, at their request paths. */
export function requestFonts(request: GenerationRequest): FontReference[] {
  if (request.kind !== 'multipage') return overrideFonts(request.overrides, ['elements']);
  return Object.entries(request.pages).flatMap(([page, overrides]) => overrideFonts(overrides, ['pages', page]));
}
