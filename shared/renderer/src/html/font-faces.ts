import {
  type FontCatalogue,
  type FontFaceFile,
  type FontWeight,
  fallbackFontIds,
  fontIdForSlug,
  isFontWeight,
  resolveFontFaces,
  unicodeRangeIncludes,
} from '@pressroom/model';
import { codePointsOf } from '../plan/asset-refs.js';
import type { PlanFont, RenderPlan } from '../plan/types.js';

/**
 * The bundled font files a plan needs. For every character the texts show, the first family of
 * the stack (the planned font, then the fallbacks in order) whose subsets cover it contributes
 * the covering subset file, at the nearest weight. So a Latin headline loads one or two Inter
 * files and no CJK file, and a Japanese word loads only the Noto Sans JP chunks it uses; the
 * browser, given the same stack, picks the same faces.
 */
export function bundledFacesFor(plan: RenderPlan, catalogue: FontCatalogue): FontFaceFile[] {
  const points = [...codePointsOf(plan)];
  const out = new Map<string, FontFaceFile>();
  const fallbacks = fallbackFontIds();
  for (const font of plan.fonts) {
    const stack = [...(font.fontId === null ? [] : [font.fontId]), ...fallbacks].map((id) => facesAt(id, font, catalogue));
    for (const point of points) {
      for (const faces of stack) {
        const face = faces.find((f) => unicodeRangeIncludes(f.unicodeRange, point));
        if (face) {
          out.set(face.path, face);
          break;
        }
      }
    }
    // Emoji are sequences (ZWJ, VS16, skin tones, flags) that the emoji font must shape whole;
    // when a text has one, every emoji subset covering any of its characters is served.
    if (points.some((p) => PICTOGRAPHIC.test(String.fromCodePoint(p)))) {
      const emoji = facesAt(fontIdForSlug('noto-color-emoji'), font, catalogue);
      for (const face of emoji) if (points.some((p) => unicodeRangeIncludes(face.unicodeRange, p))) out.set(face.path, face);
    }
  }
  return [...out.values()];
}

const PICTOGRAPHIC = /[\p{Extended_Pictographic}\p{Regional_Indicator}]/u;

/**
 * The faces of `fontId` nearest the planned weight and style. Asked for every font of every render
 * and each family of its fallback stack (hundreds of CJK subsets among them), so answered once per
 * family's list of faces: a workspace's catalogue (its uploads added) shares the bundled families'
 * lists, and an upload brings a new list.
 */
function facesAt(fontId: string, font: PlanFont, catalogue: FontCatalogue): readonly FontFaceFile[] {
  const all = catalogue.faces.get(fontId);
  if (all === undefined) return [];
  const weight: FontWeight = isFontWeight(font.weight) ? font.weight : 400;
  let memo = resolvedFaces.get(all);
  if (memo === undefined) {
    memo = new Map();
    resolvedFaces.set(all, memo);
  }
  const key = `${weight}:${font.style}`;
  let faces = memo.get(key);
  if (faces === undefined) {
    faces = resolveFontFaces(fontId, weight, font.style, catalogue)?.faces ?? [];
    memo.set(key, faces);
  }
  return faces;
}
const resolvedFaces = new WeakMap<readonly FontFaceFile[], Map<string, readonly FontFaceFile[]>>();

/** The families appended to every stack, by name. */
export { fallbackFamilies } from '@pressroom/model';
