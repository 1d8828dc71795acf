import { parseCmyk, parseHex } from './parse-solid.js';
import { type ColorParseResult, refuse } from './refusal.js';
import type { Gradient, GradientStop, StopColor } from './types.js';

const FUNCTION = /^(linear|radial)-gradient\((.*)\)$/is;
const NUMBER = '-?(?:\\d+(?:\\.\\d+)?|\\.\\d+)';
const PERCENT = new RegExp(`^(${NUMBER})%$`);
const PLAIN = new RegExp(`^(${NUMBER})$`);

export const MIN_STOPS = 2;
export const MAX_STOPS = 8;

/**
 * `linear-gradient(x1% y1% x2% y2%,stop,...)` and `radial-gradient(cx% cy% r%,stop,...)`, where a
 * stop is `offset% color opacity`. Tokens are separated by exactly one space and commas are
 * never followed by a space (docs/overrides.md#color-grammar).
 */
export function parseGradient(input: string): ColorParseResult<Gradient> {
  const match = FUNCTION.exec(input);
  if (!match) return refuse('gradient_malformed', 'expected linear-gradient(...) or radial-gradient(...)', { received: input });
  const kind = match[1]!.toLowerCase() === 'linear' ? 'linear-gradient' : 'radial-gradient';
  const body = match[2]!;
  if (/,\s/.test(body)) return refuse('gradient_space_after_comma', 'no space is allowed after a comma in a gradient');

  const parts = splitTopLevel(body);
  if (parts === null) return refuse('gradient_malformed', 'unbalanced parentheses in gradient', { received: input });
  const [geometryText, ...stopTexts] = parts;

  const geometry = parseGeometry(geometryText ?? '', kind === 'linear-gradient' ? 4 : 3);
  if (geometry === null) {
    const shape = kind === 'linear-gradient' ? 'x1% y1% x2% y2%' : 'cx% cy% r%';
    return refuse('gradient_geometry_malformed', `gradient geometry must be ${shape}`, { received: geometryText });
  }
  if (stopTexts.length < MIN_STOPS || stopTexts.length > MAX_STOPS) {
    return refuse('gradient_stop_count', `a gradient has ${MIN_STOPS} to ${MAX_STOPS} stops`, {
      expected: { min: MIN_STOPS, max: MAX_STOPS },
      received: stopTexts.length,
    });
  }

  const stops: GradientStop[] = [];
  for (const text of stopTexts) {
    const stop = parseStop(text);
    if (!stop.ok) return stop;
    stops.push(stop.color);
  }
  if (new Set(stops.map((s) => s.color.kind)).size > 1) {
    return refuse('gradient_mixed_notation', 'every gradient stop must use the same notation (all hex or all cmyk)');
  }

  if (kind === 'linear-gradient') {
    const [x1, y1, x2, y2] = geometry as [number, number, number, number];
    return { ok: true, color: { kind, x1, y1, x2, y2, stops } };
  }
  const [cx, cy, r] = geometry as [number, number, number];
  if (!(r > 0)) return refuse('gradient_radius_not_positive', 'a radial gradient radius must be above 0%', { received: r });
  return { ok: true, color: { kind, cx, cy, r, stops } };
}

function parseGeometry(text: string, count: number): number[] | null {
  const tokens = text.split(' ');
  if (tokens.length !== count) return null;
  const values: number[] = [];
  for (const token of tokens) {
    const m = PERCENT.exec(token);
    if (!m) return null;
    values.push(toNumber(m[1]!));
  }
  return values;
}

function parseStop(text: string): ColorParseResult<GradientStop> {
  const tokens = text.split(' ');
  if (tokens.length !== 3) return refuse('gradient_stop_malformed', 'a gradient stop is "offset% color opacity"', { received: text });
  const [offsetText, colorText, opacityText] = tokens as [string, string, string];

  const offsetMatch = PERCENT.exec(offsetText);
  if (!offsetMatch) return refuse('gradient_stop_malformed', 'a stop offset is a percent such as 50%', { received: offsetText });
  const offset = toNumber(offsetMatch[1]!);
  if (offset < 0 || offset > 100) {
    return refuse('gradient_offset_out_of_range', 'a stop offset is 0% to 100%', { expected: { min: 0, max: 100 }, received: offset });
  }

  const opacityMatch = PLAIN.exec(opacityText);
  if (!opacityMatch) return refuse('gradient_stop_malformed', 'a stop opacity is a number 0 to 1', { received: opacityText });
  const opacity = toNumber(opacityMatch[1]!);
  if (opacity < 0 || opacity > 1) {
    return refuse('gradient_opacity_out_of_range', 'a stop opacity is 0 to 1', { expected: { min: 0, max: 1 }, received: opacity });
  }

  const color = parseStopColor(colorText);
  if (!color.ok) return color;
  return { ok: true, color: { offset, color: color.color, opacity } };
}

function parseStopColor(text: string): ColorParseResult<StopColor> {
  if (text.startsWith('#')) {
    const hex = parseHex(text);
    if (!hex.ok) return refuse('gradient_stop_color_malformed', 'a stop color is #RRGGBB, #RGB or cmyk(C,M,Y,K)', { received: text });
    if (hex.color.digits === 4 || hex.color.digits === 8) {
      return refuse('gradient_stop_alpha', 'a stop color carries no alpha; use the stop opacity', { received: text });
    }
    return { ok: true, color: hex.color as StopColor };
  }
  if (/^cmyka\(/i.test(text))
    return refuse('gradient_stop_alpha', 'a stop color carries no alpha; use the stop opacity', { received: text });
  if (/^cmyk\(/i.test(text)) {
    const cmyk = parseCmyk(text);
    if (!cmyk.ok) return cmyk;
    return { ok: true, color: cmyk.color as StopColor };
  }
  return refuse('gradient_stop_color_malformed', 'a stop color is #RRGGBB, #RGB or cmyk(C,M,Y,K)', { received: text });
}

/** Splits on commas that are not inside parentheses; null when parentheses do not balance. */
function splitTopLevel(text: string): string[] | null {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(') depth++;
    else if (ch === ')') {
      depth--;
      if (depth < 0) return null;
    } else if (ch === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (depth !== 0) return null;
  parts.push(text.slice(start));
  return parts;
}

function toNumber(text: string): number {
  const n = Number(text);
  return n === 0 ? 0 : n;
}
