// The editor's document operations, pure: a design in the import format (docs/design-format.md,
// without `target`) in, a new one out. No DOM, no fetch, so the unit tier tests them alone
// (e2e/control-plane/console-editor.test.ts). A "frame" is a format name, or `page_<n>` on a
// multipage design.

const PIXEL_TYPES = ['static', 'animated'];

/** A copy the operations may change. */
const clone = (doc) => structuredClone(doc);

const isBox = (v) => v !== null && typeof v === 'object' && ['x', 'y', 'width', 'height'].every((k) => typeof v[k] === 'number');

/**
 * One shape for editing: every layer's `layout` keyed by format (a flat box is the same box in
 * every format), and its `properties` as `{ default, <format>… }`. Both are import forms.
 */
export function normalizeDoc(doc) {
  const out = clone(doc);
  if (out.type === 'printer_multipage') {
    out.pages = (out.pages ?? []).map((p) => ({ ...p, layers: p.layers ?? [] }));
    return out;
  }
  const names = (out.formats ?? []).map((f) => f.name);
  out.layers = (out.layers ?? []).map((layer) => {
    const l = { ...layer };
    if (isBox(l.layout)) l.layout = Object.fromEntries(names.map((n) => [n, { ...layer.layout }]));
    l.layout ??= {};
    const props = l.properties ?? {};
    const keys = Object.keys(props);
    const perFormat = 'default' in props || (keys.length > 0 && keys.every((k) => names.includes(k)));
    l.properties = perFormat ? { default: {}, ...props } : { default: props };
    return l;
  });
  return out;
}

export function frameIds(doc) {
  if (doc.type === 'printer_multipage') return doc.pages.map((_, i) => `page_${i + 1}`);
  return doc.formats.map((f) => f.name);
}

/** The frame's size in the design's unit, and the unit. */
export function frameSize(doc, frame) {
  if (doc.type === 'printer_multipage') return { width: doc.width, height: doc.height, unit: doc.unit };
  const f = doc.formats.find((x) => x.name === frame);
  return f ? { width: f.width, height: f.height, unit: doc.unit ?? 'px' } : null;
}

const pageIndex = (frame) => Number(frame.slice(5)) - 1;

/** The layers of a frame (bottom first), each with its index in the list that holds it. */
export function layersIn(doc, frame) {
  if (doc.type === 'printer_multipage') return (doc.pages[pageIndex(frame)]?.layers ?? []).map((layer, index) => ({ layer, index }));
  return doc.layers.map((layer, index) => ({ layer, index })).filter(({ layer }) => isBox(layer.layout?.[frame]));
}

/** The list of layers a frame's layers live in, in a document the caller may change. */
function listOf(doc, frame) {
  return doc.type === 'printer_multipage' ? doc.pages[pageIndex(frame)].layers : doc.layers;
}

export function findLayer(doc, frame, name) {
  return listOf(doc, frame).find((l) => l.name === name) ?? null;
}

export function boxOf(doc, frame, name) {
  const layer = findLayer(doc, frame, name);
  if (!layer) return null;
  return doc.type === 'printer_multipage' ? layer.layout : (layer.layout?.[frame] ?? null);
}

/** Lengths as the type stores them: integer pixels, or hundredths of the print unit. */
export function roundLength(doc, value) {
  return PIXEL_TYPES.includes(doc.type) ? Math.round(value) : Math.round(value * 100) / 100;
}

function roundBox(doc, box) {
  const r = (v) => roundLength(doc, v);
  return {
    x: r(box.x),
    y: r(box.y),
    width: Math.max(r(box.width), PIXEL_TYPES.includes(doc.type) ? 1 : 0.01),
    height: Math.max(r(box.height), PIXEL_TYPES.includes(doc.type) ? 1 : 0.01),
  };
}

/**
 * The layer's box in this frame only (layouts are per format). A group moved without a change of
 * size takes its members along: boxes are canvas coordinates, not relative to the group.
 */
export function withBox(doc, frame, name, box) {
  const out = clone(doc);
  const layer = findLayer(out, frame, name);
  const before = boxOf(doc, frame, name);
  if (!layer || !before) return doc;
  const next = roundBox(out, box);
  const set = (l, b) => {
    if (out.type === 'printer_multipage') l.layout = b;
    else l.layout[frame] = b;
  };
  set(layer, next);
  if (layer.type === 'group' && next.width === before.width && next.height === before.height) {
    const dx = next.x - before.x;
    const dy = next.y - before.y;
    const seen = new Set([name]);
    const shift = (ids) => {
      for (const id of ids ?? []) {
        const member = findLayer(out, frame, id);
        const b = boxOf(out, frame, id);
        if (!member || !b || seen.has(id)) continue;
        seen.add(id);
        set(member, roundBox(out, { ...b, x: b.x + dx, y: b.y + dy }));
        if (member.type === 'group') shift(member.layer_ids);
      }
    };
    shift(layer.layer_ids);
  }
  return out;
}

