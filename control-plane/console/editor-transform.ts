// The editor's transforms of the stack and of boxes, pure: restacking (the layers panel's drag and
// Ctrl+[ / Ctrl+]), a corner drag that keeps the aspect ratio or a rotated box's opposite corner,
// and a selection of several layers scaled or turned about its box (editor-transform.test.ts).

import { movers } from './editor-arrange.js';
import { type Box, boxOf, clone, type Doc, findLayer, layersIn, listOf, type Place, roundBox, setBox } from './editor-doc.js';
import { dragBox, type Handle } from './editor-layout.js';
import { propOf, unionBox, withProp } from './editor-model.js';

/** Where the keys move a selection in the stack. */
export type Restack = 'forward' | 'backward' | 'front' | 'back';

/**
 * The named layers of the frame moved together in its stacking order so that `below` of the
 * frame's other layers are under them (0: to the back). Layers of other formats keep their places
 * in the design's list; the same document when nothing moves.
 */
export function restackTo(doc: Doc, frame: string, names: readonly string[], below: number): Doc {
  const order = layersIn(doc, frame).map(({ layer }) => layer.name);
  const moving = order.filter((n) => names.includes(n));
  const rest = order.filter((n) => !names.includes(n));
  if (moving.length === 0) return doc;
  const at = Math.max(0, Math.min(rest.length, below));
  const next = [...rest.slice(0, at), ...moving, ...rest.slice(at)];
  if (next.every((n, i) => n === order[i])) return doc;
  const out = clone(doc);
  const list = listOf(out, frame);
  const slots = order.map((n) => list.findIndex((l) => l.name === n));
  const byName = new Map(list.map((l) => [l.name, l] as const));
  slots.forEach((slot, i) => {
    list[slot] = byName.get(next[i]!)!;
  });
  return out;
}

/** One step forward (over the next layer above) or backward, or to the front or the back. */
export function restack(doc: Doc, frame: string, names: readonly string[], how: Restack): Doc {
  const order = layersIn(doc, frame).map(({ layer }) => layer.name);
  const idx = order.flatMap((n, i) => (names.includes(n) ? [i] : []));
  if (idx.length === 0) return doc;
  // How many other layers are under the lowest, and under the highest, of the moving ones.
  const under = (i: number) => order.slice(0, i).filter((n) => !names.includes(n)).length;
  const others = order.length - idx.length;
  const below = { front: others, back: 0, forward: under(idx.at(-1)!) + 1, backward: under(idx[0]!) - 1 }[how];
  return restackTo(doc, frame, names, below);
}

/**
 * Degrees in [0, 360), rounded to a tenth: the import takes a rotation from 0 to 360, so a layer
 * turned 12° anticlockwise is written 348°, the same turn.
 */
export function normalAngle(deg: number): number {
  const r = Math.round((((deg % 360) + 360) % 360) * 10) / 10;
  return r === 360 ? 0 : r;
}

/** The angle, clockwise from straight up, of a point seen from a centre (screen coordinates: y down). */
export const angleOf = (centre: { x: number; y: number }, p: { x: number; y: number }) =>
  (Math.atan2(p.x - centre.x, centre.y - p.y) * 180) / Math.PI;

/** Shift's snap of a rotation: to 15°. */
export const snapAngle = (deg: number) => Math.round(deg / 15) * 15;

const turn = (p: { x: number; y: number }, deg: number) => {
  const r = (deg * Math.PI) / 180;
  return { x: p.x * Math.cos(r) - p.y * Math.sin(r), y: p.x * Math.sin(r) + p.y * Math.cos(r) };
};

/** A local point of a box turned `deg` about its centre, where it is in the frame. */
function world(box: Box, deg: number, local: { x: number; y: number }) {
  const c = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const t = turn({ x: local.x - c.x, y: local.y - c.y }, deg);
  return { x: c.x + t.x, y: c.y + t.y };
}

