import type { LayerType } from '../properties/layer-types.js';
import { printZones } from './print.js';
import type { Box, Design, DesignElement, ElementAnimation, FormatUnit, PageElement, PropertiesByType } from './types.js';

/** One layer as it appears in one format (or page): merged properties and its own box. */
export type ResolvedLayer = {
  [T in LayerType]: {
    name: string;
    type: T;
    box: Box;
    /** `properties` with the format's overrides applied. */
    properties: PropertiesByType[T];
    /** The group this layer sits in, if any. */
    parent: string | null;
    /** Children of a group present in this frame (null on other layers). */
    layer_ids: string[] | null;
    /** Hidden by itself or by an enclosing group. */
    hidden: boolean;
    /** Locked by itself or by an enclosing group (groups only carry `locked`). */
    locked: boolean;
    animation: ElementAnimation | null;
  };
}[LayerType];

/** Everything a renderer needs for one format of a design or one page of a multipage design. */
export interface ResolvedFrame {
  /** Format name, or page id on multipage designs. */
  id: string;
  width: number;
  height: number;
  unit: FormatUnit;
  background_color: string | null;
  /** Print only: effective zones and render DPI; null on RGB designs. */
  print: { bleed: number; safe: number; dpi: number } | null;
  /** Stacking order, bottom first; only layers present in this frame. */
  layers: ResolvedLayer[];
}

/** Ids `resolveFrame` accepts: format names, or `page_1…page_N`. */
export function frameIds(design: Design): string[] {
  return design.type === 'printer_multipage' ? design.pages.map((p) => p.id) : design.formats.map((f) => f.name);
}

export function resolveFrame(design: Design, id: string): ResolvedFrame | null {
  if (design.type === 'printer_multipage') {
    const page = design.pages.find((p) => p.id === id);
    if (!page) return null;
    const layers = resolveLayers(page.elements, (e) => ({ box: (e as PageElement).layout, props: e.properties }));
    return { id, ...design.page_size, unit: design.print.unit, background_color: page.background_color, print: printZones(design), layers };
  }
  const format = design.formats.find((f) => f.name === id);
  if (!format) return null;
  const layers = resolveLayers(design.elements, (e) => {
    const el = e as DesignElement;
    const box = el.layout[id];
    return box ? { box, props: { ...el.properties, ...el.overrides[id] } } : null;
  });
  return {
    id,
    width: format.width,
    height: format.height,
    unit: format.unit,
    background_color: format.background_color,
    print: printZones(design, format),
    layers,
  };
}

function resolveLayers(
  elements: readonly (DesignElement | PageElement)[],
  pick: (e: DesignElement | PageElement) => { box: Box; props: object } | null,
): ResolvedLayer[] {
  const parent = new Map<string, string>();
  for (const e of elements) for (const c of e.layer_ids ?? []) parent.set(c, e.name);
  const present = new Map<string, { box: Box; props: object }>();
  for (const e of elements) {
    const p = pick(e);
    if (p) present.set(e.name, p);
  }
  const flag = (name: string, key: 'hidden' | 'locked'): boolean => {
    for (let at: string | undefined = name; at !== undefined; at = parent.get(at)) {
      if ((present.get(at)?.props as Record<string, unknown> | undefined)?.[key] === true) return true;
    }
    return false;
  };
  const out: ResolvedLayer[] = [];
  for (const e of elements) {
    const p = present.get(e.name);
    if (!p) continue;
    out.push({
      name: e.name,
      type: e.type,
      box: p.box,
      properties: p.props,
      parent: parent.get(e.name) ?? null,
      layer_ids: e.layer_ids ? e.layer_ids.filter((c) => present.has(c)) : null,
      hidden: flag(e.name, 'hidden'),
      locked: flag(e.name, 'locked'),
      animation: 'animation' in e ? e.animation : null,
    } as ResolvedLayer);
  }
  return out;
}
