import {
  type FontCatalogue,
  type FontFaceFile,
  type FontWeight,
  fallbackFontIds,
  isFontWeight,
  loadFontCatalogue,
  resolveFontFaces,
  unicodeRangeIncludes,
} from '@pressroom/shared/fonts/index';
import { codePointsOf } from '../plan/asset-refs.js';
import type { RenderPlan } from '../plan/types.js';

/**
 * The bundled font files a plan needs: for every planned font and every fallback family, at the
 * nearest weight, only the unicode subsets that cover a character the texts show. A CJK family is
 * a hundred files; a Latin headline with a fallback stack still loads two or three.
 */
export function bundledFacesFor(plan: RenderPlan, catalogue: FontCatalogue = loadFontCatalogue()): FontFaceFile[] {
  const points = [...codePointsOf(plan)];
  const out = new Map<string, FontFaceFile>();
  const fallbacks = fallbackFontIds();
  for (const font of plan.fonts) {
    const weight: FontWeight = isFontWeight(font.weight) ? font.weight : 400;
    const ids = [...(font.fontId === null ? [] : [font.fontId]), ...fallbacks];
    for (const id of ids) {
      const resolved = resolveFontFaces(id, weight, font.style, catalogue);
      for (const face of resolved?.faces ?? []) {
        if (points.some((p) => unicodeRangeIncludes(face.unicodeRange, p))) out.set(face.path, face);
      }
    }
  }
  return [...out.values()];
}

/** The families appended to every stack, by name. */
export { fallbackFamilies } from '@pressroom/shared/fonts/index';
