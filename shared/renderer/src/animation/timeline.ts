import type { AnimatedDesign, Easing, ElementAnimation, Keyframe, TextSplit, Tween } from '@pressroom/model';

export type { TextSplit };

/**
 * The timeline of an animated design as a pure function of time: no browser, no clock. The
 * frame renderer and the HTML5 player both draw what `stateAt` answers, so a frame at `t`
 * depends on nothing but `t` (see docs/animation.md).
 */
export interface LayerTimeline {
  name: string;
  /** Visible from (inclusive); null = from the start. */
  start: number | null;
  /** Visible until (exclusive); null = to the end. */
  end: number | null;
  tweens: Tween[];
}

export interface Timeline {
  /** Seconds. */
  duration: number;
  /** Moment of the HTML5 fallback image, seconds. */
  screenshotAt: number;
  /** Only layers with a visibility window or tweens; every other layer is static. */
  layers: LayerTimeline[];
}

/** What the timeline changes on one layer at one moment; identity values when nothing moves. */
export interface LayerState {
  name: string;
  visible: boolean;
  /** Multiplies the layer's own opacity, 0–1. */
  opacity: number;
  /** Offset from the layer's box, px. */
  x: number;
  y: number;
  /** Factor around the box centre (1 = as designed). */
  scale: number;
  /** Degrees, added to the layer's own rotation. */
  rotate: number;
  /** Share of the text shown, 0–1; null when the layer has no textEffect. */
  typewriting: number | null;
  /** How the text is split for typewriting (meaningful when `typewriting` is not null). */
  split: TextSplit;
  /** Audio/video volume multiplier 0–1 from audioFade; null when there is none. */
  volume: number | null;
}

/** The design's timeline: which layers move, and how. Overrides change no timing. */
export function planTimeline(design: Pick<AnimatedDesign, 'animation' | 'elements'>): Timeline {
  const layers: LayerTimeline[] = [];
  for (const element of design.elements) {
    const a: ElementAnimation | null = element.animation;
    if (!a || (a.start_at_s === null && a.end_at_s === null && a.tweens.length === 0)) continue;
    layers.push({ name: element.name, start: a.start_at_s, end: a.end_at_s, tweens: a.tweens });
  }
  return { duration: design.animation.duration, screenshotAt: design.animation.screenshot_at_s, layers };
}

/** Easing curves as CSS defines them (cubic Béziers), p in [0, 1]. */
export const EASING_CURVES: Record<Easing, readonly [number, number, number, number]> = {
  linear: [0, 0, 1, 1],
  'ease-in': [0.42, 0, 1, 1],
  'ease-out': [0, 0, 0.58, 1],
  'ease-in-out': [0.42, 0, 0.58, 1],
};

/** The eased progress of a segment, p in [0, 1] → [0, 1]; monotonic, ease(0)=0, ease(1)=1. */
export function ease(easing: Easing, p: number): number {
  const q = Math.min(1, Math.max(0, p));
  if (easing === 'linear') return q;
  const [x1, y1, x2, y2] = EASING_CURVES[easing];
  // Solve x(s) = q for s by bisection (x is monotonic on [0, 1]), then answer y(s).
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 40; i += 1) {
    const mid = (lo + hi) / 2;
    if (bezier(x1, x2, mid) < q) lo = mid;
    else hi = mid;
  }
  return bezier(y1, y2, (lo + hi) / 2);
}

function bezier(a: number, b: number, s: number): number {
  const r = 1 - s;
  return 3 * r * r * s * a + 3 * r * s * s * b + s * s * s;
}

