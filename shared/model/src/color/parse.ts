import { parseGradient } from './parse-gradient.js';
import { parseCmyk, parseHex } from './parse-solid.js';
import { ColorGrammarError, type ColorParseResult, refuse } from './refusal.js';
import type { Color } from './types.js';

/**
 * Parses any color field value. Never throws: an unparseable value (of any type) comes back as a
 * refusal with a stable reason.
 */
export function parseColor(input: unknown): ColorParseResult<Color> {
  if (typeof input !== 'string') return refuse('not_a_string', 'a color is a string', { received: typeof input });
  if (input.startsWith('#')) return parseHex(input);
  if (/^cmyka?\(/i.test(input)) return parseCmyk(input);
  if (/^(linear|radial)-gradient\(/i.test(input)) return parseGradient(input);
  return refuse('unknown_form', 'a color is hex (#RRGGBB), cmyk(...), cmyka(...), linear-gradient(...) or radial-gradient(...)', {
    received: input.length > 64 ? `${input.slice(0, 64)}…` : input,
  });
}

/** Same as parseColor but throws ColorGrammarError (typed, with the reason) on refusal. */
export function parseColorOrThrow(input: unknown): Color {
  const result = parseColor(input);
  if (!result.ok) throw new ColorGrammarError(result.refusal);
  return result.color;
}
