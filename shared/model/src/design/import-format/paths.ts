/**
 * Paths of the stored document written back in the import's terms: `elements[3].overrides.story.
 * shadow_blur` becomes `layers[3].properties.story.shadow.blur`, `print.bleed` becomes
 * `bleed_size`, and an asset's path becomes the property that named the file.
 */
import { formatPath } from '../../errors/zod-issues.js';
import type { LayerType } from '../../properties/layer-types.js';
import { SOURCE_PROPS } from '../parse/document.js';
import type { Path } from '../parse/issues.js';
import type { Design, DesignElement, PageElement } from '../types.js';
import { IMPORT_SPELLINGS } from './names.js';

/** How a layer was written in the payload. */
export interface LayerShape {
  type: LayerType;
  /** One box for every format. */
  flatLayout: boolean;
  /** `properties` as `{default, <format>}`. */
  perFormat: boolean;
}

/** `formats[0].width` → `['formats', 0, 'width']` (inverse of formatPath). */
export function splitPath(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  const re = /\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]|\.?([^.[\]]+)/g;
  for (const m of path.matchAll(re)) {
    if (m[1] !== undefined) out.push(Number(m[1]));
    else if (m[2] !== undefined) out.push(JSON.parse(`"${m[2]}"`) as string);
    else if (m[3] !== undefined) out.push(m[3]);
  }
  return out;
}

const PRINT_KEYS: Record<string, string> = { unit: 'unit', dpi: 'dpi', bleed: 'bleed_size', safe: 'safe_size' };
const FORMAT_KEYS: Record<string, string> = { bleed: 'bleed_size', safe: 'safe_size' };

export function toImportPath(
  path: string,
  shapes: { layers: readonly LayerShape[]; pages: readonly (readonly LayerShape[])[] },
  assetPaths: ReadonlyMap<string, Path>,
): string {
  const seg = splitPath(path);
  const [head, a, b, c, ...rest] = seg;
  if (head === 'elements' && typeof a === 'number') return formatPath(['layers', a, ...layerTail(seg.slice(2), shapes.layers[a])]);
  if (head === 'pages' && typeof a === 'number' && b === 'elements' && typeof c === 'number') {
    return formatPath(['pages', a, 'layers', c, ...layerTail(rest, shapes.pages[a]?.[c])]);
  }
  if (head === 'print') return formatPath(a === undefined ? ['unit'] : [PRINT_KEYS[String(a)] ?? a, ...seg.slice(2)]);
  if (head === 'page_size') return formatPath(a === undefined ? ['width'] : seg.slice(1));
  if (head === 'formats' && typeof a === 'number' && typeof b === 'string' && FORMAT_KEYS[b])
    return formatPath(['formats', a, FORMAT_KEYS[b], ...seg.slice(3)]);
  if (head === 'assets' && typeof a === 'string') return formatPath(assetPaths.get(a) ?? seg);
  return path;
}

function layerTail(tail: (string | number)[], shape: LayerShape | undefined): (string | number)[] {
  if (!shape) return tail;
  const spell = IMPORT_SPELLINGS[shape.type];
  const name = (internal: string | number | undefined) => {
    const s = typeof internal === 'string' ? spell.byInternal.get(internal) : undefined;
    return s ? s.import.split('.') : internal === undefined ? [] : [internal];
  };
  const [key, x, y, ...rest] = tail;
  if (key === 'properties') {
    const s = typeof x === 'string' ? spell.byInternal.get(x) : undefined;
    if (s?.onLayer) return [s.import, ...(y === undefined ? [] : [y]), ...rest];
    return ['properties', ...(shape.perFormat && x !== undefined ? ['default'] : []), ...name(x), ...(y === undefined ? [] : [y]), ...rest];
  }
  if (key === 'overrides') return ['properties', ...(x === undefined ? [] : [x]), ...name(y), ...rest];
  if (key === 'layout' && shape.flatLayout) return ['layout', ...(y === undefined ? [] : [y]), ...rest];
  return tail;
}

/** One media source of a layer, with where the import payload wrote it. */
export interface ImportSourceAt {
  /** The stored value: `asset:<name>`, an https URL or a data: URI. */
  value: string;
  /** Its path in the import's terms: `layers[2].properties.src`, `pages[0].layers[1].properties.icon_src`. */
  path: string;
  /** The page id (`page_N`) of a multipage design's layer. */
  page?: string;
}

/**
 * Every media source of the design's layers (flat properties, then per-format ones), in
 * document order, at its import path. A per-format value sits at `layers[i].properties.<format>`.
 */
export function importSources(design: Design): ImportSourceAt[] {
  const out: ImportSourceAt[] = [];
  walkSources(design, (_bag, _prop, source) => {
    out.push(source);
  });
  return out;
}

/**
 * Replaces media sources in place: `replace` gets each one (as `importSources` lists them) and
 * returns the value to store, or undefined to leave it.
 */
export function replaceImportSources(design: Design, replace: (source: ImportSourceAt) => string | undefined): void {
  walkSources(design, (bag, prop, source) => {
    const value = replace(source);
    if (value !== undefined) bag[prop] = value;
  });
}

function walkSources(design: Design, visit: (bag: Record<string, unknown>, prop: string, source: ImportSourceAt) => void): void {
  const walk = (elements: readonly (DesignElement | PageElement)[], at: (string | number)[], page?: string) => {
    for (const [i, e] of elements.entries()) {
      const spell = IMPORT_SPELLINGS[e.type];
      const bags: [(string | number)[], Record<string, unknown>][] = [[[], e.properties]];
      if ('overrides' in e) for (const [f, o] of Object.entries(e.overrides)) bags.push([[f], o as Record<string, unknown>]);
      for (const [prefix, bag] of bags) {
        for (const prop of SOURCE_PROPS) {
          const value = bag[prop];
          if (typeof value !== 'string') continue;
          const name = (spell.byInternal.get(prop)?.import ?? prop).split('.');
          const path = formatPath([...at, i, 'properties', ...prefix, ...name]);
          visit(bag, prop, { value, path, ...(page === undefined ? {} : { page }) });
        }
      }
    }
  };
  if (design.type === 'printer_multipage')
    for (const [p, page] of design.pages.entries()) walk(page.elements, ['pages', p, 'layers'], page.id);
  else walk(design.elements, ['layers']);
}

/** Where the import payload first named an uploaded or stored asset (`layers[2].properties.src`); `uploads` if no layer does. */
export function importPathOfAsset(design: Design, name: string): string {
  return importSources(design).find((s) => s.value === `asset:${name}`)?.path ?? 'uploads';
}
