// The editor's document operations, pure: a design in the import format (docs/design-format.md,
// without `target`) in, a new one out. No DOM, no fetch, so the unit tier tests them alone
// (editor-model.test.ts). A "frame" is a format name, or `page_<n>` on a multipage design. The
// geometry (adapting a layout to a new size, snapping, dragging) is in editor-layout.ts.
import { importTurn, isPrintDesign, type PropertyDescriptor } from '@pressroom/model/client';
import {
  allLayers,
  type Bag,
  type Box,
  bagsOf,
  boxesOf,
  boxOf,
  clone,
  type Doc,
  findLayer,
  formatsOf,
  frameSize,
  isBag,
  isBox,
  type Layer,
  listOf,
  multipage,
  type PerFormat,
  type Place,
  pagesOf,
  roundBox,
  setBox,
} from './editor-doc.js';

export * from './editor-doc.js';
export * from './editor-layout.js';

/** How the editor writes one property so that the import takes it (`writeRules`). */
export interface WriteRule {
  place: Place;
  /** A rotation: written as the same turn in the import's 0-360 (−12 as 348). */
  turn: boolean;
}

/**
 * Per layer type, the properties whose import bound (the descriptor's `import`) the editor meets
 * by itself when it writes: a rotation, turned into 0-360 (the same turn), and a property the
 * import takes in whole numbers (opacity, a rating's score), rounded. A value past a range (a blur
 * above 200, a star count other than 5) is not changed: the save is refused at its control.
 */
export function writeRules(
  descriptors: Partial<Record<string, PropertyDescriptor[]>>,
  placeOf: (layerType: string, name: string) => Place | null,
): Record<string, WriteRule[]> {
  const out: Record<string, WriteRule[]> = {};
  for (const [type, list] of Object.entries(descriptors))
    out[type] = (list ?? []).flatMap((d) => {
      const turn = d.name === 'rotation';
      const place = d.import !== undefined && (turn || d.import.integer) ? placeOf(type, d.name) : null;
      return place && !place.onLayer ? [{ place, turn }] : [];
    });
  return out;
}

/** Applies the rules to every bag of every layer; says whether a value changed (and changes it when `write`). */
function applyRules(doc: Doc, rules: Readonly<Record<string, readonly WriteRule[]>>, write: boolean): boolean {
  let changed = false;
  for (const layer of allLayers(doc)) {
    const bags = multipage(doc) ? [layer.properties as Bag] : Object.values(bagsOf(layer));
    for (const { place, turn } of rules[layer.type] ?? [])
      for (const bag of bags) {
        const holder = place.field === null ? bag : bag?.[place.key];
        const key = place.field ?? place.key;
        if (!isBag(holder)) continue;
        const v = holder[key];
        if (typeof v !== 'number' || !Number.isFinite(v)) continue;
        const w = turn ? importTurn(v) : Math.round(v);
        if (w === v) continue;
        changed = true;
        if (write) holder[key] = w;
      }
  }
  return changed;
}

/**
 * The document as the editor saves and draws it: each value `writeRules` covers written within the
 * import's bound (a rotation typed −12 is saved as 348, an opacity of 40.5 as 41). The same
 * document when nothing changes.
 */
export function forWrite(doc: Doc, rules: Readonly<Record<string, readonly WriteRule[]>>): Doc {
  if (!applyRules(doc, rules, false)) return doc;
  const out = clone(doc);
  applyRules(out, rules, true);
  return out;
}

/**
 * One shape for editing: every layer's `layout` keyed by format (a flat box is the same box in
 * every format), and its `properties` as `{ default, <format>… }`. Both are import forms.
 */
export function normalizeDoc(doc: Doc): Doc {
  const out = clone(doc);
  if (multipage(out)) {
    out.pages = pagesOf(out).map((p) => ({ ...p, layers: p.layers ?? [] }));
    return out;
  }
  const names = formatsOf(out).map((f) => f.name);
  out.layers = (out.layers ?? []).map((layer) => {
    const l = { ...layer };
    const flat = l.layout;
    if (isBox(flat)) l.layout = Object.fromEntries(names.map((n) => [n, { ...flat }]));
    l.layout ??= {};
    const props = (l.properties ?? {}) as Bag;
    const keys = Object.keys(props);
    const perFormat = 'default' in props || (keys.length > 0 && keys.every((k) => names.includes(k)));
    l.properties = perFormat ? { default: {}, ...(props as PerFormat<Bag>) } : { default: props };
    return l;
  });
  return out;
}

/**
 * The layer's box in this frame only (layouts are per format). A group moved without a change of
 * size takes its members along: boxes are canvas coordinates, not relative to the group.
 */
