import type { PlanNode, RenderPlan } from '../plan/types.js';
import type { LayerSample } from './composition.js';
import { typewritingLayers } from './player.js';
import type { Timeline } from './timeline.js';

/**
 * The scales the render worker draws a moving layer's raster at, besides as designed (docs/
 * animation.md, "Scaled layers"): pure. Chromium draws a layer shown scaled again at that size
 * (its glyphs, a QR code's modules and an SVG's paths at the new size), where the compositor can
 * only resample a raster. So a layer that Chromium redraws sharp is drawn once at every scale
 * the file shows it at, and the compositor draws it unscaled; a bitmap or a plain shape, which
 * Chromium resamples as well, is drawn at a ladder of scales, each frame's drawn from the
 * nearest one above, shrunk by at most `RESAMPLED_STEP`.
 */

/** The largest scale a raster is drawn at (memory and capture time grow with its square); beyond it, enlarged from this one. */
export const MAX_RASTER_SCALE = 2;

/** At most this many rasters of one sharp layer; beyond, a ladder of `EXACT_STEP_BEYOND` (the compositor shrinks by at most 1 %). */
export const MAX_EXACT_SCALES = 48;
const EXACT_STEP_BEYOND = 1.01;

/** A bitmap's or a shape's rasters: each frame's scale at most this factor below the raster it is drawn from. */
export const RESAMPLED_STEP = 1.15;

/** Scales equal to this many decimals are one (the timeline's samples of a held value are exact). */
const SCALE_DECIMALS = 4;

/** Node kinds whose pixels Chromium draws again at each size (text, vectors); the others it resamples. */
const REDRAWN_AT_SIZE: ReadonlySet<PlanNode['kind']> = new Set(['text', 'button', 'qrcode', 'rating', 'illustration', 'logo']);

/** The scales to draw one layer's raster at (ascending, none 1). */
export interface LayerScales {
  /** What to draw: every scale shown (sharp layers), or a ladder (bitmaps and shapes). */
  drawn: number[];
  /**
   * Every scale the layer is shown at, when there are at most MAX_EXACT_SCALES (else empty):
   * what to draw instead when the layer, shown scaled, reaches the canvas's edge, so that its
   * rasters are cut there and can be drawn only at their own scale, in place.
   */
  every: number[];
}

/**
 * Per moving layer, the scales to draw its raster at, from the samples of every frame of the file
 * (`compositionStates`), as above. Typewriting layers are left out (their two rasters are drawn
 * as designed), as are layers never shown scaled.
 */
export function planRasterScales(
  plan: RenderPlan,
  timeline: Timeline,
  states: readonly (readonly LayerSample[])[],
): Map<string, LayerScales> {
  const typewriting = new Set(typewritingLayers(timeline).map(([name]) => name));
  const kinds = new Map<string, PlanNode['kind']>();
  const visit = (nodes: readonly PlanNode[]) => {
    for (const n of nodes) {
      kinds.set(n.name, n.kind);
      if (n.kind === 'group') visit(n.children);
    }
  };
  visit(plan.nodes);
  const out = new Map<string, LayerScales>();
  timeline.layers.forEach((layer, k) => {
    const kind = kinds.get(layer.name);
    if (kind === undefined || kind === 'group' || typewriting.has(layer.name)) return;
    const shown = new Set<number>();
    for (const frame of states) {
      const s = frame[k];
      if (s && s[0] === 1 && s[1] > 0 && s[4] > 0) shown.add(round(Math.min(MAX_RASTER_SCALE, s[4])));
    }
    shown.delete(1);
    if (shown.size === 0) return;
    const every = shown.size <= MAX_EXACT_SCALES ? ladder(shown, 1) : [];
    const drawn = !REDRAWN_AT_SIZE.has(kind) ? ladder(shown, RESAMPLED_STEP) : every.length > 0 ? every : ladder(shown, EXACT_STEP_BEYOND);
    out.set(layer.name, { drawn, every });
  });
  return out;
}

/**
 * The fewest scales to draw (ascending, none 1) such that every scale in `shown` has one at or
 * above it at most `step` times larger, the design's own (1) counting as drawn: greedily from
 * the largest down. `step` 1: every scale shown.
 */
export function ladder(shown: ReadonlySet<number>, step: number): number[] {
  const wanted = [...shown, 1].sort((a, b) => b - a);
  const drawn: number[] = [];
  // The smallest scale the rasters drawn so far serve.
  let covers = Number.POSITIVE_INFINITY;
  for (const s of wanted) {
    if (s === 1) covers = Math.min(covers, 1 / step);
    else if (s < covers) {
      drawn.push(s);
      covers = s / step;
    }
  }
  return drawn.sort((a, b) => a - b);
}

function round(s: number): number {
  const f = 10 ** SCALE_DECIMALS;
  return Math.round(s * f) / f;
}
