import type { DesignType } from '../design/types.js';

/** What a property's design schema depends on (catalogue entries' `design`, the design tables). */
export interface PropContext {
  designType: DesignType;
  /** Print designs: physical units (floats), CMYK colors, gradients only on shape/button fills. */
  print: boolean;
}