/**
 * A box dragged by a corner: (dx, dy) is the pointer's move in the frame. `keepAspect` keeps the
 * box's width to height (the larger change wins); a box turned `rotation` degrees is resized along
 * its own sides, and its opposite corner stays where it is on the canvas.
 */
export function resizeBox(box: Box, handle: Exclude<Handle, 'move'>, dx: number, dy: number, keepAspect: boolean, rotation = 0): Box {
  const local = turn({ x: dx, y: dy }, -rotation);
  let out = dragBox(box, handle, local.x, local.y);
  if (keepAspect && box.width > 0 && box.height > 0) {
    const s = Math.max(out.width / box.width, out.height / box.height);
    const width = box.width * s;
    const height = box.height * s;
    out = {
      x: handle.includes('w') ? box.x + box.width - width : box.x,
      y: handle.includes('n') ? box.y + box.height - height : box.y,
      width,
      height,
    };
  }
  if (rotation === 0) return out;
  // The opposite corner, in the box's own coordinates, then on the canvas before and after.
  const corner = (b: Box) => ({ x: handle.includes('w') ? b.x + b.width : b.x, y: handle.includes('n') ? b.y + b.height : b.y });
  const before = world(box, rotation, corner(box));
  const after = world(out, rotation, corner(out));
  return { ...out, x: out.x + before.x - after.x, y: out.y + before.y - after.y };
}

/** The layers a transform of the selection changes: the movers and every member of a selected group. */
function withMembers(doc: Doc, frame: string, names: readonly string[]): string[] {
  const out = new Set<string>();
  const walk = (n: string) => {
    if (out.has(n)) return;
    out.add(n);
    for (const id of findLayer(doc, frame, n)?.layer_ids ?? []) walk(id);
  };
  for (const n of movers(doc, frame, names)) walk(n);
  return [...out];
}

/** The selection's boxes scaled from the box `from` to the box `to` (a corner drag of the selection's box). */
export function scaleLayers(doc: Doc, frame: string, names: readonly string[], from: Box, to: Box): Doc {
  const sx = from.width > 0 ? to.width / from.width : 1;
  const sy = from.height > 0 ? to.height / from.height : 1;
  const out = clone(doc);
  for (const name of withMembers(doc, frame, names)) {
    const layer = findLayer(out, frame, name);
    const b = boxOf(doc, frame, name);
    if (!layer || !b) continue;
    setBox(
      out,
      layer,
      frame,
      roundBox(out, { x: to.x + (b.x - from.x) * sx, y: to.y + (b.y - from.y) * sy, width: b.width * sx, height: b.height * sy }),
    );
  }
  return out;
}

/**
 * The selection turned `deg` degrees clockwise about the centre of its box: each layer's centre
 * goes round it, and each layer's own rotation grows by as much. `rotationOf` is where a layer's
 * type keeps its rotation (null: it has none, and it only goes round).
 */
export function rotateLayers(
  doc: Doc,
  frame: string,
  names: readonly string[],
  deg: number,
  rotationOf: (name: string) => Place | null,
): Doc {
  const list = withMembers(doc, frame, names);
  const boxes = list.flatMap((n) => {
    const b = boxOf(doc, frame, n);
    return b ? [{ n, b }] : [];
  });
  if (boxes.length === 0 || deg === 0) return doc;
  const all = unionBox(boxes.map((x) => x.b));
  const c = { x: all.x + all.width / 2, y: all.y + all.height / 2 };
  let out = clone(doc);
  for (const { n, b } of boxes) {
    const t = turn({ x: b.x + b.width / 2 - c.x, y: b.y + b.height / 2 - c.y }, deg);
    const layer = findLayer(out, frame, n);
    if (!layer) continue;
    setBox(out, layer, frame, roundBox(out, { ...b, x: c.x + t.x - b.width / 2, y: c.y + t.y - b.height / 2 }));
    const place = rotationOf(n);
    if (place) {
      const was = Number(propOf(out, frame, n, place) ?? 0);
      const next = normalAngle(was + deg);
      out = withProp(out, frame, n, place, next === 0 ? undefined : next);
    }
  }
  return out;
}
