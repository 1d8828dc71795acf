// The timing of an animated design's layers, pure: each layer's visibility window (`start_at_s`,
// `end_at_s`) and its tweens' keyframes (docs/design-format.md, "Animation"), read for the
// timeline and changed by its drags and keys (editor-transform.test.ts).
import { type Bag, clone, type Doc, findLayer, isBag, type Layer } from './editor-doc.js';

/** Times are kept to a twentieth of a second. */
const STEP = 0.05;
const round = (t: number) => Math.round(t / STEP) * STEP;
const fixed = (t: number) => Number(round(t).toFixed(2));
const clamp = (t: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, t));

/** A keyframe on the timeline: its tween and place in it, and its time. */
export interface Mark {
  tween: number;
  key: number;
  /** The tween's id (or type) and the keyframe's number, for its label. */
  label: string;
  time: number;
}

export const durationOf = (doc: Doc) => (typeof doc.animation?.duration === 'number' ? doc.animation.duration : 1);

const tweensOf = (layer: Layer): Bag[] =>
  Array.isArray(layer.animation?.tweens) ? (layer.animation.tweens as unknown[]).filter(isBag) : [];
const keyframesOf = (tween: Bag): Bag[] => (Array.isArray(tween.keyframes) ? (tween.keyframes as unknown[]).filter(isBag) : []);
/** A keyframe's time: `time`, or `data.time` in the shape design reads write. */
const timeOf = (k: Bag): number | null => {
  const t = typeof k.time === 'number' ? k.time : isBag(k.data) ? k.data.time : null;
  return typeof t === 'number' ? t : null;
};

/** The layer's visibility window, from its start (0 when unset) to its end (the duration when unset). */
export function windowOf(doc: Doc, layer: Layer): { start: number; end: number } {
  const a = layer.animation ?? {};
  return {
    start: typeof a.start_at_s === 'number' ? a.start_at_s : 0,
    end: typeof a.end_at_s === 'number' ? a.end_at_s : durationOf(doc),
  };
}

/** The layer's keyframes, tween by tween. */
export function marksOf(layer: Layer): Mark[] {
  return tweensOf(layer).flatMap((tween, i) =>
    keyframesOf(tween).flatMap((k, j) => {
      const time = timeOf(k);
      const name = typeof tween.id === 'string' ? tween.id : String(tween.type ?? `tween ${i + 1}`);
      return time === null ? [] : [{ tween: i, key: j, label: `${name}, keyframe ${j + 1}`, time }];
    }),
  );
}

/** The layer in a copy of the design, with an `animation` object to change. */
function editable(doc: Doc, frame: string, name: string): { out: Doc; anim: Bag } | null {
  const out = clone(doc);
  const layer = findLayer(out, frame, name);
  if (!layer) return null;
  layer.animation = { ...(layer.animation ?? {}) };
  return { out, anim: layer.animation };
}

/**
 * The window's start or end set (kept within the duration and at least a step long): the edge
 * dragged, or typed with the keys.
 */
export function withWindowEdge(doc: Doc, frame: string, name: string, edge: 'start' | 'end', t: number): Doc {
  const layer = findLayer(doc, frame, name);
  const made = layer && editable(doc, frame, name);
  if (!layer || !made) return doc;
  const w = windowOf(doc, layer);
  if (edge === 'start') made.anim.start_at_s = fixed(clamp(t, 0, w.end - STEP));
  else made.anim.end_at_s = fixed(clamp(t, w.start + STEP, durationOf(doc)));
  return made.out;
}

/**
 * The whole window moved by `dt` seconds with its keyframes (as far as the duration allows: the
 * window and every keyframe stay within it).
 */
export function shiftTiming(doc: Doc, frame: string, name: string, dt: number): Doc {
  const layer = findLayer(doc, frame, name);
  const made = layer && editable(doc, frame, name);
  if (!layer || !made) return doc;
  const w = windowOf(doc, layer);
  const times = [w.start, w.end, ...marksOf(layer).map((m) => m.time)];
  const d = fixed(clamp(dt, -Math.min(...times), durationOf(doc) - Math.max(...times)));
  if (d === 0) return doc;
  made.anim.start_at_s = fixed(w.start + d);
  made.anim.end_at_s = fixed(w.end + d);
  made.anim.tweens = tweensOf(layer).map((tween) => ({
    ...tween,
    keyframes: keyframesOf(tween).map((k) => movedKey(k, (timeOf(k) ?? 0) + d)),
  }));
  return made.out;
}

/** A keyframe at another time, written where it kept its time. */
const movedKey = (k: Bag, time: number): Bag =>
  typeof k.time === 'number' || !isBag(k.data) ? { ...k, time: fixed(time) } : { ...k, data: { ...k.data, time: fixed(time) } };

/** A keyframe moved to `t`, kept between its neighbours (times ascend) and within the duration. */
export function withKeyframeTime(doc: Doc, frame: string, name: string, tween: number, key: number, t: number): Doc {
  const layer = findLayer(doc, frame, name);
  const made = layer && editable(doc, frame, name);
  const tweens = layer ? tweensOf(layer) : [];
  const keys = tweens[tween] ? keyframesOf(tweens[tween]) : [];
  if (!layer || !made || !keys[key]) return doc;
  const before = key > 0 ? (timeOf(keys[key - 1]!) ?? 0) + STEP : 0;
  const after = key < keys.length - 1 ? (timeOf(keys[key + 1]!) ?? durationOf(doc)) - STEP : durationOf(doc);
  const time = clamp(t, before, after);
  made.anim.tweens = tweens.map((tw, i) =>
    i === tween ? { ...tw, keyframes: keys.map((k, j) => (j === key ? movedKey(k, time) : k)) } : tw,
  );
  return made.out;
}
