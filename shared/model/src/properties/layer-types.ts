/**
 * The design types and the authorable layer types: the vocabulary the catalogue is keyed by,
 * stated here so the catalogue depends on nothing above it (design/ and overrides/ import it).
 */

export const DESIGN_TYPES = ['static', 'animated', 'printer', 'printer_multipage'] as const;
export type DesignType = (typeof DESIGN_TYPES)[number];

/** Authorable layer types. `container` is the implicit root wrapper and never authored. */
export const LAYER_TYPES = [
  'text',
  'button',
  'image',
  'logo',
  'shape',
  'illustration',
  'rating',
  'qrcode',
  'video',
  'audio',
  'group',
  'code',
] as const;
export type LayerType = (typeof LAYER_TYPES)[number];

/** Layer types a generation request cannot target (docs/overrides.md); `isTargetable` in the catalogue. */
export const UNTARGETABLE_LAYER_TYPES = ['code'] as const satisfies readonly LayerType[];

/** What a property's design schema depends on: the design type fixes units and colour space. */
export interface PropContext {
  designType: DesignType;
  /** Print designs: physical units (floats), CMYK colors, gradients only on shape/button fills. */
  print: boolean;
}
