/**
 * What a client needs to draw the right control for each layer property: its kind, its design
 * range or values, whether and how a generation request may override it, its default and help.
 * Pure: derived from the property tables (`design/properties`) and the numeric catalogue
 * (`numeric.ts`); the override side from the override parser's own property shape.
 *
 * This is the console's provisional derivation (docs/console.md); the property catalogue states
 * the same facts directly once it exists, behind the same signature.
 */
import type { z } from 'zod';
import { SOURCE_PROPS } from '../design/parse/document.js';
import { contextFor, layerTypesFor, PROPERTY_TABLES, type PropSpec } from '../design/properties/index.js';
import type { ColorKind } from '../design/properties/spec.js';
import type { DesignType, LayerType } from '../design/types.js';
import { FONT_WEIGHTS } from '../fonts/types.js';
import { PATTERN_NAMES } from '../overrides/enums.js';
import { propertyShape } from '../overrides/properties.js';
import { NUMERIC_PROPERTIES, type NumericPropertyName, type NumericRange, overrideRange } from './numeric.js';

export type PropertyKind = 'number' | 'integer' | 'boolean' | 'enum' | 'text' | 'color' | 'font' | 'url' | 'object';

export interface PropertyDescriptor {
  /** e.g. `font_size`, or `mask_properties.skew_y` for a nested field. */
  name: string;
  kind: PropertyKind;
  /** Kind `enum`: the values the design model takes. */
  values?: readonly (string | number)[];
  /** Kind number/integer: the design range. */
  min?: number;
  max?: number;
  /** null: a generation request cannot override it. */
  override: null | { min?: number; max?: number; values?: readonly (string | number)[] };
  default?: unknown;
  /** Kind `color`: where a gradient is taken. */
  color?: ColorKind;
  help: string;
}

/**
 * Overrides whose values are a fixed set where the design model takes any value of a wider
 * kind: the override parser checks these names against these lists (overrides/properties.ts).
 */
const OVERRIDE_VALUES: Readonly<Record<string, readonly (string | number)[]>> = {
  font_weight: FONT_WEIGHTS,
  pattern_name: PATTERN_NAMES,
};

/** The properties of each layer type the design type allows, described for a form. */
export function describeLayerProperties(designType: DesignType): Partial<Record<LayerType, PropertyDescriptor[]>> {
  const ctx = contextFor(designType);
  const overridable = new Set(Object.keys(propertyShape({ designType, mode: 'async' }, { root: false })));
  const out: Partial<Record<LayerType, PropertyDescriptor[]>> = {};
  for (const layerType of layerTypesFor(designType)) {
    const descriptors: PropertyDescriptor[] = [];
    for (const [name, spec] of Object.entries(PROPERTY_TABLES[layerType])) {
      const schema = spec.schema(ctx);
      descriptors.push(describeOne(name, spec, schema, layerType, ctx.print, overridable.has(name)));
      for (const nested of nestedNumbers(name)) {
        const entry = NUMERIC_PROPERTIES[nested];
        descriptors.push({
          name: nested,
          kind: 'number',
          min: entry.design.min,
          max: entry.design.max,
          override: overridable.has(name) ? overrideOf(overrideRange(nested, layerType)) : null,
          help: `${nested.split('.').pop()} of ${name}`,
        });
      }
    }
    out[layerType] = descriptors;
  }
  return out;
}

function describeOne(
  name: string,
  spec: PropSpec,
  schema: z.ZodType,
  layerType: LayerType,
  print: boolean,
  overridable: boolean,
): PropertyDescriptor {
  const base = { name, help: spec.help, ...(spec.default === undefined ? {} : { default: spec.default }) };
  const listed = OVERRIDE_VALUES[name];
  const plain = overridable ? (listed ? { values: listed } : {}) : null;
  if (spec.color) return { ...base, kind: 'color', color: spec.color, override: plain };
  if ((SOURCE_PROPS as readonly string[]).includes(name) && name !== 'illustration_file') return { ...base, kind: 'url', override: plain };
  if (name === 'font') return { ...base, kind: 'font', override: plain };
  if (Object.hasOwn(NUMERIC_PROPERTIES, name)) {
    const numeric = name as NumericPropertyName;
    const { min, max, unit } = NUMERIC_PROPERTIES[numeric].design as { min: number; max: number; unit?: 'integer' | 'length' };
    const integer = unit === 'integer' || (unit === 'length' && !print);
    return {
      ...base,
      kind: integer ? 'integer' : 'number',
      min,
      max,
      override: overridable ? overrideOf(overrideRange(numeric, layerType)) : null,
    };
  }
  const def = (schema as unknown as { _zod: { def: { type: string; options?: z.ZodType[] } } })._zod.def;
  switch (def.type) {
    case 'boolean':
      return { ...base, kind: 'boolean', override: plain };
    case 'number':
      return { ...base, kind: 'integer', override: plain };
    case 'enum': {
      const values = (schema as unknown as { options: readonly string[] }).options;
      return { ...base, kind: 'enum', values, override: overridable ? { values: listed ?? values } : null };
    }
    case 'string':
      return { ...base, kind: 'text', override: plain };
    case 'union': {
      const takesText = (def.options ?? []).some((o) => (o as unknown as { _zod: { def: { type: string } } })._zod.def.type === 'string');
      return { ...base, kind: takesText ? 'text' : 'object', override: plain };
    }
    default:
      return { ...base, kind: 'object', override: plain };
  }
}

/** Numeric sub-fields of an object property (`mask_properties.skew_y`), from the catalogue. */
function nestedNumbers(name: string): NumericPropertyName[] {
  return (Object.keys(NUMERIC_PROPERTIES) as NumericPropertyName[]).filter((n) => n.startsWith(`${name}.`));
}

/** An override range as the descriptor states it: an exclusive lower bound becomes the minimum. */
function overrideOf(range: NumericRange | null): PropertyDescriptor['override'] {
  if (range === null) return null;
  const min = range.min ?? range.above;
  return { ...(min === undefined ? {} : { min }), ...(range.max === undefined ? {} : { max: range.max }) };
}
