export { cmykToRgb, rgbToCmyk, toCmykSpace, toRgbSpace } from './convert.js';
export { formatCmyk, formatColor, formatHex } from './format.js';
export { parseColor, parseColorOrThrow } from './parse.js';
export { MAX_STOPS, MIN_STOPS } from './parse-gradient.js';
export { COLOR_REFUSAL_REASONS, ColorGrammarError, type ColorParseResult, type ColorRefusal, type ColorRefusalReason } from './refusal.js';
export { type Box, toCss } from './to-css.js';
export * from './types.js';
