import { formatPath } from '../../errors/zod-issues.js';
import { nearestWeight } from '../../fonts/resolve-faces.js';
import { type FontCatalogue, type FontWeight, isFontWeight } from '../../fonts/types.js';
import type { Design, DesignElement, DesignWarning, PageElement } from '../types.js';

/**
 * `font_weight_adjusted` for every text or button layer (and per-format override) asking for a
 * weight its font does not have: the renderer will use the nearest one, so the import says so.
 * Fonts the design brings (`fonts`) count with their own weights; unknown families are left to
 * the renderer's fallback and not reported here. Paths are the import payload's (`layers[0].properties.font_weight`).
 * The import's build phase and the document PUT both report them.
 */
export function fontWeightWarnings(design: Design, catalogue: Pick<FontCatalogue, 'fonts'>): DesignWarning[] {
  const weightsOf = (font: string, style: string): FontWeight[] | null => {
    const own = design.fonts.filter((f) => f.family.toLowerCase() === font.toLowerCase() && f.style === style).map((f) => f.weight);
    const record = catalogue.fonts.find((f) => f.id === font || f.name.toLowerCase() === font.toLowerCase());
    const bundled = (record?.available_weights ?? []).flatMap((w) => {
      if (style === 'italic') return typeof w === 'string' ? [Number(w.split('-')[0])] : [];
      return typeof w === 'number' ? [w] : [];
    });
    const all = [...own, ...bundled].filter(isFontWeight);
    if (all.length > 0) return [...new Set(all)].sort((a, b) => a - b);
    return record || own.length > 0 ? [] : null;
  };
  const out: DesignWarning[] = [];
  const check = (layer: string, props: Record<string, unknown>, base: Record<string, unknown>, path: (string | number)[]) => {
    if (!('font_weight' in props) && !('font' in props)) return;
    const font = String(props.font ?? base.font ?? '');
    const weight = Number(props.font_weight ?? base.font_weight ?? 400);
    const style = String(props.font_style ?? base.font_style ?? 'normal');
    const available = weightsOf(font, style);
    if (!available || available.length === 0 || !isFontWeight(weight) || available.includes(weight)) return;
    const used = nearestWeight(available, weight);
    out.push({
      code: 'font_weight_adjusted',
      layer,
      path: formatPath([...path, 'font_weight']),
      message: `${font} has no ${style} weight ${weight}; ${used} is used`,
    });
  };
  const walk = (elements: readonly (DesignElement | PageElement)[], at: (string | number)[]) => {
    for (const [i, e] of elements.entries()) {
      if (e.type !== 'text' && e.type !== 'button') continue;
      const base = e.properties;
      check(e.name, base, {}, [...at, i, 'properties']);
      if ('overrides' in e) {
        for (const [format, o] of Object.entries(e.overrides))
          check(e.name, o as Record<string, unknown>, base, [...at, i, 'properties', format]);
      }
    }
  };
  if (design.type === 'printer_multipage') {
    for (const [i, p] of design.pages.entries()) walk(p.elements, ['pages', i, 'layers']);
  } else walk(design.elements, ['layers']);
  return out;
}
