import type { FontCatalogue, FontFaceFile, FontStyle, FontWeight } from './types.js';

/**
 * The weight a request for `target` gets ("nearest available weight used"; docs/fonts.md). Nearest by
 * distance; on a tie, a target of 500 or more takes the heavier neighbour and a lighter target
 * the lighter one, so bold-ish requests stay bold and light ones stay light. This is close to,
 * but simpler than, CSS's own matching (which for 400/500 looks at 500/400 first).
 */
export function nearestWeight(available: readonly FontWeight[], target: FontWeight): FontWeight | undefined {
  let best: FontWeight | undefined;
  for (const weight of available) {
    if (best === undefined) {
      best = weight;
      continue;
    }
    const d = Math.abs(weight - target);
    const bestD = Math.abs(best - target);
    if (d < bestD || (d === bestD && (target >= 500 ? weight > best : weight < best))) best = weight;
  }
  return best;
}

export interface ResolvedFontFaces {
  family: string;
  /** The weight served, which may differ from the one asked for. */
  weight: FontWeight;
  /** The style served: italic falls back to normal (the browser then slants it) when a family has no italic. */
  style: FontStyle;
  /** Every subset file of that weight and style; unicode-range lets the browser fetch only those it needs. */
  faces: FontFaceFile[];
}

/**
 * Which files render `fontId` at `weight`/`style`. The style is honoured when the family has it
 * at any weight, then the nearest weight within that style is taken. Returns null for an id that
 * is not in the catalogue; the caller decides whether that is a validation error or a fallback.
 */
export function resolveFontFaces(fontId: string, weight: FontWeight, style: FontStyle, catalogue: FontCatalogue): ResolvedFontFaces | null {
  const all = catalogue.faces.get(fontId);
  if (all === undefined || all.length === 0) return null;
  const servedStyle: FontStyle = all.some((f) => f.style === style) ? style : style === 'italic' ? 'normal' : 'italic';
  const inStyle = all.filter((f) => f.style === servedStyle);
  const servedWeight = nearestWeight([...new Set(inStyle.map((f) => f.weight))], weight)!;
  return {
    family: all[0]!.family,
    weight: servedWeight,
    style: servedStyle,
    faces: inStyle.filter((f) => f.weight === servedWeight),
  };
}