/** Where a property of the layer is read and written in this frame: the format's bag when it sets it, else the base. */
function bagFor(doc, layer, frame, key, writing) {
  if (doc.type === 'printer_multipage') {
    layer.properties ??= {};
    return layer.properties;
  }
  const own = layer.properties[frame];
  if (own && key in own) return own;
  if (!writing) return layer.properties.default;
  return layer.properties.default;
}

/** A property's value in this frame: `key` of `properties`, or `key.field` of one of its objects. */
export function propOf(doc, frame, name, place) {
  const layer = findLayer(doc, frame, name);
  if (!layer) return undefined;
  if (place.onLayer) return place.field ? layer[place.key]?.[place.field] : layer[place.key];
  const value = bagFor(doc, layer, frame, place.key, false)?.[place.key];
  return place.field === null ? value : value?.[place.field];
}

/** Sets a property (undefined removes it); the format's own value is changed when it has one. */
export function withProp(doc, frame, name, place, value) {
  const out = clone(doc);
  const layer = findLayer(out, frame, name);
  if (!layer) return doc;
  if (place.onLayer) {
    setIn(layer, place, value);
    return out;
  }
  setIn(bagFor(out, layer, frame, place.key, true), place, value);
  return out;
}

/** `key`, or `key.field` of an object, set on `target` (undefined removes it, and an emptied object). */
function setIn(target, { key, field }, value) {
  if (!field) {
    if (value === undefined) delete target[key];
    else target[key] = value;
    return;
  }
  const obj = { ...(typeof target[key] === 'object' && target[key] !== null ? target[key] : {}) };
  if (value === undefined) delete obj[field];
  else obj[field] = value;
  if (Object.keys(obj).length === 0) delete target[key];
  else target[key] = obj;
}

