import { PROPERTY_TABLES } from '../../properties/design-tables.js';
import type { LayerType } from '../../properties/layer-types.js';
import { SOURCE_PROPS } from '../parse/document.js';

export type AttributeValue = string | number | boolean | Record<string, unknown>;

/** Code layers expose no customisable attributes (their state has its own fields). */
export function hasAttributes(type: LayerType | 'container'): boolean {
  return type !== 'code' && type !== 'container';
}

/**
 * A group's properties that reads carry in their own fields (`hidden`, `locked`, `group`,
 * `mask`), not as attributes. Its other properties (opacity, rotation, shadow, the auto-layout
 * `alignment`) are attributes, so a design read says everything the group draws.
 */
const GROUP_OWN_FIELDS: ReadonlySet<string> = new Set(['hidden', 'locked', 'auto_layout', 'direction', 'placement', 'gap', 'mask']);

/** The attribute list of a layer in one frame: every property with a value, in table order. */
export function attributesOf(
  type: LayerType,
  props: Record<string, unknown>,
  resolveSource: (src: string) => string,
): { id: string; help: string; value: AttributeValue }[] {
  if (!hasAttributes(type)) return [];
  const out: { id: string; help: string; value: AttributeValue }[] = [];
  for (const [id, spec] of Object.entries(PROPERTY_TABLES[type])) {
    if (type === 'group' && GROUP_OWN_FIELDS.has(id)) continue;
    let value = props[id];
    if (value === undefined || value === null) continue;
    if ((SOURCE_PROPS as readonly string[]).includes(id) && typeof value === 'string') value = resolveSource(value);
    out.push({ id, help: spec.help, value: value as AttributeValue });
  }
  return out;
}

export const ROOT_HELP = 'Background color of the canvas (hex on RGB designs, cmyk on print)';