export function withBox(doc: Doc, frame: string, name: string, box: Box): Doc {
  const out = clone(doc);
  const layer = findLayer(out, frame, name);
  const before = boxOf(doc, frame, name);
  if (!layer || !before) return doc;
  const next = roundBox(out, box);
  setBox(out, layer, frame, next);
  if (layer.type === 'group' && next.width === before.width && next.height === before.height) {
    const dx = next.x - before.x;
    const dy = next.y - before.y;
    const seen = new Set([name]);
    const shift = (ids: string[] | undefined) => {
      for (const id of ids ?? []) {
        const member = findLayer(out, frame, id);
        const b = boxOf(out, frame, id);
        if (!member || !b || seen.has(id)) continue;
        seen.add(id);
        setBox(out, member, frame, roundBox(out, { ...b, x: b.x + dx, y: b.y + dy }));
        if (member.type === 'group') shift(member.layer_ids);
      }
    };
    shift(layer.layer_ids);
  }
  return out;
}

/** Where a property of the layer is read in this frame: the format's bag when it sets it, else the base. */
function readBag(doc: Doc, layer: Layer, frame: string, key: string): Bag | undefined {
  if (multipage(doc)) return layer.properties as Bag | undefined;
  const bags = bagsOf(layer);
  const own = bags[frame];
  return own && key in own ? own : bags.default;
}

/** Where it is written: the same bag, made when missing (in a document the caller may change). */
function bagFor(doc: Doc, layer: Layer, frame: string, key: string): Bag {
  if (multipage(doc)) {
    layer.properties ??= {};
    return layer.properties as Bag;
  }
  const bags = bagsOf(layer);
  const own = bags[frame];
  if (own && key in own) return own;
  bags.default ??= {};
  return bags.default;
}

/** A property's value in this frame: `key` of `properties`, or `key.field` of one of its objects. */
export function propOf(doc: Doc, frame: string, name: string, place: Place): unknown {
  const layer = findLayer(doc, frame, name);
  if (!layer) return undefined;
  const value = place.onLayer ? layer[place.key] : readBag(doc, layer, frame, place.key)?.[place.key];
  if (place.field === null) return value;
  return isBag(value) ? value[place.field] : undefined;
}

/** Sets a property (undefined removes it); the format's own value is changed when it has one. */
export function withProp(doc: Doc, frame: string, name: string, place: Place, value: unknown): Doc {
  const out = clone(doc);
  const layer = findLayer(out, frame, name);
  if (!layer) return doc;
  setIn(place.onLayer ? layer : bagFor(out, layer, frame, place.key), place, value);
  return out;
}

/** `key`, or `key.field` of an object, set on `target` (undefined removes it, and an emptied object). */
function setIn(target: Bag, { key, field }: Place, value: unknown): void {
  if (!field) {
    if (value === undefined) delete target[key];
    else target[key] = value;
    return;
  }
  const current = target[key];
  const obj: Bag = { ...(isBag(current) ? current : {}) };
  if (value === undefined) delete obj[field];
  else obj[field] = value;
  if (Object.keys(obj).length === 0) delete target[key];
  else target[key] = obj;
}

