/**
 * The renderer's input per layer type, typed from the catalogue: `LayerInput<'text'>` has a
 * field per property of a text layer, non-optional where the catalogue gives a default or
 * requires the property, so a misspelt property is a type error. Values are the design's, or a
 * request's parsed override (a colour may be a stored string or a parsed `Color`).
 */
import { PROPERTY_DEFAULTS } from '../design/properties/index.js';
import type { LayerType } from '../design/types.js';
import type { LayerProperties } from './catalogue.js';

type ValueOf<E> = E extends { readonly input?: infer T } ? T : never;
type Present<E> = E extends { required: true } ? true : E extends { default: unknown } ? true : false;
type Entries<L extends LayerType> = LayerProperties[L];

export type LayerInput<L extends LayerType> = {
  -readonly [K in keyof Entries<L> as Present<Entries<L>[K]> extends true ? K : never]: ValueOf<Entries<L>[K]>;
} & {
  -readonly [K in keyof Entries<L> as Present<Entries<L>[K]> extends true ? never : K]?: ValueOf<Entries<L>[K]>;
};

/**
 * A layer's input: the catalogue's defaults, under the layer's properties (a format's
 * replacements already applied), under the request's override (absent values skipped).
 */
export function layerInput<L extends LayerType>(type: L, properties: object, override: object): LayerInput<L> {
  const sent = Object.fromEntries(Object.entries(override).filter(([, v]) => v !== undefined));
  return { ...PROPERTY_DEFAULTS[type], ...properties, ...sent } as LayerInput<L>;
}
