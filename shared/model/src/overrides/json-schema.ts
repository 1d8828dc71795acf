/**
 * The JSON Schema of a generation request's `elements` object, derived from the catalogue, for
 * the OpenAPI document. Each layer property gets the widest rule its layer types state (the one
 * the override parser applies before the design is loaded), with a description of where a layer
 * type narrows it (docs/overrides.md, "Two passes"). Request-only operations (encoded images,
 * AI, auto-focus) are left to `additionalProperties`: the document does not restate them, so a
 * contract tester never meets a refusal the document does not predict. Pure.
 */
import {
  OVERRIDABLE_NAMES,
  type OverrideFacts,
  overrideOn,
  TARGETABLE_LAYER_TYPES,
  valuesOn,
  widestOverride,
} from '../properties/overridable.js';
import { MAX_LAYER_KEYS, ROOT_LAYER, VARS_KEY } from './elements.js';
import { OBJECT_RULE_JSON_SCHEMAS } from './object-rules.js';
import { UUID_PATTERN } from './rules.js';

type JsonSchema = Record<string, unknown>;

function valueSchema(facts: OverrideFacts): JsonSchema {
  if (facts.rule !== undefined) {
    return OBJECT_RULE_JSON_SCHEMAS[facts.rule];
  }
  switch (facts.kind) {
    case 'number':
    case 'integer': {
      if (facts.values !== undefined) return { enum: [...facts.values] };
      const { min, max, above } = facts.range ?? {};
      return {
        type: 'number',
        ...(min === undefined ? {} : { minimum: min }),
        ...(above === undefined ? {} : { exclusiveMinimum: above }),
        ...(max === undefined ? {} : { maximum: max }),
      };
    }
    case 'enum':
      return { enum: [...(facts.values ?? [])] };
    case 'boolean':
      return { type: 'boolean' };
    case 'text':
      return { type: 'string', ...(facts.length ? { minLength: facts.length.min, maxLength: facts.length.max } : {}) };
    case 'color':
      return { type: 'string' };
    case 'font':
      return { type: 'string', pattern: UUID_PATTERN };
    case 'url':
      // Not `format: uri` nor a pattern: the URL parser trims spaces and takes any case, so a
      // narrower schema would predict refusals the API does not give.
      return { type: 'string', description: 'an http(s) URL' };
    case 'object':
      throw new Error('an object property states its own override rule');
  }
}

const list = (types: readonly string[]) => types.join(', ');

/** Where a layer type takes less than the widest rule; empty when none does. */
export function narrowingOf(name: string): string {
  const widest = widestOverride(name);
  if (widest === null || widest.rule !== undefined) return '';
  const has = TARGETABLE_LAYER_TYPES.filter((t) => overrideOn(t, name) !== null);
  const notes: string[] = [];
  if (widest.range !== undefined) {
    const narrower = has.filter((t) => overrideOn(t, name)!.range!.max !== widest.range!.max);
    for (const t of narrower) notes.push(`at most ${overrideOn(t, name)!.range!.max} on a ${t} layer`);
  } else if (widest.values !== undefined) {
    const fewer = TARGETABLE_LAYER_TYPES.filter((t) => (valuesOn(t, name)?.length ?? 0) < widest.values!.length && has.includes(t));
    if (fewer.length > 0) notes.push(`${list(fewer)} layers take only some of these values (GET /layer-properties)`);
  } else if (widest.length !== undefined) {
    for (const t of has) {
      const own = overrideOn(t, name)!.length!;
      if (own.max !== widest.length.max) notes.push(`at most ${own.max} characters on a ${t} layer`);
    }
  } else if (widest.color !== undefined) {
    const solid = has.filter((t) => overrideOn(t, name)!.color === 'solid');
    const fill = has.filter((t) => overrideOn(t, name)!.color === 'fill');
    if (solid.length > 0 && widest.color !== 'solid') notes.push(`no gradient on ${list(solid)} layers`);
    if (widest.color === 'fill') notes.push(`on print designs a gradient only on ${list(fill)} layers`);
  }
  return notes.length === 0 ? '' : `Once the design is known: ${notes.join('; ')}.`;
}

function layerSchema(): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const name of OVERRIDABLE_NAMES) {
    const note = narrowingOf(name);
    properties[name] = { anyOf: [valueSchema(widestOverride(name)!), { type: 'null' }], ...(note ? { description: note } : {}) };
  }
  return { type: 'object', properties };
}

/**
 * `elements` of the sync (`mode: 'sync'`) or asynchronous generation bodies. Keys are layer
 * names, `root` the format background and `vars` the text variables; unknown layer and property
 * names change nothing. Asynchronous generation tolerates a bare string for a layer.
 */
export function elementsJsonSchema(mode: 'sync' | 'async'): JsonSchema {
  const layer = layerSchema();
  const value = mode === 'async' ? { anyOf: [layer, { type: 'string' }, { type: 'null' }] } : { anyOf: [layer, { type: 'null' }] };
  return {
    type: 'object',
    description: `Overrides keyed by layer name (docs/overrides.md); \`${ROOT_LAYER}\` is the format background and takes background_color, \`${VARS_KEY}\` the text variables.`,
    maxProperties: MAX_LAYER_KEYS,
    properties: { [VARS_KEY]: { anyOf: [{ type: 'object', additionalProperties: { type: 'string' } }, { type: 'null' }] } },
    additionalProperties: value,
  };
}
