/**
 * `describeLayerProperties(designType)`: the catalogue as plain descriptors, one per property of
 * each layer type the design type allows, for clients that pick a control per property (the web
 * console, through `GET /layer-properties`). Pure; derived from the catalogue alone.
 */
import { LAYER_PROPERTIES } from './catalogue.js';
import { GROUP_LAYOUT_PROPS, layerTypesFor } from './design-tables.js';
import type { ColorKind, PropertyEntry, PropertyKind } from './entry.js';
import type { DesignType, LayerType } from './layer-types.js';
import { type DesignRange, NUMERIC_PROPERTIES, type NumericProperty, type NumericRange } from './numeric.js';
import { overrideOn } from './overridable.js';

export interface PropertyDescriptor {
  /** e.g. `font_size`; `mask_properties.skew_y` for a field of an object property. */
  name: string;
  kind: PropertyKind;
  /** `enum`: the values the design model takes. */
  values?: (string | number)[];
  /** `number`/`integer`: the design range. */
  min?: number;
  max?: number;
  /**
   * `number`/`integer`: the narrower bound an import or a document PUT takes (Abyssale's import format),
   * where the design range is wider; `integer: true` when it takes whole numbers only. A stored
   * design keeps values past it; writing them back is refused. `circular: true` where the bound is
   * one turn, its ends the same value (`rotation`, 0 to 360): a step past one end comes round.
   */
  import?: { min: number; max: number; integer?: true; circular?: true };
  /**
   * What a request may send on this layer type; `null`: not overridable. An exclusive lower
   * bound (`star_dimension` above 0) is reported as `min`.
   */
  override: null | { min?: number; max?: number; values?: (string | number)[] };
  default?: unknown;
  /** `color`: where a gradient is accepted. */
  color?: ColorKind;
  help: string;
}

export function describeLayerProperties(designType: DesignType): Partial<Record<LayerType, PropertyDescriptor[]>> {
  const out: Partial<Record<LayerType, PropertyDescriptor[]>> = {};
  for (const type of layerTypesFor(designType)) {
    const entries = Object.entries(LAYER_PROPERTIES[type] as Record<string, PropertyEntry>).filter(
      // Animated designs store no group auto-layout.
      ([name]) => !(designType === 'animated' && type === 'group' && GROUP_LAYOUT_PROPS.includes(name)),
    );
    out[type] = entries.flatMap(([name, entry]) => [
      describe(name, entry, override(type, name)),
      ...Object.entries(entry.fields ?? {}).map(([field, sub]) =>
        describe(`${name}.${field}`, sub, override(type, name) === null ? null : fieldOverride(sub)),
      ),
    ]);
  }
  return out;
}

function describe(name: string, entry: PropertyEntry, overrideRule: PropertyDescriptor['override']): PropertyDescriptor {
  const d: PropertyDescriptor = { name, kind: entry.kind, override: overrideRule, help: entry.help };
  if (entry.values !== undefined) d.values = [...entry.values];
  const range: DesignRange | undefined = entry.numeric !== undefined ? NUMERIC_PROPERTIES[entry.numeric].design : entry.range;
  if (range !== undefined) {
    d.min = range.min;
    d.max = range.max;
  }
  const bound = entry.numeric === undefined ? undefined : (NUMERIC_PROPERTIES[entry.numeric] as NumericProperty).import;
  if (bound !== undefined)
    d.import = {
      min: bound.min,
      max: bound.max,
      ...(bound.unit === 'integer' ? { integer: true as const } : {}),
      ...(bound.circular ? { circular: true as const } : {}),
    };
  if (entry.default !== undefined) d.default = entry.default;
  if (entry.color !== undefined) d.color = entry.color;
  return d;
}

function override(type: LayerType, name: string): PropertyDescriptor['override'] {
  const facts = overrideOn(type, name);
  if (facts === null) return null;
  const out: NonNullable<PropertyDescriptor['override']> = {};
  const min = facts.range?.min ?? facts.range?.above;
  if (min !== undefined) out.min = min;
  if (facts.range?.max !== undefined) out.max = facts.range.max;
  if (facts.values !== undefined) out.values = [...facts.values];
  return out;
}

/** A field of an overridable object: the bounds its own entry states for a request. */
function fieldOverride(entry: PropertyEntry): PropertyDescriptor['override'] {
  const out: NonNullable<PropertyDescriptor['override']> = {};
  const range: NumericRange | null | undefined = entry.numeric === undefined ? undefined : NUMERIC_PROPERTIES[entry.numeric].override;
  if (range?.min !== undefined) out.min = range.min;
  if (range?.max !== undefined) out.max = range.max;
  if (entry.values !== undefined) out.values = [...entry.values];
  return out;
}
