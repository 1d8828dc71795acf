import type { DesignType, ElementType, GenerationMode, LayerBags, NormalisedOverrides } from '@pressroom/model';
import {
  type AiCapabilities,
  AppError,
  aiCapabilitiesFor,
  checkAgainstDesign,
  refuseIneffective,
  refuseUnavailableAi,
} from '@pressroom/model';

/**
 * The one place generation calls the override validators: the rules that need the design's
 * layer types, then the properties that could have no effect on their layer (a shadow blur
 * with no shadow colour; docs/overrides.md), then the AI properties this farm can honour
 * (docs/ai.md), refused here before anything is queued or charged. `path`: where the overrides
 * sit in the body.
 */
export function checkOverrides(
  overrides: NormalisedOverrides,
  layers: readonly LayerBags[],
  context: { designType: DesignType; mode: GenerationMode; ai: AiCapabilities },
  path?: readonly string[],
): NormalisedOverrides {
  const layerTypes: Record<string, ElementType> = Object.create(null);
  for (const e of layers) layerTypes[e.name] = e.type;
  const checked = checkAgainstDesign(overrides, layerTypes, { designType: context.designType, mode: context.mode }, path);
  if (!checked.ok) throw checked.error;
  const ineffective = refuseIneffective(checked.value, layers, path);
  if (ineffective.length > 0) throw AppError.fromIssues(ineffective);
  const refused = refuseUnavailableAi(checked.value, layerTypes, aiCapabilitiesFor(context.designType, context.ai), path);
  if (refused.length > 0) throw AppError.fromIssues(refused);
  return checked.value;
}
