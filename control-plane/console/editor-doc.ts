// The editor's document: a design in the import format (docs/design-format.md, without
// `target`) in the editor's shape, its types, and reading it. Pure, like editor-model.ts (the
// operations) and editor-layout.ts (formats, pages and geometry), which build on it.
import { type DesignType, isPrintDesign } from '@pressroom/model/client';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A properties bag: property names, as the import spells them, to values. */
export type Bag = Record<string, unknown>;

/** Per format: a box, or a bag of values (`default` is the base of every format). */
export type PerFormat<T> = Record<string, T | undefined>;

/** A layer of the import format, in the editor's shape (`normalizeDoc`). */
export interface Layer {
  name: string;
  type: string;
  /** Keyed by format; on a multipage design's page, the box itself. */
  layout: PerFormat<Box> | Box;
  /** `{ default, <format>… }`; on a multipage design's page, the bag itself. */
  properties: PerFormat<Bag> | Bag;
  layer_ids?: string[];
  hidden?: boolean;
  locked?: boolean;
  animation?: Bag;
  [field: string]: unknown;
}

export interface Format {
  name: string;
  width: number;
  height: number;
  background_color?: string | undefined;
  [field: string]: unknown;
}

export interface Page {
  background_color?: string | undefined;
  layers: Layer[];
  [field: string]: unknown;
}

/** A design in the import format without `target`: formats and layers, or pages of one size. */
export interface Doc {
  name: string;
  type: DesignType;
  unit?: string;
  width?: number;
  height?: number;
  formats?: Format[];
  layers?: Layer[];
  pages?: Page[];
  animation?: { duration?: number; [field: string]: unknown };
  [field: string]: unknown;
}

/** Where a property sits in an import layer (`importPlaceOf` of the canvas): a key of `properties`, a field of one of its objects, or a field of the layer itself. */
export interface Place {
  key: string;
  field: string | null;
  onLayer: boolean;
}

export const isPixels = (doc: Doc) => !isPrintDesign(doc.type);

/** A copy the operations may change. */
export const clone = <T>(doc: T): T => structuredClone(doc);

export const isBox = (v: unknown): v is Box =>
  v !== null && typeof v === 'object' && ['x', 'y', 'width', 'height'].every((k) => typeof (v as Record<string, unknown>)[k] === 'number');

export const isBag = (v: unknown): v is Bag => v !== null && typeof v === 'object' && !Array.isArray(v);

export const multipage = (doc: Doc) => doc.type === 'printer_multipage';
export const formatsOf = (doc: Doc): Format[] => doc.formats ?? [];
export const pagesOf = (doc: Doc): Page[] => doc.pages ?? [];
/** A layer's boxes by format (a design with formats). */
export const boxesOf = (layer: Layer): PerFormat<Box> => (isBox(layer.layout) ? {} : layer.layout);
/** A layer's bags by format (a design with formats). */
export const bagsOf = (layer: Layer): PerFormat<Bag> => layer.properties as PerFormat<Bag>;

export function frameIds(doc: Doc): string[] {
  if (multipage(doc)) return pagesOf(doc).map((_, i) => `page_${i + 1}`);
  return formatsOf(doc).map((f) => f.name);
}

export interface FrameSize {
  width: number;
  height: number;
  unit: string;
}

/** The frame's size in the design's unit, and the unit. */
export function frameSize(doc: Doc, frame: string): FrameSize | null {
  if (multipage(doc)) return { width: doc.width ?? 0, height: doc.height ?? 0, unit: doc.unit ?? 'mm' };
  const f = formatsOf(doc).find((x) => x.name === frame);
  return f ? { width: f.width, height: f.height, unit: doc.unit ?? 'px' } : null;
}

export const pageIndex = (frame: string) => Number(frame.slice(5)) - 1;

/** The layers of a frame (bottom first), each with its index in the list that holds it. */
export function layersIn(doc: Doc, frame: string): { layer: Layer; index: number }[] {
  if (multipage(doc)) return (pagesOf(doc)[pageIndex(frame)]?.layers ?? []).map((layer, index) => ({ layer, index }));
  return (doc.layers ?? []).map((layer, index) => ({ layer, index })).filter(({ layer }) => isBox(boxesOf(layer)[frame]));
}

