export const DESIGN_TYPES = ['static', 'animated', 'printer', 'printer_multipage'] as const;
export type DesignType = (typeof DESIGN_TYPES)[number];

export type GenerationMode = 'sync' | 'async';

/** What the override parser needs to know before the design's layers are known. */
export interface OverrideContext {
  designType: DesignType;
  mode: GenerationMode;
}

export function isPrintDesign(designType: DesignType): boolean {
  return designType === 'printer' || designType === 'printer_multipage';
}

/** Layer types of a design read (spec, Element). */
export const LAYER_TYPES = [
  'container',
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
