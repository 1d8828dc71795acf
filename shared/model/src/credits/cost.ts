import type { DesignType } from '../properties/layer-types.js';

/** What a generated file is, for pricing: the design type decides it, not the file type. */
export const OUTPUT_KINDS = ['image', 'animation', 'print'] as const;
export type OutputKind = (typeof OUTPUT_KINDS)[number];

/** Credits per generated file of each kind (config `CREDIT_COST_IMAGE`, `_ANIMATION`, `_PRINT`). */
export type CreditCosts = Record<OutputKind, number>;

const KIND_OF_DESIGN: Record<DesignType, OutputKind> = {
  static: 'image',
  animated: 'animation',
  printer: 'print',
  printer_multipage: 'print',
};

/** A static design makes images (a static PDF included), an animated one animations, a printer one print PDFs. */
export function outputKindOf(designType: DesignType): OutputKind {
  return KIND_OF_DESIGN[designType];
}

/**
 * The ONE answer to "how many generation credits does this file cost": every generation path
 * (static, animated, print, multipage) prices its files here. The cost is stored per request
 * (`credit_per_file`), so a failed file refunds what was charged even if the price changed since.
 * Exports are free and AI operations draw on the separate AI credits.
 */
export function creditCostOfFile(designType: DesignType, costs: CreditCosts): number {
  return costs[outputKindOf(designType)];
}