/** A keyframed attribute at time t: held before the first and after the last keyframe. */
export function valueAt(keyframes: readonly Keyframe[], attr: string, t: number): number {
  const num = (k: Keyframe) => {
    const v = k.attr[attr];
    return typeof v === 'number' ? v : 0;
  };
  const first = keyframes[0];
  if (!first) return 0;
  if (t <= first.time) return num(first);
  for (let i = 0; i < keyframes.length - 1; i += 1) {
    const a = keyframes[i]!;
    const b = keyframes[i + 1]!;
    if (t < b.time) {
      const span = b.time - a.time;
      const p = span <= 0 ? 1 : (t - a.time) / span;
      return num(a) + (num(b) - num(a)) * ease(a.easing, p);
    }
  }
  return num(keyframes[keyframes.length - 1]!);
}

export function identityState(name: string): LayerState {
  return { name, visible: true, opacity: 1, x: 0, y: 0, scale: 1, rotate: 0, typewriting: null, split: 'letter', volume: null };
}

/**
 * The state of one layer at time t. Tweens of one type take turns: at t the one that started last
 * (by its first keyframe; the later in the list when two start together) governs, and before any
 * has started the earliest does. So each governs its own span, the previous one's last value holds
 * between two, and the first one's first value before it (`valueAt` holds the ends). The parser
 * refuses tweens of one type whose spans overlap; a design stored before it did draws by this
 * same rule, and the clamps below hold its values to what is drawn.
 */
export function layerStateAt(layer: LayerTimeline, t: number): LayerState {
  const s = identityState(layer.name);
  s.visible = (layer.start === null || t >= layer.start) && (layer.end === null || t < layer.end);
  for (const tween of governingTweens(layer.tweens, t)) {
    const k = tween.keyframes;
    switch (tween.type) {
      case 'fade':
        s.opacity = clamp01(valueAt(k, 'opacity', t));
        break;
      case 'slide':
        s.x = valueAt(k, 'left', t);
        s.y = valueAt(k, 'top', t);
        break;
      case 'scale':
        s.scale = Math.max(0, valueAt(k, 'scale', t)) / 100;
        break;
      case 'rotate':
        s.rotate = valueAt(k, 'angle', t);
        break;
      case 'audioFade':
        s.volume = clamp01(valueAt(k, 'volumeEffect', t));
        break;
      case 'textEffect':
        s.typewriting = clamp01(valueAt(k, 'typewriting', t) / 100);
        s.split = layerSplit(layer.tweens);
        break;
    }
  }
  return s;
}

/**
 * How a layer's text is split for typewriting: one way for the whole timeline (the player wraps
 * its units once). The parser holds every keyframe of a layer's textEffect tweens that sets it to
 * one value and keyframes that leave it out take it; where a design stored before differs, the
 * first listed that sets it.
 */
function layerSplit(tweens: readonly Tween[]): TextSplit {
  for (const tween of tweens) {
    if (tween.type !== 'textEffect') continue;
    const split = tween.keyframes.find((f) => f.attr.textEffectSplit !== undefined)?.attr.textEffectSplit;
    if (split !== undefined) return split === 'word' ? 'word' : 'letter';
  }
  return 'letter';
}

/** The tween of each type that governs at t (layerStateAt): the last started, else the earliest. */
function governingTweens(tweens: readonly Tween[], t: number): Tween[] {
  const by = new Map<Tween['type'], Tween>();
  for (const tween of tweens) {
    const start = tween.keyframes[0]?.time ?? 0;
    const cur = by.get(tween.type);
    const curStart = cur?.keyframes[0]?.time ?? 0;
    if (!cur || (start <= t ? curStart > t || start >= curStart : curStart > t && start < curStart)) by.set(tween.type, tween);
  }
  return [...by.values()];
}

/** Every moving layer at time t (t is clamped to the timeline). */
export function stateAt(timeline: Timeline, t: number): LayerState[] {
  const at = Math.min(Math.max(0, t), timeline.duration);
  return timeline.layers.map((l) => layerStateAt(l, at));
}

/** How many of `units` characters or words typewriting shows. */
export function shownUnits(typewriting: number, units: number): number {
  return Math.min(units, Math.max(0, Math.floor(typewriting * units + 1e-9)));
}

function clamp01(v: number): number {
  return Math.min(1, Math.max(0, v));
}
