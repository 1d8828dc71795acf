import { type Color, isGradient } from '../color/types.js';
import type { ElementType } from '../design/types.js';
import { AppError, type FieldIssue } from '../errors/app-error.js';
import { formatPath } from '../errors/zod-issues.js';
import { UNTARGETABLE_LAYER_TYPES } from '../properties/catalogue.js';
import { inRange } from '../properties/numeric.js';
import { gradientOnPrintTypes, gradientRefusal, overrideOn, valuesOn, widestOverride } from '../properties/overridable.js';
import { isPrintDesign, type OverrideContext } from './context.js';
import { ROOT_LAYER } from './elements.js';
import type { LayerOverride, NormalisedOverrides } from './types.js';

/** Layer types that no request can target (docs/overrides.md): overrides on them change nothing. */
const UNTARGETABLE: ReadonlySet<ElementType> = new Set(['container', ...UNTARGETABLE_LAYER_TYPES]);

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

/**
 * The narrowing the catalogue states per layer type, for every property the override carries:
 * a number's range (stroke_width), a text's length (a button or qrcode payload), an enum's
 * values (justified alignments on text only) and a colour's gradient rule.
 */
function checkLayer(override: LayerOverride, type: ElementType, context: OverrideContext, path: readonly PropertyKey[]): FieldIssue[] {
  if (type === 'container') return [];
  const issues: FieldIssue[] = [];
  const print = isPrintDesign(context.designType);
  for (const [name, value] of Object.entries(override)) {
    const widest = widestOverride(name);
    if (widest === null || value === undefined || widest.rule !== undefined) continue;
    const at = formatPath([...path, name]);
    const own = overrideOn(type, name);
    if (widest.range !== undefined && typeof value === 'number') {
      const range = own?.range;
      if (range !== undefined && !inRange(value, range)) {
        issues.push({
          path: at,
          code: 'out_of_range',
          message: `must be between ${range.min} and ${range.max} on a ${type} layer`,
          expected: { min: range.min, max: range.max },
          received: value,
        });
      }
    } else if (widest.kind === 'enum' || widest.values !== undefined) {
      const values = valuesOn(type, name);
      if (values !== undefined && !values.includes(value as string | number)) {
        issues.push({
          path: at,
          code: 'invalid_payload',
          message: `${JSON.stringify(value)} does not apply to a ${type} layer`,
          received: value,
        });
      }
    } else if (widest.length !== undefined && typeof value === 'string') {
      const length = own?.length;
      if (length !== undefined && (value.length < length.min || value.length > length.max)) {
        issues.push({
          path: at,
          code: 'out_of_range',
          message: `length must be between ${length.min} and ${length.max} characters on a ${type} layer`,
          expected: { min: length.min, max: length.max },
          received: value.length,
        });
      }
    } else if (widest.color !== undefined && isGradient(value as Color)) {
      const refusal = gradientRefusal(own?.color, print);
      if (refusal === null) continue;
      const message =
        refusal === 'gradient_not_allowed'
          ? `a gradient is not accepted on a ${type} ${name}`
          : `on print designs a gradient is accepted only on ${name} of ${gradientOnPrintTypes(name)}`;
      issues.push({ path: at, code: 'invalid_payload', message });
    }
  }
  return issues;
}
