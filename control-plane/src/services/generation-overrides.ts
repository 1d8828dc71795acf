import type { Design } from '@pressroom/shared/design/types';
import type { LayerType } from '@pressroom/shared/overrides/context';
import { checkAgainstDesign, type NormalisedOverrides, parseOverrides } from '@pressroom/shared/overrides/index';

/**
 * Override validation for one generation request: the request-level grammar, then the rules
 * that depend on the design's layer types. The one place generation calls the overrides
 * module, so swapping in `shared/src/generation/requests.ts` when it lands touches this file only.
 */
export function validateGenerationOverrides(elements: unknown, design: Design, mode: 'sync' | 'async'): NormalisedOverrides {
  const context = { designType: design.type, mode };
  const parsed = parseOverrides(elements ?? {}, context);
  if (!parsed.ok) throw parsed.error;
  const layerTypes: Record<string, LayerType> = Object.create(null);
  if (design.type !== 'printer_multipage') for (const e of design.elements) layerTypes[e.name] = e.type;
  const checked = checkAgainstDesign(parsed.value, layerTypes, context);
  if (!checked.ok) throw checked.error;
  return checked.value;
}
