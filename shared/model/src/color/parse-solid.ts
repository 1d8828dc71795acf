import { type ColorParseResult, refuse } from './refusal.js';
import type { CmykColor, HexColor } from './types.js';

const HEX = /^#([0-9a-f]+)$/i;

export function parseHex(input: string): ColorParseResult<HexColor> {
  const match = HEX.exec(input);
  const digits = match?.[1];
  if (digits === undefined || ![3, 4, 6, 8].includes(digits.length)) {
    return refuse('hex_malformed', 'hex colors are #RGB, #RGBA, #RRGGBB or #RRGGBBAA', { received: input });
  }
  const short = digits.length <= 4;
  const channel = (i: number): number =>
    short ? Number.parseInt(digits[i]!.repeat(2), 16) : Number.parseInt(digits.slice(i * 2, i * 2 + 2), 16);
  const hasAlpha = digits.length === 4 || digits.length === 8;
  return {
    ok: true,
    color: {
      kind: 'hex',
      r: channel(0),
      g: channel(1),
      b: channel(2),
      alpha: hasAlpha ? channel(3) / 255 : 1,
      digits: digits.length as HexColor['digits'],
    },
  };
}

const CMYK = /^(cmyka?)\((.*)\)$/is;
const COMPONENT = /^\s*(-?\d+)%?\s*$/;

/** `cmyk(C,M,Y,K)` / `cmyka(C,M,Y,K,A)`; integers 0–100 with an optional `%`, spaces allowed inside. */
export function parseCmyk(input: string): ColorParseResult<CmykColor> {
  const match = CMYK.exec(input);
  if (!match) return refuse('cmyk_malformed', 'expected cmyk(C,M,Y,K) or cmyka(C,M,Y,K,A)', { received: input });
  const withAlpha = match[1]!.toLowerCase() === 'cmyka';
  const parts = match[2]!.split(',');
  const want = withAlpha ? 5 : 4;
  if (parts.length !== want) {
    return refuse('cmyk_malformed', `${withAlpha ? 'cmyka' : 'cmyk'} takes ${want} components`, { expected: want, received: parts.length });
  }
  const values: number[] = [];
  for (const [index, part] of parts.entries()) {
    const m = COMPONENT.exec(part);
    if (!m) return refuse('cmyk_malformed', 'CMYK components are integers 0–100, optionally followed by %', { received: part });
    const value = Number(m[1]);
    if (value < 0 || value > 100) {
      const reason = index === 4 ? 'cmyk_alpha_out_of_range' : 'cmyk_component_out_of_range';
      return refuse(reason, 'CMYK components and alpha are 0–100', { expected: { min: 0, max: 100 }, received: value });
    }
    values.push(value === 0 ? 0 : value);
  }
  const [c, m, y, k, a] = values as [number, number, number, number, number | undefined];
  return { ok: true, color: { kind: 'cmyk', c, m, y, k, alpha: withAlpha ? a! : null } };
}
