import { DESIGN_TYPES, type DesignType } from '../properties/layer-types.js';

export { DESIGN_TYPES, type DesignType };

export type GenerationMode = 'sync' | 'async';

/** What the override parser needs to know before the design's layers are known. */
export interface OverrideContext {
  designType: DesignType;
  mode: GenerationMode;
}

export function isPrintDesign(designType: DesignType): boolean {
  return designType === 'printer' || designType === 'printer_multipage';
}