/** A name no layer of the design has yet: `text`, `text_2`, … */
export function freeName(doc, base) {
  const taken = new Set(
    doc.type === 'printer_multipage' ? doc.pages.flatMap((p) => p.layers.map((l) => l.name)) : doc.layers.map((l) => l.name),
  );
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}_${i}`)) return `${base}_${i}`;
}

const isPrint = (doc) => doc.type === 'printer' || doc.type === 'printer_multipage';

/** Colours of new layers: hex on screen designs, CMYK on print. */
function colors(doc) {
  return isPrint(doc)
    ? { ink: 'cmyk(0,0,0,100)', fill: 'cmyk(0,60,100,0)', paper: 'cmyk(0,0,0,0)' }
    : { ink: '#111111', fill: '#F5A623', paper: '#FFFFFF' };
}

/** What a new layer of each type starts with: what its import requires, and something visible. */
export function starterProperties(doc, type) {
  const c = colors(doc);
  const fontSize = isPrint(doc) ? 24 : 48;
  switch (type) {
    case 'text':
      return { payload: 'New text', font_size: fontSize, color: c.ink };
    case 'button':
      return { payload: 'Button', font_size: fontSize, color: c.paper, background_color: c.fill };
    case 'shape':
      return { shape: 'rectangle', background_color: c.fill };
    case 'rating':
      return { value: 4 };
    case 'qrcode':
      return { payload: 'https://example.com' };
    default:
      return {};
  }
}

/** A new layer on top, centred in the frame at a quarter of its width. */
export function addLayer(doc, frame, type) {
  const out = clone(doc);
  const size = frameSize(out, frame);
  const name = freeName(out, type);
  const w = size.width / 3;
  const h = type === 'text' || type === 'button' ? size.height / 8 : size.height / 4;
  const box = roundBox(out, { x: (size.width - w) / 2, y: (size.height - h) / 2, width: w, height: h });
  const props = starterProperties(out, type);
  if (out.type === 'printer_multipage') listOf(out, frame).push({ name, type, layout: box, properties: props });
  else out.layers.push({ name, type, layout: { [frame]: box }, properties: { default: props } });
  return { doc: out, name };
}

export function removeLayer(doc, frame, name) {
  const out = clone(doc);
  const list = listOf(out, frame);
  const i = list.findIndex((l) => l.name === name);
  if (i === -1) return doc;
  const [gone] = list.splice(i, 1);
  for (const l of list) if (Array.isArray(l.layer_ids)) l.layer_ids = l.layer_ids.filter((n) => n !== name);
  // A group's members stay; a group left empty goes.
  if (gone.type !== 'group') return dropEmptyGroups(out, frame);
  return out;
}

function dropEmptyGroups(doc, frame) {
  const list = listOf(doc, frame);
  for (let i = list.length - 1; i >= 0; i--) if (list[i].type === 'group' && (list[i].layer_ids ?? []).length === 0) list.splice(i, 1);
  return doc;
}

/** One step up (towards the top, +1) or down (−1) the stacking order. */
export function moveInStack(doc, frame, name, step) {
  const out = clone(doc);
  const list = listOf(out, frame);
  const i = list.findIndex((l) => l.name === name);
  const j = i + step;
  if (i === -1 || j < 0 || j >= list.length) return doc;
  [list[i], list[j]] = [list[j], list[i]];
  return out;
}

/** A new name, and every group's `layer_ids` with it. */
export function renameLayer(doc, frame, name, to) {
  const out = clone(doc);
  const list = listOf(out, frame);
  const layer = list.find((l) => l.name === name);
  if (!layer || to === name || to.trim() === '') return doc;
  layer.name = to;
  for (const l of list) if (Array.isArray(l.layer_ids)) l.layer_ids = l.layer_ids.map((n) => (n === name ? to : n));
  return out;
}

/** The smallest box around boxes. */
export function unionBox(boxes) {
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  return { x, y, width: Math.max(...boxes.map((b) => b.x + b.width)) - x, height: Math.max(...boxes.map((b) => b.y + b.height)) - y };
}

/** A group of the named layers, placed above the highest of them, with their box in each format they share. */
export function groupLayers(doc, frame, names) {
  if (names.length < 1) return { doc, name: null };
  const out = clone(doc);
  const list = listOf(out, frame);
  const members = list.filter((l) => names.includes(l.name));
  if (members.some((m) => list.some((g) => g.type === 'group' && g.layer_ids?.includes(m.name)))) return { doc, name: null };
  const name = freeName(out, 'group');
  let layout;
  if (out.type === 'printer_multipage') layout = unionBox(members.map((m) => m.layout));
  else {
    layout = {};
    for (const f of out.formats.map((x) => x.name)) {
      const boxes = members.map((m) => m.layout[f]).filter(isBox);
      if (boxes.length === members.length) layout[f] = unionBox(boxes);
    }
  }
  const top = Math.max(...members.map((m) => list.indexOf(m)));
  const group = {
    name,
    type: 'group',
    layer_ids: members.map((m) => m.name),
    layout,
    properties: out.type === 'printer_multipage' ? {} : { default: {} },
  };
  list.splice(top + 1, 0, group);
  return { doc: out, name };
}

export function ungroup(doc, frame, name) {
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

/** A new format; the layers placed by adapting the layout of format `fromName` (the first one unless named: `copyLayout`). */
export function addFormat(doc, format, fromName = doc.formats[0]?.name) {
  const out = clone(doc);
  const from = out.formats.find((f) => f.name === fromName);
  out.formats.push({ background_color: from?.background_color, ...format });
  return from ? copyLayout(out, from.name, format.name) : out;
}

/** The format goes, with its boxes and values; a layer left in no format goes too. */
export function removeFormat(doc, name) {
  if (doc.formats.length <= 1) return doc;
  const out = clone(doc);
  out.formats = out.formats.filter((f) => f.name !== name);
  for (const l of out.layers) {
    delete l.layout[name];
    delete l.properties[name];
  }
  const gone = new Set(out.layers.filter((l) => Object.keys(l.layout).length === 0).map((l) => l.name));
  out.layers = out.layers.filter((l) => !gone.has(l.name));
  for (const l of out.layers) if (Array.isArray(l.layer_ids)) l.layer_ids = l.layer_ids.filter((n) => !gone.has(n));
  return out;
}

/**
 * Every layer of format `from` placed in `to` ("Resize to…", and a new format's first layout):
 * the layout scaled by one factor, the smaller of the two sizes' ratios, and centred, so that a
 * circle stays a circle and no two layers come to overlap. A layer touching an edge of `from`
 * keeps to that edge of `to`, and one spanning a whole side (a background) spans it in `to`. Font
 * sizes scale by the same factor, as values of `to` (the renderer fits the text again).
 */
export function copyLayout(doc, from, to) {
  const out = clone(doc);
  const a = frameSize(out, from);
  const b = frameSize(out, to);
  if (!a || !b) return doc;
  const s = Math.min(b.width / a.width, b.height / a.height);
  for (const l of out.layers) {
    const box = l.layout[from];
    if (!isBox(box)) continue;
    const [x, width] = along(box.x, box.width, a.width, b.width, s);
    const [y, height] = along(box.y, box.height, a.height, b.height, s);
    l.layout[to] = roundBox(out, { x, y, width, height });
    const size = l.properties[from]?.font_size ?? l.properties.default?.font_size;
    if (typeof size === 'number' && from !== to) l.properties[to] = { ...l.properties[to], font_size: roundLength(out, size * s) };
  }
  return out;
}

/**
 * One axis of `copyLayout`: a start and a length in a side of `size` placed in a side of `next`
 * with the factor `s`. A layer at or past an edge (a bleed) keeps to it, its overshoot scaled; one
 * across the whole side grows with the side, its overshoot kept as it is.
 */
function along(start, length, size, next, s) {
  // Within half a percent of the side: a layout drawn by hand "touches" an edge.
  const near = size * 0.005;
  const end = start + length;
  const atStart = start <= near;
  const atEnd = end >= size - near;
  if (atStart && atEnd) return [start, length + next - size];
  if (atStart) return [start * s, length * s];
  if (atEnd) return [next - (size - end) * s - length * s, length * s];
  return [(next - size * s) / 2 + start * s, length * s];
}

/**
 * Snapping of a moved or resized box to the frame's edges and centre and to the other boxes'
 * edges and centres, within `threshold` (design units). Only the edges `moving` names move
 * (all of them when the box is dragged). Returns the box and the guide lines it met.
 */
export function snapBox(box, { frame, others, threshold, moving = edgesOf('move') }) {
  const out = { ...box };
  const guides = [];
  for (const a of AXES) {
    const lines = [
      0,
      frame[a.size] / 2,
      frame[a.size],
      ...others.flatMap((o) => [o[a.pos], o[a.pos] + o[a.size] / 2, o[a.pos] + o[a.size]]),
    ];
    const whole = moving[a.lo] && moving[a.hi];
    const start = box[a.pos];
    const end = box[a.pos] + box[a.size];
    const candidates = whole
      ? [
          { at: start, edge: 'lo' },
          { at: (start + end) / 2, edge: 'mid' },
          { at: end, edge: 'hi' },
        ]
      : [...(moving[a.lo] ? [{ at: start, edge: 'lo' }] : []), ...(moving[a.hi] ? [{ at: end, edge: 'hi' }] : [])];
    let found = null;
    for (const c of candidates)
      for (const line of lines) {
        const d = line - c.at;
        if (Math.abs(d) <= threshold && (found === null || Math.abs(d) < Math.abs(found.d))) found = { d, line, edge: c.edge };
      }
    if (found === null) continue;
    if (whole) out[a.pos] += found.d;
    else if (found.edge === 'lo') {
      out[a.pos] += found.d;
      out[a.size] -= found.d;
    } else out[a.size] += found.d;
    guides.push({ axis: a.pos, at: found.line });
  }
  return { box: out, guides };
}

/** The two axes of a box: its position, its size, and the names of its two edges. */
const AXES = [
  { pos: 'x', size: 'width', lo: 'left', hi: 'right' },
  { pos: 'y', size: 'height', lo: 'top', hi: 'bottom' },
];

/** A box dragged by (dx, dy) design units from handle `handle` (`move`, or `nw`/`ne`/`sw`/`se`). */
export function dragBox(box, handle, dx, dy) {
  if (handle === 'move') return { ...box, x: box.x + dx, y: box.y + dy };
  const out = { ...box };
  if (handle.includes('w')) {
    out.x += dx;
    out.width -= dx;
  }
  if (handle.includes('e')) out.width += dx;
  if (handle.includes('n')) {
    out.y += dy;
    out.height -= dy;
  }
  if (handle.includes('s')) out.height += dy;
  return out;
}

/** The edges a handle moves, for snapping. */
export function edgesOf(handle) {
  if (handle === 'move') return { left: true, right: true, top: true, bottom: true };
  return { left: handle.includes('w'), right: handle.includes('e'), top: handle.includes('n'), bottom: handle.includes('s') };
}

/**
 * Undo history: past states, the present, and the states undone. Changes that share a `key` one
 * after the other (the keystrokes of one field) are one step.
 */
export const history = {
  start: (doc) => ({ past: [], present: doc, future: [], key: null }),
  commit: (h, doc, key = null) => {
    if (doc === h.present) return h;
    if (key !== null && key === h.key) return { ...h, present: doc, future: [] };
    return { past: [...h.past, h.present].slice(-200), present: doc, future: [], key };
  },
  undo: (h) =>
    h.past.length === 0 ? h : { past: h.past.slice(0, -1), present: h.past.at(-1), future: [h.present, ...h.future], key: null },
  redo: (h) => (h.future.length === 0 ? h : { past: [...h.past, h.present], present: h.future[0], future: h.future.slice(1), key: null }),
};

/**
 * Where an import error path points: the layer (by name) and the property key, so the editor
 * shows it there. `layers[2].properties.default.color`, `layers[2].layout.square.x`,
 * `pages[0].layers[1].properties.font_size`; other paths (`name`, `formats[0].width`) point at
 * the design.
 */
export function placeOfIssue(doc, path) {
  const m = /^(?:pages\[(\d+)\]\.)?layers\[(\d+)\](?:\.(.*))?$/.exec(String(path ?? ''));
  if (!m) return { layer: null, page: null, prop: null };
  const list = m[1] === undefined ? doc.layers : doc.pages?.[Number(m[1])]?.layers;
  const layer = list?.[Number(m[2])]?.name ?? null;
  const rest = (m[3] ?? '').split('.');
  let prop = null;
  if (rest[0] === 'properties') {
    const names = new Set(['default', ...(doc.formats ?? []).map((f) => f.name)]);
    prop = names.has(rest[1]) && rest.length > 2 ? rest[2] : (rest[1] ?? null);
  } else if (rest[0] === 'layout') prop = 'layout';
  else if (rest[0]) prop = rest[0];
  return { layer, page: m[1] === undefined ? null : `page_${Number(m[1]) + 1}`, prop: prop?.replace(/\[\d+\]$/, '') ?? null };
}

/** A blank design of a type, with one frame: what "New design" starts from. */
export function blankDesign(type, name = 'Untitled design') {
  if (type === 'printer_multipage')
    return { name, type, unit: 'mm', width: 210, height: 297, pages: [{ background_color: 'cmyk(0,0,0,0)', layers: [] }] };
  if (type === 'printer')
    return { name, type, unit: 'mm', formats: [{ name: 'a4', width: 210, height: 297, background_color: 'cmyk(0,0,0,0)' }], layers: [] };
  const doc = { name, type, formats: [{ name: 'square', width: 1080, height: 1080, background_color: '#FFFFFF' }], layers: [] };
  if (type === 'animated') doc.animation = { duration: 5 };
  return doc;
}

/** A page more, or one less, on a multipage design. */
export function addPage(doc) {
  const out = clone(doc);
  out.pages.push({ background_color: out.pages.at(-1)?.background_color, layers: [] });
  return out;
}

export function removePage(doc, frame) {
  if (doc.pages.length <= 1) return doc;
  const out = clone(doc);
  out.pages.splice(pageIndex(frame), 1);
  return out;
}

/** The frame's background colour (the format's, or the page's), and a new one. */
export function backgroundOf(doc, frame) {
  return doc.type === 'printer_multipage'
    ? doc.pages[pageIndex(frame)]?.background_color
    : doc.formats.find((f) => f.name === frame)?.background_color;
}

export function withBackground(doc, frame, color) {
  const out = clone(doc);
  const target = out.type === 'printer_multipage' ? out.pages[pageIndex(frame)] : out.formats.find((f) => f.name === frame);
  if (color === undefined || color === '') delete target.background_color;
  else target.background_color = color;
  return out;
}

/** A new size of the frame: the format's, or every page's on a multipage design. */
export function withFrameSize(doc, frame, width, height) {
  if (!(width > 0) || !(height > 0)) return doc;
  const out = clone(doc);
  const target = out.type === 'printer_multipage' ? out : out.formats.find((f) => f.name === frame);
  if (!target) return doc;
  target.width = roundLength(out, width);
  target.height = roundLength(out, height);
  return out;
}

/** The font ids a design names (`font` in any properties bag of any layer), each once. */
export function fontsOf(doc) {
  const out = new Set();
  for (const l of doc.layers) for (const bag of Object.values(l.properties ?? {})) if (typeof bag?.font === 'string') out.add(bag.font);
  return [...out];
}

/**
 * A value (a design, or any part of it) with every string that starts with `from` starting with
 * `to` instead: the farm's stored-file links, which name its configured base URL, drawn from the
 * page's own origin. The same value when nothing changes.
 */
export function rebased(value, from, to) {
  if (typeof value === 'string') return value.startsWith(from) ? to + value.slice(from.length) : value;
  if (Array.isArray(value)) {
    const out = value.map((v) => rebased(v, from, to));
    return out.some((v, i) => v !== value[i]) ? out : value;
  }
  if (value === null || typeof value !== 'object') return value;
  let changed = false;
  const out = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = rebased(v, from, to);
    changed ||= out[k] !== v;
  }
  return changed ? out : value;
}
