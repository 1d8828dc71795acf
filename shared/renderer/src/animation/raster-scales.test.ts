import type { AnimatedDesign } from '@pressroom/model';
import { frameCount, VIDEO_FPS } from '@pressroom/model';
import { loadExampleDocuments, loadFontCatalogue, parseExampleDocument } from '@pressroom/platform';
import { describe, expect, it } from 'vitest';
import { planRender } from '../plan/plan-render.js';
import { compositionStates, type LayerSample } from './composition.js';
import { ladder, MAX_EXACT_SCALES, MAX_RASTER_SCALE, planRasterScales, RESAMPLED_STEP } from './raster-scales.js';
import { planTimeline } from './timeline.js';

const parsed = parseExampleDocument(loadExampleDocuments().find((d) => d.file === 'animated-product-launch.json')!.json);
if (!parsed.ok) throw new Error('example does not parse');
const design = parsed.design as AnimatedDesign;
const timeline = planTimeline(design);
const square = planRender({ catalogue: loadFontCatalogue(), design, formatName: 'square' });
const frames = frameCount(design.animation.duration, VIDEO_FPS);
const states = compositionStates(timeline, VIDEO_FPS, frames, new Map());

/** The distinct scales a layer is shown at in `states` (visible, not transparent), none 1. */
function shownScales(name: string): number[] {
  const k = timeline.layers.findIndex((l) => l.name === name);
  return [
    ...new Set(states.flatMap((f) => (f[k]![0] === 1 && f[k]![1] > 0 && f[k]![4] !== 1 ? [Math.round(f[k]![4] * 1e4) / 1e4] : []))),
  ].sort((a, b) => a - b);
}

describe('planRasterScales', () => {
  const planned = planRasterScales(square, timeline, states);

  it('draws a layer Chromium redraws at size (the button) at every scale it is shown at', () => {
    expect(planned.get('preorder')).toEqual({ drawn: shownScales('preorder'), every: shownScales('preorder') });
    expect(shownScales('preorder').length).toBeGreaterThan(10);
  });

  it('draws a bitmap (the product photo) at a ladder: each scale shown at most RESAMPLED_STEP below a drawn one', () => {
    expect(planned.get('product')!.every).toEqual(shownScales('product'));
    const drawn = [...planned.get('product')!.drawn, 1];
    expect(drawn.length).toBeLessThan(shownScales('product').length);
    for (const s of shownScales('product')) {
      const from = Math.min(...drawn.filter((d) => d >= s));
      expect(from / s).toBeLessThanOrEqual(RESAMPLED_STEP);
    }
  });

  it('leaves out layers never shown scaled', () => {
    expect(planned.has('ring')).toBe(false);
    expect(planned.has('headline')).toBe(false);
    // A typewriting layer keeps its two rasters as designed, scaled or not.
    const h = timeline.layers.findIndex((l) => l.name === 'headline');
    const scaledHeadline: LayerSample[][] = [timeline.layers.map((_, j) => (j === h ? [1, 1, 0, 0, 0.5, 0, 3] : [1, 1, 0, 0, 1, 0, -1]))];
    expect(planRasterScales(square, timeline, scaledHeadline).size).toBe(0);
  });

  it('caps the scale at MAX_RASTER_SCALE and counts a layer shown only while hidden as never shown', () => {
    const k = timeline.layers.findIndex((l) => l.name === 'preorder');
    const at = (sample: LayerSample): LayerSample[][] => [timeline.layers.map((_, j) => (j === k ? sample : [1, 1, 0, 0, 1, 0, -1]))];
    expect(planRasterScales(square, timeline, at([1, 1, 0, 0, 3.5, 0, -1])).get('preorder')?.drawn).toEqual([MAX_RASTER_SCALE]);
    expect(planRasterScales(square, timeline, at([0, 1, 0, 0, 0.5, 0, -1])).has('preorder')).toBe(false);
    expect(planRasterScales(square, timeline, at([1, 0, 0, 0, 0.5, 0, -1])).has('preorder')).toBe(false);
  });

  it('draws a sharp layer shown at very many scales at a 1 % ladder', () => {
    const k = timeline.layers.findIndex((l) => l.name === 'preorder');
    const many: LayerSample[][] = Array.from({ length: 200 }, (_, i) =>
      timeline.layers.map((_, j) => (j === k ? [1, 1, 0, 0, 0.5 + i * 0.0025, 0, -1] : [1, 1, 0, 0, 1, 0, -1])),
    );
    const { drawn, every } = planRasterScales(square, timeline, many).get('preorder')!;
    expect(drawn.length).toBeLessThanOrEqual(MAX_EXACT_SCALES + 30);
    expect(drawn.length).toBeGreaterThan(MAX_EXACT_SCALES);
    // Too many to draw each in place.
    expect(every).toEqual([]);
  });
});

describe('ladder', () => {
  it('draws every scale with a step of 1', () => {
    expect(ladder(new Set([0.5, 0.75, 1.2]), 1)).toEqual([0.5, 0.75, 1.2]);
  });

  it('draws the fewest scales that serve every one within the step, the design (1) included', () => {
    // 1.2 serves down to 1.0435 (1.1, 1.05); 1 serves down to 0.8696 (0.95, 0.9); 0.8 is drawn, serving 0.7.
    expect(ladder(new Set([1.2, 1.1, 1.05, 0.95, 0.9, 0.8, 0.7]), 1.15)).toEqual([0.8, 1.2]);
    expect(ladder(new Set([0.9]), 1.15)).toEqual([]);
  });
});
