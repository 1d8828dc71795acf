import { isGradient } from '../color/types.js';
import type { ElementType } from '../design/types.js';
import { AppError, type FieldIssue } from '../errors/app-error.js';
import { formatPath } from '../errors/zod-issues.js';
import { inRange, overrideRange } from '../properties/numeric.js';
import { isPrintDesign, type OverrideContext } from './context.js';
import { ROOT_LAYER } from './elements.js';
import { TEXT_ONLY_ALIGNMENTS } from './enums.js';
import { BUTTON_PAYLOAD_MAX } from './properties.js';
import type { LayerOverride, NormalisedOverrides } from './types.js';

/** Layer types that no request can target (docs/overrides.md): overrides on them change nothing. */
const UNTARGETABLE: ReadonlySet<ElementType> = new Set(['container', 'code']);
const TEXT_ONLY = new Set<string>(TEXT_ONLY_ALIGNMENTS);

export type CheckResult = { ok: true; value: NormalisedOverrides } | { ok: false; error: AppError };

/**
 * The second pass, once the design is loaded: rules that depend on the layer type, which the
 * request does not carry. Returns the overrides restricted to layers the design has (`root`
 * always kept), or the envelope error. `prefix` is where the overrides sit in the request
 * (`['elements']`, or `['pages', 'page_2']`).
 */
export function checkAgainstDesign(
  overrides: NormalisedOverrides,
  layerTypes: Readonly<Record<string, ElementType>>,
  context: OverrideContext,
  prefix: readonly PropertyKey[] = ['elements'],
): CheckResult {
  const issues: FieldIssue[] = [];
  const layers = Object.create(null) as Record<string, LayerOverride>;
  for (const [name, override] of Object.entries(overrides.layers)) {
    if (name === ROOT_LAYER) {
      layers[name] = override;
      continue;
    }
    const type = Object.hasOwn(layerTypes, name) ? layerTypes[name] : undefined;
    if (type === undefined || UNTARGETABLE.has(type)) continue;
    issues.push(...checkLayer(override, type, context, [...prefix, name]));
    layers[name] = override;
  }
  if (issues.length > 0) return { ok: false, error: AppError.fromIssues(issues) };
  return { ok: true, value: { layers, vars: overrides.vars } };
}

function checkLayer(override: LayerOverride, type: ElementType, context: OverrideContext, path: readonly PropertyKey[]): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const at = (key: string) => formatPath([...path, key]);
  const stroke = overrideRange('stroke_width', type);
  if (stroke !== null && override.stroke_width !== undefined && !inRange(override.stroke_width, stroke)) {
    issues.push({
      path: at('stroke_width'),
      code: 'out_of_range',
      message: `must be between ${stroke.min} and ${stroke.max} on a ${type} layer`,
      expected: { min: stroke.min, max: stroke.max },
      received: override.stroke_width,
    });
  }
  if (type === 'button' && override.payload !== undefined && override.payload.length > BUTTON_PAYLOAD_MAX) {
    issues.push({
      path: at('payload'),
      code: 'out_of_range',
      message: `length must be between 1 and ${BUTTON_PAYLOAD_MAX} characters on a button`,
      expected: { min: 1, max: BUTTON_PAYLOAD_MAX },
      received: override.payload.length,
    });
  }
  if (type !== 'text' && override.alignment !== undefined && TEXT_ONLY.has(override.alignment)) {
    issues.push({ path: at('alignment'), code: 'invalid_payload', message: `justified alignments apply to text layers only, not ${type}` });
  }
  const background = override.background_color;
  if (background !== undefined && isGradient(background)) {
    if (type === 'rating' || type === 'qrcode') {
      issues.push({
        path: at('background_color'),
        code: 'invalid_payload',
        message: `a gradient is not accepted on a ${type} background_color`,
      });
    } else if (isPrintDesign(context.designType) && type !== 'shape' && type !== 'button') {
      issues.push({
        path: at('background_color'),
        code: 'invalid_payload',
        message: 'on print designs a gradient is accepted only on background_color of a shape or button',
      });
    }
  }
  return issues;
}
