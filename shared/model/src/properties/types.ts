/**
 * The value types inferred from the catalogue (catalogue.ts), so a property is written once:
 *
 * - `StoredProperties<L>`: a layer's `properties` in the stored document, required where the
 *   catalogue gives a default or requires the property (design/types.ts names them per type);
 * - `LayerOverrideValues`: what a request's normalised override may carry for the catalogue's
 *   properties, colours parsed (overrides/types.ts adds the request-only operations);
 * - `LayerInput<L>` (input.ts): the renderer's resolved view.
 */
import type { LayerProperties, UNTARGETABLE_LAYER_TYPES } from './catalogue.js';
import type { LayerType } from './layer-types.js';

type Entries<L extends LayerType> = LayerProperties[L];

/** Whether a layer that does not set the property still has a value: a default, or required. */
export type Present<E> = E extends { required: true } ? true : E extends { default: unknown } ? true : false;
type Stored<E> = E extends { readonly stored?: infer D } ? D : never;
type Sent<E> = E extends { readonly sent?: infer O } ? O : never;

/** A layer's `properties` in the stored document. */
export type StoredProperties<L extends LayerType> = {
  -readonly [K in keyof Entries<L> as Present<Entries<L>[K]> extends true ? K : never]: Stored<Entries<L>[K]>;
} & {
  -readonly [K in keyof Entries<L> as Present<Entries<L>[K]> extends true ? never : K]?: Stored<Entries<L>[K]>;
};

/** The layer types a request can target. */
export type TargetableLayerType = Exclude<LayerType, (typeof UNTARGETABLE_LAYER_TYPES)[number]>;

type OverridableOn<L extends LayerType> = {
  [K in keyof Entries<L>]: Entries<L>[K] extends { override: null } ? never : K;
}[keyof Entries<L>];
type Overridable = { [L in TargetableLayerType]: OverridableOn<L> }[TargetableLayerType];
type SentOn<K extends PropertyKey> = {
  [L in TargetableLayerType]: K extends OverridableOn<L> ? Sent<Entries<L>[K]> : never;
}[TargetableLayerType];

/**
 * The catalogue's properties as a request's normalised override carries them: only what was
 * sent is present; colours are parsed (`Color`, RGB on static/animated designs, the notation
 * written on print designs); a property is typed as the union of its layer types' values.
 */
export type LayerOverrideValues = { [K in Overridable]?: SentOn<K> };
