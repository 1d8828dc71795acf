import type { FontCatalogue, FontFace, LayerInput, LayerOverride, LayerType } from '@pressroom/model';
import type { Scale } from './scale.js';
import type { AssetPurpose, AssetSource, PxBox } from './types.js';

/**
 * What a layer planner sees: its merged properties, its box in pixels, and the plan-wide helpers.
 * `L` is the layer type; without it only the properties every layer has are known.
 */
export interface LayerContext<L extends LayerType = LayerType> {
  name: string;
  /** Design properties with the format's and the request's overrides applied, typed by the catalogue. */
  props: LayerInput<L>;
  /** The request's override of this layer alone (some precedence rules need to know who sent what). */
  override: LayerOverride;
  box: PxBox;
  scale: Scale;
  variables: Record<string, string>;
  vars: Record<string, string>;
  catalogue: FontCatalogue;
  designFonts: readonly FontFace[];
  /** Records a resource and returns its ref. */
  addAsset(purpose: AssetPurpose, source: AssetSource): string;
}

/** `border_radius` (or a mask's radius): one number or one per corner, scaled; a corner left out is 0. */
export function radiusCss(r: number | { tl?: number; tr?: number; br?: number; bl?: number }, scale: Scale): string {
  if (typeof r === 'number') return `${scale.length(r)}px`;
  return [r.tl, r.tr, r.br, r.bl].map((c) => `${scale.length(c ?? 0)}px`).join(' ');
}
