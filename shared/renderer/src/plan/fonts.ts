import type { FontFace, FontStyle } from '@pressroom/model';
import { defaultFontId, type FontCatalogue, type FontWeight, isFontWeight, normaliseFontName, resolveFontFaces } from '@pressroom/model';
import type { PlanFont } from './types.js';

/**
 * The face a text asks for: a catalogue font by id or by family name, else a font the design
 * brings, else the default family. The weight is the nearest the family has (docs/fonts.md: "nearest
 * available weight used"), so the CSS asks for exactly what is served.
 */
export function planFont(
  font: string | null,
  weight: number,
  wantStyle: FontStyle,
  catalogue: FontCatalogue,
  designFonts: readonly FontFace[],
): PlanFont {
  // The design's weights are whole hundreds already (rounded at import); the nearest is kept for any other.
  const want = isFontWeight(weight) ? weight : (Math.min(900, Math.max(100, Math.round(weight / 100) * 100)) as FontWeight);
  const name = font ?? '';
  const record =
    catalogue.fonts.find((f) => f.id === name) ?? catalogue.fonts.find((f) => normaliseFontName(f.name) === normaliseFontName(name));
  if (!record) {
    const own = designFonts.filter((f) => normaliseFontName(f.family) === normaliseFontName(name));
    if (own.length > 0) {
      const best = own.reduce((a, b) => (Math.abs(b.weight - want) < Math.abs(a.weight - want) ? b : a));
      return { fontId: null, family: best.family, weight: best.weight, style: best.style };
    }
  }
  const fontId = record?.id ?? defaultFontId();
  const faces = resolveFontFaces(fontId, want, wantStyle, catalogue);
  const family = faces?.family ?? record?.name ?? 'Inter';
  return { fontId, family, weight: faces?.weight ?? want, style: faces?.style ?? wantStyle };
}

export function fontKey(f: PlanFont): string {
  return `${f.fontId ?? `design:${f.family}`}/${f.weight}/${f.style}`;
}
