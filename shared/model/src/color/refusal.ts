/**
 * Why a string is not a color. The reason is the stable part callers branch on; `message` is
 * prose for people. Every reason answers 400 invalid_payload on the wire (docs/overrides.md#color-grammar).
 */
export const COLOR_REFUSAL_REASONS = [
  'not_a_string',
  'unknown_form',
  'hex_malformed',
  'cmyk_malformed',
  'cmyk_component_out_of_range',
  'cmyk_alpha_out_of_range',
  'gradient_malformed',
  'gradient_space_after_comma',
  'gradient_geometry_malformed',
  'gradient_radius_not_positive',
  'gradient_stop_count',
  'gradient_stop_malformed',
  'gradient_offset_out_of_range',
  'gradient_opacity_out_of_range',
  'gradient_stop_color_malformed',
  'gradient_stop_alpha',
  'gradient_mixed_notation',
] as const;

export type ColorRefusalReason = (typeof COLOR_REFUSAL_REASONS)[number];

export interface ColorRefusal {
  reason: ColorRefusalReason;
  message: string;
  expected?: unknown;
  received?: unknown;
}

export type ColorParseResult<T> = { ok: true; color: T } | { ok: false; refusal: ColorRefusal };

export function refuse(
  reason: ColorRefusalReason,
  message: string,
  extra: { expected?: unknown; received?: unknown } = {},
): {
  ok: false;
  refusal: ColorRefusal;
} {
  return { ok: false, refusal: { reason, message, ...extra } };
}

/** For callers that prefer an exception: still typed, still carrying the stable reason. */
export class ColorGrammarError extends Error {
  readonly reason: ColorRefusalReason;
  readonly refusal: ColorRefusal;

  constructor(refusal: ColorRefusal) {
    super(refusal.message);
    this.name = 'ColorGrammarError';
    this.reason = refusal.reason;
    this.refusal = refusal;
  }
}
