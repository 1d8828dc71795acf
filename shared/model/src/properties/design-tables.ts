import { z } from 'zod';
import { LAYER_PROPERTIES } from './catalogue.js';
import { colorSchema, int, numeric, type PropSpec, type PropTable, source, text } from './design-schema.js';
import type { PropertyEntry } from './entry.js';
import type { DesignType, LayerType, PropContext } from './layer-types.js';

/** The design model's schema of one catalogue entry. */
export function designSchema(entry: PropertyEntry): (ctx: PropContext) => z.ZodType {
  if (entry.design !== undefined) return entry.design;
  const fields = entry.fields;
  if (fields !== undefined) {
    return (ctx) =>
      z.strictObject(Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, designSchema(field)(ctx).optional()])));
  }
  switch (entry.kind) {
    case 'number':
    case 'integer':
      if (entry.numeric !== undefined) return numeric(entry.numeric);
      if (entry.range !== undefined) return int(entry.range.min, entry.range.max);
      break;
    case 'boolean':
      return () => z.boolean();
    case 'enum': {
      const values = entry.values as readonly [string, ...string[]];
      return () => z.enum(values);
    }
    case 'text':
    case 'font':
      if (entry.length !== undefined) return text(entry.length.min, entry.length.max);
      break;
    case 'color':
      if (entry.color !== undefined) {
        const kind = entry.color;
        return (ctx) => colorSchema(kind, ctx);
      }
      break;
    case 'url':
      return source();
    case 'object':
      break;
  }
  throw new Error(`the catalogue entry "${entry.help}" says no design schema`);
}

function propSpec(entry: PropertyEntry): PropSpec {
  return {
    schema: designSchema(entry),
    help: entry.help,
    ...(entry.default === undefined ? {} : { default: entry.default }),
    ...(entry.required ? { required: true } : {}),
    ...(entry.color === undefined ? {} : { color: entry.color }),
  };
}

/** The property table of each layer type, as the design parser uses it: derived from the catalogue. */
export const PROPERTY_TABLES: Record<LayerType, PropTable> = Object.fromEntries(
  Object.entries(LAYER_PROPERTIES).map(([type, entries]) => [
    type,
    Object.fromEntries(Object.entries(entries as Record<string, PropertyEntry>).map(([name, entry]) => [name, propSpec(entry)])),
  ]),
) as Record<LayerType, PropTable>;

/**
 * The default of every property that has one, by layer type: what a layer that does not set
 * the property is drawn with. The renderer lays these under a layer's own properties, so it
 * states no default of its own.
 */
export const PROPERTY_DEFAULTS: Readonly<Record<LayerType, Readonly<Record<string, unknown>>>> = Object.fromEntries(
  Object.entries(PROPERTY_TABLES).map(([type, table]) => [
    type,
    Object.freeze(
      Object.fromEntries(Object.entries(table).flatMap(([name, spec]) => (spec.default === undefined ? [] : [[name, spec.default]]))),
    ),
  ]),
) as Record<LayerType, Readonly<Record<string, unknown>>>;

/** Every property name some layer type knows: a name outside it is `unknown_field`. */
export const ALL_PROPERTY_NAMES: ReadonlySet<string> = new Set(Object.values(PROPERTY_TABLES).flatMap((t) => Object.keys(t)));

const PRINT_TYPES: readonly LayerType[] = ['text', 'button', 'image', 'logo', 'shape', 'illustration', 'rating', 'qrcode', 'group'];

/** Video, audio and code layers exist only on animated designs. */
export function layerTypesFor(designType: DesignType): readonly LayerType[] {
  return designType === 'animated' ? [...PRINT_TYPES, 'video', 'audio', 'code'] : PRINT_TYPES;
}

/** Group auto-layout is not stored on animated designs (the read's `group` is empty there). */
export const GROUP_LAYOUT_PROPS: readonly string[] = ['auto_layout', 'direction', 'placement', 'gap'];
