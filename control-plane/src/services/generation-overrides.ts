import type { Design, ElementType } from '@pressroom/model';
import {
  type AiCapabilities,
  AppError,
  type AsyncGenerationRequest,
  aiCapabilitiesFor,
  checkAgainstDesign,
  type GenerationRequest,
  type GenerationRequestKind,
  parseGenerationRequest,
  refuseUnavailableAi,
  type SyncGenerationRequest,
} from '@pressroom/model';

/**
 * The request body of a generation endpoint, validated in two passes: the shared request parser
 * (fields, file type against the design type, overrides in the endpoint's mode), then the rules
 * that need the design's layer types, then the AI properties this farm can honour (docs/ai.md).
 * The one place generation calls the validators.
 */
type RequestOf<K extends GenerationRequestKind> = Extract<GenerationRequest, { kind: K }>;

export function parseGenerationBody<K extends Exclude<GenerationRequestKind, 'multipage'>>(
  kind: K,
  body: unknown,
  design: Design,
  ai: AiCapabilities,
): RequestOf<K> {
  const parsed = parseGenerationRequest(kind, body, { designType: design.type });
  if (!parsed.ok) throw parsed.error;
  const request = parsed.value as SyncGenerationRequest | AsyncGenerationRequest;
  const layerTypes: Record<string, ElementType> = Object.create(null);
  if (design.type !== 'printer_multipage') for (const e of design.elements) layerTypes[e.name] = e.type;
  const checked = checkAgainstDesign(request.overrides, layerTypes, { designType: design.type, mode: kind });
  if (!checked.ok) throw checked.error;
  // An AI property this farm cannot honour is refused here, before anything is queued or charged.
  const refused = refuseUnavailableAi(checked.value, layerTypes, aiCapabilitiesFor(design.type, ai));
  if (refused.length > 0) throw AppError.fromIssues(refused);
  return { ...request, overrides: checked.value } as RequestOf<K>;
}
