// The editor's formats, pages and geometry, pure: a new format adapted from another ("Resize
// to…"), pages, a frame's size and background, snapping, and a box dragged by a handle.
import { type DesignType, frameSizeProblem } from '@pressroom/model/client';
import {
  type Box,
  bagsOf,
  boxesOf,
  clone,
  type Doc,
  type Format,
  formatsOf,
  frameIds,
  frameSize,
  isBox,
  isPixels,
  multipage,
  pageIndex,
  pagesOf,
  roundBox,
  roundLength,
} from './editor-doc.js';

/** A new format; the layers placed by adapting the layout of format `fromName` (the first one unless named: `copyLayout`). */
export function addFormat(doc: Doc, format: Format, fromName: string | undefined = formatsOf(doc)[0]?.name): Doc {
  const out = clone(doc);
  const from = formatsOf(out).find((f) => f.name === fromName);
  out.formats = [...formatsOf(out), { background_color: from?.background_color, ...format }];
  return from ? copyLayout(out, from.name, format.name) : out;
}

/** Why a new format cannot be added as typed, or null: a name the design has, or a size it cannot have (`frameLengthProblem`). */
export function newFormatProblem(doc: Doc, { name, width, height }: { name: string; width: string; height: string }): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(name)) return 'A format name is letters, digits, "_" and "-".';
  if (frameIds(doc).includes(name)) return `This design already has a format named ${name}.`;
  for (const [k, v] of [
    ['width', width],
    ['height', height],
  ] as const) {
    const problem = frameLengthProblem(doc, Number(v));
    if (problem) return `The ${k} ${problem}.`;
  }
  return null;
}

/**
 * Why a frame of the design cannot be `length` wide or high, in the words of the import (the
 * model's `FRAME_SIZE`: 1 to 5000, whole pixels on a static or animated design), or null.
 */
export function frameLengthProblem(doc: Doc, length: number): string | null {
  return frameSizeProblem(length, isPixels(doc))?.message ?? null;
}

/**
 * Every layer of format `from` placed in `to` ("Resize to…", and a new format's first layout):
 * the layout scaled by one factor, the smaller of the two sizes' ratios, and centred, so that a
 * circle stays a circle and no two layers come to overlap. A layer touching an edge of `from`
 * keeps to that edge of `to`, and one spanning a whole side (a background) spans it in `to`. Font
 * sizes scale by the same factor, as values of `to` (the renderer fits the text again).
 */
export function copyLayout(doc: Doc, from: string, to: string): Doc {
  const out = clone(doc);
  const a = frameSize(out, from);
  const b = frameSize(out, to);
  if (!a || !b) return doc;
  const s = Math.min(b.width / a.width, b.height / a.height);
  for (const l of out.layers ?? []) {
    const boxes = boxesOf(l);
    const box = boxes[from];
    if (!isBox(box)) continue;
    const [x, width] = along(box.x, box.width, a.width, b.width, s);
    const [y, height] = along(box.y, box.height, a.height, b.height, s);
    l.layout = { ...boxes, [to]: roundBox(out, { x, y, width, height }) };
    const bags = bagsOf(l);
    const size = bags[from]?.font_size ?? bags.default?.font_size;
    if (typeof size === 'number' && from !== to) bags[to] = { ...bags[to], font_size: roundLength(out, size * s) };
  }
  return out;
}

/**
 * One axis of `copyLayout`: a start and a length in a side of `size` placed in a side of `next`
 * with the factor `s`. A layer at or past an edge (a bleed) keeps to it, its overshoot scaled; one
 * across the whole side grows with the side, its overshoot kept as it is.
 */
