// Copy and paste of layers, pure: the clipboard carries the selected layers as JSON (each with its
// box and its properties as the copied format shows them), and a paste puts them into any format
// of any design, saying what could not come along (a layer type or a font not available there).
// The editor moves the text through the system clipboard (editor-transform.test.ts tests this).
import type { DesignType } from '@pressroom/model/client';
import {
  type Bag,
  bagsOf,
  boxOf,
  clone,
  type Doc,
  findLayer,
  frameSize,
  isBag,
  isBox,
  layersIn,
  listOf,
  multipage,
  roundBox,
} from './editor-doc.js';
import { freeName } from './editor-model.js';

/** A copied layer: its box in the copied frame and its properties there (the format's own values over the base). */
export interface ClipLayer {
  name: string;
  type: string;
  box: { x: number; y: number; width: number; height: number };
  properties: Bag;
  layer_ids?: string[];
  hidden?: boolean;
  animation?: Bag;
}

/** What the clipboard carries (as JSON): the layers, bottom of the stack first, and the frame they came from. */
export interface Clip {
  pressroom: 'layers';
  design_type: DesignType;
  frame: { width: number; height: number; unit: string };
  layers: ClipLayer[];
}

/** The selected layers (a group with its members) of the frame, or null when none has a box there. */
export function copyLayers(doc: Doc, frame: string, names: readonly string[]): Clip | null {
  const size = frameSize(doc, frame);
  const chosen = new Set<string>();
  const take = (n: string) => {
    if (chosen.has(n)) return;
    chosen.add(n);
    for (const id of findLayer(doc, frame, n)?.layer_ids ?? []) take(id);
  };
  for (const n of names) take(n);
  const layers = layersIn(doc, frame).flatMap(({ layer }): ClipLayer[] => {
    const box = boxOf(doc, frame, layer.name);
    if (!chosen.has(layer.name) || !box) return [];
    const bags = multipage(doc) ? { default: layer.properties as Bag } : bagsOf(layer);
    const out: ClipLayer = { name: layer.name, type: layer.type, box, properties: clone({ ...bags.default, ...bags[frame] }) };
    if (layer.layer_ids) out.layer_ids = [...layer.layer_ids];
    if (layer.hidden) out.hidden = true;
    if (isBag(layer.animation)) out.animation = clone(layer.animation);
    return [out];
  });
  if (!size || layers.length === 0) return null;
  return { pressroom: 'layers', design_type: doc.type, frame: size, layers };
}

/** The clipboard's text as layers, or null when it holds something else. */
export function readClip(text: string): Clip | null {
  try {
    const v: unknown = JSON.parse(text);
    if (!isBag(v) || v.pressroom !== 'layers' || !Array.isArray(v.layers) || !isBag(v.frame)) return null;
    const ok = v.layers.every(
      (l: unknown) => isBag(l) && typeof l.name === 'string' && typeof l.type === 'string' && isBox(l.box) && isBag(l.properties),
    );
    return ok ? (v as unknown as Clip) : null;
  } catch {
    return null;
  }
}

/** What the design taking a paste has: its layer types, and whether a font is known there. */
export interface PasteTarget {
  types: readonly string[];
  hasFont: (font: string) => boolean;
}

/**
 * The clip's layers put on top of the frame, named afresh, their boxes (and font sizes) scaled by
 * the frame's size against the copied one (one factor, so a circle stays a circle). A layer of a
 * type the design does not take stays out; a font the design does not know is left out (the text
 * takes the default font); timing stays out of a design that is not animated. Each is said.
 */
export function pasteLayers(doc: Doc, frame: string, clip: Clip, target: PasteTarget): { doc: Doc; names: string[]; said: string[] } {
  const size = frameSize(doc, frame);
  if (!size) return { doc, names: [], said: ['This frame cannot take layers.'] };
  const sx = size.width / clip.frame.width;
  const sy = size.height / clip.frame.height;
  const s = Math.min(sx, sy);
  const said: string[] = [];
  const kept = clip.layers.filter((l) => {
    if (target.types.includes(l.type) && l.type !== 'container') return true;
    said.push(`${l.name}: a ${l.type} layer is not available in a ${doc.type} design, so it was left out.`);
    return false;
  });
  const out = clone(doc);
  const renamed = new Map<string, string>();
  for (const l of kept) renamed.set(l.name, freeName(out, l.name, renamed.values()));
  const names: string[] = [];
  for (const l of kept) {
    const name = renamed.get(l.name)!;
    const props = clone(l.properties);
    if (typeof props.font === 'string' && !target.hasFont(props.font)) {
      said.push(`${l.name}: the font ${props.font} is not available here, so the text takes the default font.`);
      delete props.font;
    }
    if (s !== 1 && typeof props.font_size === 'number') props.font_size = Math.round(props.font_size * s * 100) / 100;
    const ids = l.layer_ids?.flatMap((id) => (renamed.has(id) ? [renamed.get(id)!] : []));
    if (l.type === 'group' && (ids ?? []).length === 0) continue;
    const box = roundBox(out, { x: l.box.x * sx, y: l.box.y * sy, width: l.box.width * s, height: l.box.height * s });
    const layer = multipage(out)
      ? { name, type: l.type, layout: box, properties: props }
      : { name, type: l.type, layout: { [frame]: box }, properties: { default: props } };
    if (ids) Object.assign(layer, { layer_ids: ids });
    if (l.hidden) Object.assign(layer, { hidden: true });
    if (l.animation && out.type === 'animated') Object.assign(layer, { animation: clone(l.animation) });
    else if (l.animation) said.push(`${l.name}: its timing stays behind (a ${doc.type} design has none).`);
    listOf(out, frame).push(layer);
    names.push(name);
  }
  return { doc: names.length ? out : doc, names, said };
}
