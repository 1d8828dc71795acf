import type { ElementType } from '../design/types.js';
import type { FieldIssue } from '../errors/app-error.js';
import { formatPath } from '../errors/zod-issues.js';
import { PROPERTY_DEFAULTS } from '../properties/design-tables.js';
import type { LayerType } from '../properties/layer-types.js';
import { PROPERTY_NEEDS, type PropertyNeed } from '../properties/needs.js';
import { ROOT_LAYER } from './elements.js';
import type { NormalisedOverrides } from './types.js';

/** What the check reads of a design layer: its type, its properties and their per-format replacements. */
export interface LayerBags {
  name: string;
  type: ElementType;
  properties?: object;
  overrides?: Readonly<Record<string, object>>;
}

/**
 * The properties a request sends that could have no effect on their layer (properties/needs.ts):
 * a shadow blur on a layer with no shadow colour, a side-border colour with no side border. A
 * condition holds when the request sets it, or, when the request leaves it alone, when the layer
 * sets it in its properties or in any format's replacements. A value equal to the property's
 * default turns nothing on and is never refused. Each refusal answers invalid_payload at the
 * property's path, naming what it needs (docs/overrides.md). Pure.
 */
export function refuseIneffective(
  overrides: NormalisedOverrides,
  layers: readonly LayerBags[],
  prefix: readonly PropertyKey[] = ['elements'],
): FieldIssue[] {
  const byName = new Map(layers.map((l) => [l.name, l]));
  const issues: FieldIssue[] = [];
  for (const [name, override] of Object.entries(overrides.layers)) {
    if (name === ROOT_LAYER) continue;
    const layer = byName.get(name);
    const needs = layer === undefined ? undefined : PROPERTY_NEEDS[layer.type as LayerType];
    if (layer === undefined || needs === undefined) continue;
    const sent = override as Record<string, unknown>;
    const defaults = PROPERTY_DEFAULTS[layer.type as LayerType];
    const bags = bagsOf(layer);
    for (const [property, conditions] of Object.entries(needs)) {
      const value = read(sent, property);
      if (value === undefined || value === null || (!property.includes('.') && value === defaults[property])) continue;
      const missing = conditions.filter((need) => !holds(need, sent, bags, defaults));
      if (missing.length === 0) continue;
      issues.push({
        path: formatPath([...prefix, name, ...property.split('.')]),
        code: 'invalid_payload',
        message: `has no effect on this ${layer.type} layer without ${missing.map((n) => n.what).join(' and ')}; send ${missing.length === 1 ? 'it' : 'them'} too, or leave ${property} out`,
      });
    }
  }
  return issues;
}

/** The layer's property bags: its properties, and those merged with each format's replacements. */
function bagsOf(layer: LayerBags): Record<string, unknown>[] {
  const base = (layer.properties ?? {}) as Record<string, unknown>;
  return [base, ...Object.values(layer.overrides ?? {}).map((o) => ({ ...base, ...(o as Record<string, unknown>) }))];
}

function holds(
  need: PropertyNeed,
  sent: Record<string, unknown>,
  bags: readonly Record<string, unknown>[],
  defaults: Readonly<Record<string, unknown>>,
): boolean {
  const own = read(sent, need.on);
  if (own !== undefined && own !== null) return need.active(own);
  return bags.some((bag) => need.active(read(bag, need.on) ?? defaults[need.on]));
}

/** A property's value, a dotted name read inside its object. */
function read(bag: Record<string, unknown>, name: string): unknown {
  let value: unknown = bag;
  for (const key of name.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
