// The editor's operations on a selection of several layers, pure: move, remove, align, distribute
// and duplicate. A frame is a format name, or `page_<n>` on a multipage design (editor-doc.ts).
import { type Box, boxesOf, boxOf, clone, type Doc, findLayer, frameSize, type Layer, listOf, multipage, roundBox } from './editor-doc.js';
import { addLayer, freeName, removeLayer, unionBox, withBox, withProp } from './editor-model.js';

/**
 * The layers of a selection that move on their own: a member of a selected group moves with its
 * group (`withBox` takes the members along), so it is left out, as are names the frame lacks.
 */
export function movers(doc: Doc, frame: string, names: readonly string[]): string[] {
  const inFrame = names.filter((n) => boxOf(doc, frame, n) !== null);
  const inGroups = new Set<string>();
  const walk = (ids: string[] | undefined) => {
    for (const id of ids ?? []) {
      if (inGroups.has(id)) continue;
      inGroups.add(id);
      walk(findLayer(doc, frame, id)?.layer_ids);
    }
  };
  for (const n of inFrame) walk(findLayer(doc, frame, n)?.layer_ids);
  return inFrame.filter((n) => !inGroups.has(n));
}

/** Each layer's box in the frame set by `place` (from its current box), in one new document. */
function reboxed(doc: Doc, frame: string, names: readonly string[], place: (box: Box, name: string) => Box): Doc {
  let out = doc;
  for (const name of movers(doc, frame, names)) {
    const box = boxOf(out, frame, name);
    if (box) out = withBox(out, frame, name, place(box, name));
  }
  return out;
}

/** The selection moved by (dx, dy) design units. */
export function moveLayers(doc: Doc, frame: string, names: readonly string[], dx: number, dy: number): Doc {
  return reboxed(doc, frame, names, (b) => ({ ...b, x: b.x + dx, y: b.y + dy }));
}

/** The selection removed (a group's members stay, as with one layer). */
export function removeLayers(doc: Doc, frame: string, names: readonly string[]): Doc {
  return names.reduce((d, n) => removeLayer(d, frame, n), doc);
}

/** The alignments: an edge or the centre, on each axis. */
export const ALIGNMENTS = ['left', 'center', 'right', 'top', 'middle', 'bottom'] as const;
export type Alignment = (typeof ALIGNMENTS)[number];

/**
 * The selection aligned to an edge or the centre of its bounds; one layer alone is aligned to
 * the frame, as in Figma and Canva.
 */
export function alignLayers(doc: Doc, frame: string, names: readonly string[], to: Alignment): Doc {
  const list = movers(doc, frame, names);
  const boxes = list.map((n) => boxOf(doc, frame, n)).filter((b): b is Box => b !== null);
  if (boxes.length === 0) return doc;
  const size = frameSize(doc, frame);
  const ref = boxes.length === 1 && size ? { x: 0, y: 0, width: size.width, height: size.height } : unionBox(boxes);
  return reboxed(doc, frame, list, (b) => {
    switch (to) {
      case 'left':
        return { ...b, x: ref.x };
      case 'center':
        return { ...b, x: ref.x + (ref.width - b.width) / 2 };
      case 'right':
        return { ...b, x: ref.x + ref.width - b.width };
      case 'top':
        return { ...b, y: ref.y };
      case 'middle':
        return { ...b, y: ref.y + (ref.height - b.height) / 2 };
      case 'bottom':
        return { ...b, y: ref.y + ref.height - b.height };
    }
  });
}

/**
 * Three layers or more spaced evenly along an axis (`x`: horizontally): the first and the last
 * (by position) stay, and the gaps between neighbours become equal.
 */
export function distributeLayers(doc: Doc, frame: string, names: readonly string[], axis: 'x' | 'y'): Doc {
  const size = axis === 'x' ? 'width' : 'height';
  const items = movers(doc, frame, names)
    .map((name) => ({ name, box: boxOf(doc, frame, name) }))
    .filter((i): i is { name: string; box: Box } => i.box !== null)
    .sort((a, b) => a.box[axis] - b.box[axis] || a.name.localeCompare(b.name));
  if (items.length < 3) return doc;
  const first = items[0]!.box;
  const span = Math.max(...items.map((i) => i.box[axis] + i.box[size])) - first[axis];
  const gap = (span - items.reduce((s, i) => s + i.box[size], 0)) / (items.length - 1);
  const at = new Map<string, number>();
  let next = first[axis];
  for (const i of items) {
    at.set(i.name, next);
    next += i.box[size] + gap;
  }
  return reboxed(
    doc,
    frame,
    items.map((i) => i.name),
    (b, name) => ({ ...b, [axis]: at.get(name) ?? b[axis] }),
  );
}

/**
 * A copy of each selected layer (a group with copies of its members), named afresh, each just
 * above its original, its boxes in every format moved by (dx, dy). Answers the copies' names.
 */
export function duplicateLayers(doc: Doc, frame: string, names: readonly string[], dx: number, dy: number): { doc: Doc; names: string[] } {
  const out = clone(doc);
  const list = listOf(out, frame);
  const chosen = new Set<string>();
  const take = (name: string) => {
    const layer = list.find((l) => l.name === name);
    if (!layer || chosen.has(name)) return;
    chosen.add(name);
    for (const id of layer.layer_ids ?? []) take(id);
  };
  for (const n of names) take(n);
  const renamed = new Map<string, string>();
  for (const l of list) if (chosen.has(l.name)) renamed.set(l.name, freeName(out, l.name, renamed.values()));
  const shift = (b: Box) => roundBox(out, { ...b, x: b.x + dx, y: b.y + dy });
  // Copies go in from the top down, so each index still points at its original.
  for (let i = list.length - 1; i >= 0; i--) {
    const original = list[i]!;
    const to = renamed.get(original.name);
    if (!to) continue;
    const copy: Layer = { ...clone(original), name: to };
    if (original.layer_ids) copy.layer_ids = original.layer_ids.map((n) => renamed.get(n) ?? n);
    if (multipage(out)) copy.layout = shift(original.layout as Box);
    else copy.layout = Object.fromEntries(Object.entries(boxesOf(original)).map(([f, b]) => [f, b && shift(b)]));
    list.splice(i + 1, 0, copy);
  }
  return { doc: out, names: names.map((n) => renamed.get(n)).filter((n): n is string => n !== undefined) };
}

/** The shapes the keyboard adds (`R`, `O`): a rectangle, and an ellipse in a square box (a circle). */
export function addShape(doc: Doc, frame: string, shape: 'rectangle' | 'ellipse'): { doc: Doc; name: string } {
  const added = addLayer(doc, frame, 'shape');
  if (shape === 'rectangle') return added;
  const box = boxOf(added.doc, frame, added.name)!;
  const side = Math.min(box.width, box.height);
  const round = withBox(added.doc, frame, added.name, {
    x: box.x + (box.width - side) / 2,
    y: box.y + (box.height - side) / 2,
    width: side,
    height: side,
  });
  return { doc: withProp(round, frame, added.name, { key: 'shape', field: null, onLayer: false }, 'ellipse'), name: added.name };
}