/** A name no layer of the design has yet, nor any of `also`: `text`, `text_2`, … */
export function freeName(doc: Doc, base: string, also: Iterable<string> = []): string {
  const taken = new Set([...allLayers(doc).map((l) => l.name), ...also]);
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}_${i}`)) return `${base}_${i}`;
}

/** Colours of new layers: hex on screen designs, CMYK on print. */
function colors(doc: Doc) {
  return isPrintDesign(doc.type)
    ? { ink: 'cmyk(0,0,0,100)', fill: 'cmyk(0,60,100,0)', paper: 'cmyk(0,0,0,0)' }
    : { ink: '#111111', fill: '#F5A623', paper: '#FFFFFF' };
}

/** What a new layer of each type starts with: what its import requires, and something visible. */
export function starterProperties(doc: Doc, type: string): Bag {
  const c = colors(doc);
  const fontSize = isPrintDesign(doc.type) ? 24 : 48;
  switch (type) {
    case 'text':
      return { payload: 'New text', font_size: fontSize, color: c.ink };
    case 'button':
      return { payload: 'Button', font_size: fontSize, color: c.paper, background_color: c.fill };
    case 'shape':
      return { shape: 'rectangle', background_color: c.fill };
    case 'rating':
      // Four stars of five: the import takes a whole score out of 100.
      return { rating_score: 80 };
    case 'qrcode':
      return { payload: 'https://example.com' };
    default:
      return {};
  }
}

/** A new layer on top, centred in the frame at a third of its width. */
export function addLayer(doc: Doc, frame: string, type: string): { doc: Doc; name: string } {
  const out = clone(doc);
  const size = frameSize(out, frame) ?? { width: 100, height: 100 };
  const name = freeName(out, type);
  const w = size.width / 3;
  const h = type === 'text' || type === 'button' ? size.height / 8 : size.height / 4;
  const box = roundBox(out, { x: (size.width - w) / 2, y: (size.height - h) / 2, width: w, height: h });
  const props = starterProperties(out, type);
  if (multipage(out)) listOf(out, frame).push({ name, type, layout: box, properties: props });
  else listOf(out, frame).push({ name, type, layout: { [frame]: box }, properties: { default: props } });
  return { doc: out, name };
}

export function removeLayer(doc: Doc, frame: string, name: string): Doc {
  const out = clone(doc);
  const list = listOf(out, frame);
  const i = list.findIndex((l) => l.name === name);
  if (i === -1) return doc;
  const [gone] = list.splice(i, 1);
  for (const l of list) if (Array.isArray(l.layer_ids)) l.layer_ids = l.layer_ids.filter((n) => n !== name);
  // A group's members stay; a group left empty goes.
  if (gone?.type !== 'group') dropEmptyGroups(list);
  return out;
}

function dropEmptyGroups(list: Layer[]): void {
  for (let i = list.length - 1; i >= 0; i--) if (list[i]?.type === 'group' && (list[i]?.layer_ids ?? []).length === 0) list.splice(i, 1);
}

/** A new name, and every group's `layer_ids` with it. */
export function renameLayer(doc: Doc, frame: string, name: string, to: string): Doc {
  const out = clone(doc);
  const list = listOf(out, frame);
  const layer = list.find((l) => l.name === name);
  if (!layer || to === name || to.trim() === '') return doc;
  layer.name = to;
  for (const l of list) if (Array.isArray(l.layer_ids)) l.layer_ids = l.layer_ids.map((n) => (n === name ? to : n));
  return out;
}

/** The smallest box around boxes. */
export function unionBox(boxes: Box[]): Box {
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  return { x, y, width: Math.max(...boxes.map((b) => b.x + b.width)) - x, height: Math.max(...boxes.map((b) => b.y + b.height)) - y };
}

/** A group of the named layers, placed above the highest of them, with their box in each format they share. */
export function groupLayers(doc: Doc, frame: string, names: string[]): { doc: Doc; name: string | null } {
  if (names.length < 1) return { doc, name: null };
  const out = clone(doc);
  const list = listOf(out, frame);
  const members = list.filter((l) => names.includes(l.name));
  if (members.some((m) => list.some((g) => g.type === 'group' && g.layer_ids?.includes(m.name)))) return { doc, name: null };
  const name = freeName(out, 'group');
  let layout: Layer['layout'];
  if (multipage(out)) layout = unionBox(members.map((m) => m.layout).filter(isBox));
  else {
    const boxes: PerFormat<Box> = {};
    for (const f of formatsOf(out).map((x) => x.name)) {
      const inF = members.map((m) => boxesOf(m)[f]).filter(isBox);
      if (inF.length === members.length) boxes[f] = unionBox(inF);
    }
    layout = boxes;
  }
  const top = Math.max(...members.map((m) => list.indexOf(m)));
  list.splice(top + 1, 0, {
    name,
    type: 'group',
    layer_ids: members.map((m) => m.name),
    layout,
    properties: multipage(out) ? {} : { default: {} },
  });
  return { doc: out, name };
}

export function ungroup(doc: Doc, frame: string, name: string): Doc {
  const layer = findLayer(doc, frame, name);
  if (!layer || layer.type !== 'group') return doc;
  const out = clone(doc);
  const list = listOf(out, frame);
  list.splice(
    list.findIndex((l) => l.name === name),
    1,
  );
  return out;
}

/** An issue's place in the editor: the layer (by name), its page, and the property key. */
export interface IssuePlace {
  layer: string | null;
  page: string | null;
  prop: string | null;
}

/**
 * Where an import error path points: the layer (by name) and the property key, so the editor
 * shows it there. `layers[2].properties.default.color`, `layers[2].layout.square.x`,
 * `pages[0].layers[1].properties.font_size`; other paths (`name`, `formats[0].width`) point at
 * the design.
 */
export function placeOfIssue(doc: Doc, path: string | null | undefined): IssuePlace {
  const m = /^(?:pages\[(\d+)\]\.)?layers\[(\d+)\](?:\.(.*))?$/.exec(String(path ?? ''));
  if (!m) return { layer: null, page: null, prop: null };
  const list = m[1] === undefined ? doc.layers : doc.pages?.[Number(m[1])]?.layers;
  const layer = list?.[Number(m[2])]?.name ?? null;
  const rest = (m[3] ?? '').split('.');
  let prop: string | null = null;
  if (rest[0] === 'properties') {
    const names = new Set(['default', ...formatsOf(doc).map((f) => f.name)]);
    prop = rest[1] !== undefined && names.has(rest[1]) && rest.length > 2 ? (rest[2] ?? null) : (rest[1] ?? null);
  } else if (rest[0] === 'layout') prop = 'layout';
  else if (rest[0]) prop = rest[0];
  return { layer, page: m[1] === undefined ? null : `page_${Number(m[1]) + 1}`, prop: prop?.replace(/\[\d+\]$/, '') ?? null };
}