/** Every layer of the design, on every page. */
export function allLayers(doc: Doc): Layer[] {
  return multipage(doc) ? pagesOf(doc).flatMap((p) => p.layers) : (doc.layers ?? []);
}

/** The list of layers a frame's layers live in, in a document the caller may change. */
export function listOf(doc: Doc, frame: string): Layer[] {
  if (multipage(doc)) return pagesOf(doc)[pageIndex(frame)]?.layers ?? [];
  doc.layers ??= [];
  return doc.layers;
}

export function findLayer(doc: Doc, frame: string, name: string | undefined): Layer | null {
  return listOf(doc, frame).find((l) => l.name === name) ?? null;
}

export function boxOf(doc: Doc, frame: string, name: string): Box | null {
  const layer = findLayer(doc, frame, name);
  if (!layer) return null;
  if (multipage(doc)) return isBox(layer.layout) ? layer.layout : null;
  return boxesOf(layer)[frame] ?? null;
}

/** Lengths as the type stores them: integer pixels, or hundredths of the print unit. */
export function roundLength(doc: Doc, value: number): number {
  return isPixels(doc) ? Math.round(value) : Math.round(value * 100) / 100;
}

export function roundBox(doc: Doc, box: Box): Box {
  const r = (v: number) => roundLength(doc, v);
  const least = isPixels(doc) ? 1 : 0.01;
  return { x: r(box.x), y: r(box.y), width: Math.max(r(box.width), least), height: Math.max(r(box.height), least) };
}

/** Sets a layer's box in a frame (a document the caller may change). */
export function setBox(doc: Doc, layer: Layer, frame: string, box: Box): void {
  if (multipage(doc)) layer.layout = box;
  else layer.layout = { ...boxesOf(layer), [frame]: box };
}

/** The font ids a design names (`font` in any properties bag of any layer, on any page), each once. */
export function fontsOf(doc: Doc): string[] {
  const out = new Set<string>();
  for (const l of allLayers(doc)) {
    const bags = multipage(doc) ? [l.properties as Bag] : Object.values(bagsOf(l));
    for (const bag of bags) if (typeof bag?.font === 'string') out.add(bag.font);
  }
  return [...out];
}

/**
 * A value (a design, or any part of it) with every string that starts with `from` starting with
 * `to` instead: the farm's stored-file links, which name its configured base URL, drawn from the
 * page's own origin. The same value when nothing changes.
 */
export function rebased<T>(value: T, from: string, to: string): T {
  if (typeof value === 'string') return (value.startsWith(from) ? to + value.slice(from.length) : value) as T;
  if (Array.isArray(value)) {
    const out = value.map((v: unknown) => rebased(v, from, to));
    return (out.some((v, i) => v !== value[i]) ? out : value) as T;
  }
  if (!isBag(value)) return value;
  let changed = false;
  const out: Bag = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = rebased(v, from, to);
    changed ||= out[k] !== v;
  }
  return (changed ? out : value) as T;
}

/** Undo history: past states, the present, and the states undone. */
export interface History {
  past: Doc[];
  present: Doc;
  future: Doc[];
  key: string | null;
}

/**
 * Undo history. Changes that share a `key` one after the other (the keystrokes of one field) are
 * one step; 200 steps are kept.
 */
export const history = {
  start: (doc: Doc): History => ({ past: [], present: doc, future: [], key: null }),
  commit: (h: History, doc: Doc, key: string | null = null): History => {
    if (doc === h.present) return h;
    if (key !== null && key === h.key) return { ...h, present: doc, future: [] };
    return { past: [...h.past, h.present].slice(-200), present: doc, future: [], key };
  },
  undo: (h: History): History =>
    h.past.length === 0 ? h : { past: h.past.slice(0, -1), present: h.past.at(-1)!, future: [h.present, ...h.future], key: null },
  redo: (h: History): History =>
    h.future.length === 0 ? h : { past: [...h.past, h.present], present: h.future[0]!, future: h.future.slice(1), key: null },
};