function along(start: number, length: number, size: number, next: number, s: number): [number, number] {
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

/** The format goes, with its boxes and values; a layer left in no format goes too. */
export function removeFormat(doc: Doc, name: string): Doc {
  if (formatsOf(doc).length <= 1) return doc;
  const out = clone(doc);
  out.formats = formatsOf(out).filter((f) => f.name !== name);
  const layers = out.layers ?? [];
  for (const l of layers) {
    delete boxesOf(l)[name];
    delete bagsOf(l)[name];
  }
  const gone = new Set(layers.filter((l) => Object.keys(boxesOf(l)).length === 0).map((l) => l.name));
  out.layers = layers.filter((l) => !gone.has(l.name));
  for (const l of out.layers) if (Array.isArray(l.layer_ids)) l.layer_ids = l.layer_ids.filter((n) => !gone.has(n));
  return out;
}

/** A blank design of a type, with one frame: what "New design" starts from. */
export function blankDesign(type: DesignType, name = 'Untitled design'): Doc {
  if (type === 'printer_multipage')
    return { name, type, unit: 'mm', width: 210, height: 297, pages: [{ background_color: 'cmyk(0,0,0,0)', layers: [] }] };
  if (type === 'printer')
    return { name, type, unit: 'mm', formats: [{ name: 'a4', width: 210, height: 297, background_color: 'cmyk(0,0,0,0)' }], layers: [] };
  const doc: Doc = { name, type, formats: [{ name: 'square', width: 1080, height: 1080, background_color: '#FFFFFF' }], layers: [] };
  if (type === 'animated') doc.animation = { duration: 5 };
  return doc;
}

/** A page more, or one less, on a multipage design. */
export function addPage(doc: Doc): Doc {
  const out = clone(doc);
  out.pages = [...pagesOf(out), { background_color: pagesOf(out).at(-1)?.background_color, layers: [] }];
  return out;
}

export function removePage(doc: Doc, frame: string): Doc {
  if (pagesOf(doc).length <= 1) return doc;
  const out = clone(doc);
  pagesOf(out).splice(pageIndex(frame), 1);
  return out;
}

/** The frame's background colour (the format's, or the page's), and a new one. */
export function backgroundOf(doc: Doc, frame: string): string | undefined {
  return multipage(doc) ? pagesOf(doc)[pageIndex(frame)]?.background_color : formatsOf(doc).find((f) => f.name === frame)?.background_color;
}

export function withBackground(doc: Doc, frame: string, color: string | undefined): Doc {
  const out = clone(doc);
  const target = multipage(out) ? pagesOf(out)[pageIndex(frame)] : formatsOf(out).find((f) => f.name === frame);
  if (!target) return doc;
  if (color === undefined || color === '') delete target.background_color;
  else target.background_color = color;
  return out;
}

/**
 * A new size of the frame: the format's, or every page's on a multipage design. A size the design
 * cannot have (`frameLengthProblem`: 0, 6000, 100.5 px) is refused with a RangeError, never
 * dropped: the field checks it first, and says why under itself.
 */
export function withFrameSize(doc: Doc, frame: string, width: number, height: number): Doc {
  const problem = frameLengthProblem(doc, width) ?? frameLengthProblem(doc, height);
  if (problem) throw new RangeError(`A frame's width and height ${problem} (${width} × ${height})`);
  const out = clone(doc);
  const target: { width?: number; height?: number } | undefined = multipage(out) ? out : formatsOf(out).find((f) => f.name === frame);
  if (!target) return doc;
  target.width = roundLength(out, width);
  target.height = roundLength(out, height);
  return out;
}

/**
 * Snapping of a moved or resized box to the frame's edges and centre and to the other boxes'
 * edges and centres, within `threshold` (design units). Only the edges `moving` names move
 * (all of them when the box is dragged). Returns the box and the guide lines it met.
 */
export function snapBox(
  box: Box,
  {
    frame,
    others,
    threshold,
    moving = edgesOf('move'),
  }: { frame: { width: number; height: number }; others: Box[]; threshold: number; moving?: Edges },
): { box: Box; guides: Guide[] } {
  const out = { ...box };
  const guides: Guide[] = [];
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
    let found: { d: number; line: number; edge: string } | null = null;
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
] as const;

/** A guide line a snapped box met: on the x axis (a vertical line) or the y axis, at a position. */
export interface Guide {
  axis: 'x' | 'y';
  at: number;
}

/** The edges a drag moves. */
export interface Edges {
  left: boolean;
  right: boolean;
  top: boolean;
  bottom: boolean;
}

/** A drag's handle: the whole box, or a corner. */
export type Handle = 'move' | 'nw' | 'ne' | 'sw' | 'se';

/** A box dragged by (dx, dy) design units from handle `handle` (`move`, or `nw`/`ne`/`sw`/`se`). */
export function dragBox(box: Box, handle: Handle, dx: number, dy: number): Box {
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
export function edgesOf(handle: Handle): Edges {
  if (handle === 'move') return { left: true, right: true, top: true, bottom: true };
  return { left: handle.includes('w'), right: handle.includes('e'), top: handle.includes('n'), bottom: handle.includes('s') };
}
