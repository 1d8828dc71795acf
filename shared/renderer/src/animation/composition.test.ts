import type { AnimatedDesign } from '@pressroom/model';
import { frameCount, VIDEO_FPS } from '@pressroom/model';
import { loadExampleDocuments, loadFontCatalogue, parseExampleDocument } from '@pressroom/platform';
import { describe, expect, it } from 'vitest';
import { planRender } from '../plan/plan-render.js';
import type { GroupNode, PlanNode, RenderPlan } from '../plan/types.js';
import { compositionStates, neutralStates, planFrameSource, planRasters, untypedStates } from './composition.js';
import { planTimeline, shownUnits, stateAt } from './timeline.js';

const parsed = parseExampleDocument(loadExampleDocuments().find((d) => d.file === 'animated-product-launch.json')!.json);
if (!parsed.ok) throw new Error('example does not parse');
const design = parsed.design as AnimatedDesign;
const timeline = planTimeline(design);
const catalogue = loadFontCatalogue();
const square = planRender({ catalogue, design, formatName: 'square' });
const wide = planRender({ catalogue, design, formatName: 'wide' });

/** The plan with one node (found anywhere in the tree) changed. */
function withNode(plan: RenderPlan, name: string, change: (n: PlanNode) => PlanNode): RenderPlan {
  const map = (nodes: PlanNode[]): PlanNode[] =>
    nodes.map((n) => {
      const m = n.name === name ? change(n) : n;
      return m.kind === 'group' ? { ...m, children: map(m.children) } : m;
    });
  return { ...plan, nodes: map(plan.nodes) };
}

describe('planFrameSource', () => {
  it('composites the example design in both formats', () => {
    expect(planFrameSource(square, timeline, [])).toEqual({ source: 'layers' });
    expect(planFrameSource(wide, timeline, [])).toEqual({ source: 'layers' });
  });

  it('falls back to Chromium frames when told to', () => {
    expect(planFrameSource(square, timeline, [], { enabled: false })).toEqual({ source: 'chromium', reason: 'disabled', layer: null });
  });

  it('composites a shown video layer, still or moving, inside a plain group too', () => {
    expect(planFrameSource(square, timeline, ['product'])).toEqual({ source: 'layers' });
    expect(planFrameSource(square, timeline, ['background'])).toEqual({ source: 'layers' });
    // 'stars' sits in the group 'offer', which has only a visibility window.
    expect(planFrameSource(wide, timeline, ['stars'])).toEqual({ source: 'layers' });
    // A video layer the format does not show changes nothing.
    expect(planFrameSource(square, timeline, ['stars'])).toEqual({ source: 'layers' });
  });

  it('falls back for a video layer with a drop shadow of its own, naming it; a turned one is composited', () => {
    const shadowed = withNode(square, 'product', (n) => ({ ...n, shadow: { mode: 'drop' as const, x: 2, y: 2, blur: 4, color: '#000' } }));
    expect(planFrameSource(shadowed, timeline, ['product'])).toEqual({
      source: 'chromium',
      reason: 'video_layer_shadow',
      layer: 'product',
    });
    // The same layer as an image is composited (its shadow is in its raster).
    expect(planFrameSource(shadowed, timeline, [])).toEqual({ source: 'layers' });
    expect(
      planFrameSource(
        withNode(square, 'product', (n) => ({ ...n, rotation: 10 })),
        timeline,
        ['product'],
      ),
    ).toEqual({ source: 'layers' });
  });

  it('falls back for a video layer in a group with an effect of its own, naming the group', () => {
    expect(
      planFrameSource(
        withNode(wide, 'offer', (n) => ({ ...n, opacity: 0.5 })),
        timeline,
        ['stars'],
      ),
    ).toEqual({ source: 'chromium', reason: 'group_effect', layer: 'offer' });
  });

  it.each([
    ['opacity', (g: GroupNode) => ({ ...g, opacity: 0.5 })],
    ['rotation', (g: GroupNode) => ({ ...g, rotation: 12 })],
    ['shadow', (g: GroupNode) => ({ ...g, shadow: { mode: 'drop' as const, x: 2, y: 2, blur: 4, color: '#000' } })],
    [
      'mask',
      (g: GroupNode) => ({
        ...g,
        mask: { shape: 'ellipse' as const, box: { x: 0, y: 0, width: 10, height: 10 }, radius: '0', rotation: 0 },
      }),
    ],
  ])('falls back when a group around moving layers has its own %s', (_name, change) => {
    const plan = withNode(wide, 'offer', (n) => change(n as GroupNode));
    expect(planFrameSource(plan, timeline, [])).toEqual({ source: 'chromium', reason: 'group_effect', layer: 'offer' });
  });

  it('falls back when a group around moving layers has tweens of its own', () => {
    const moved = {
      ...timeline,
      layers: timeline.layers.map((l) =>
        l.name === 'offer'
          ? {
              ...l,
              tweens: [{ id: 'o', type: 'fade' as const, keyframes: [{ time: 0, attr: { opacity: 0 }, easing: 'linear' as const }] }],
            }
          : l,
      ),
    };
    expect(planFrameSource(wide, moved, [])).toMatchObject({ reason: 'group_effect', layer: 'offer' });
  });

  it('falls back for typewriting on a turned or slanted text, not on a turned text that does not type', () => {
    expect(
      planFrameSource(
        withNode(square, 'headline', (n) => ({ ...n, rotation: 5 })),
        timeline,
        [],
      ),
    ).toMatchObject({
      reason: 'typewriting_transformed',
      layer: 'headline',
    });
    expect(
      planFrameSource(
        withNode(square, 'headline', (n) => ({ ...n, skewY: 8 }) as PlanNode),
        timeline,
        [],
      ),
    ).toMatchObject({
      reason: 'typewriting_transformed',
    });
    expect(
      planFrameSource(
        withNode(square, 'ring', (n) => ({ ...n, rotation: 5 })),
        timeline,
        [],
      ),
    ).toEqual({ source: 'layers' });
  });
});

describe('planRasters', () => {
  it('draws runs of still layers together and each moving layer alone, bottom first', () => {
    const rasters = planRasters(square, timeline);
    // The background shape and the canvas background are the bottom raster.
    expect(rasters[0]).toEqual({ nodes: ['background'], background: true, layer: null, gates: [], typewriting: false, video: false });
    expect(rasters.map((r) => r.layer)).toEqual([null, 'halo', 'ring', 'product', 'logo', 'headline', 'subline', 'preorder']);
    const moving = rasters.filter((r) => r.layer !== null).map((r) => r.layer);
    const inPlan = new Set(timeline.layers.map((l) => l.name));
    for (const name of moving) expect(inPlan.has(name!)).toBe(true);
    // Every node of the plan is drawn exactly once.
    const drawn = rasters.flatMap((r) => r.nodes);
    expect(new Set(drawn).size).toBe(drawn.length);
  });

  it('gates the members of a group with a visibility window by that group', () => {
    const rasters = planRasters(wide, timeline);
    const preorder = rasters.find((r) => r.layer === 'preorder')!;
    expect(preorder.gates).toEqual(['offer']);
    expect(rasters.find((r) => r.layer === 'headline')).toMatchObject({ typewriting: true, gates: [] });
  });

  it('gives a video layer a raster of its own, splitting the still layers below and above it', () => {
    const still = planRasters(square, timeline);
    const bottom = still[0]!;
    // The bottom raster holds the canvas background and the still layers under the first moving one.
    const video = bottom.nodes.at(-1)!;
    const rasters = planRasters(square, timeline, [video]);
    expect(rasters[0]).toEqual({ ...bottom, nodes: bottom.nodes.slice(0, -1) });
    expect(rasters[1]).toEqual({ nodes: [video], background: false, layer: null, gates: [], typewriting: false, video: true });
    expect(rasters.slice(2)).toEqual(still.slice(1));
    // A moving video layer is moved by its own timeline layer.
    expect(planRasters(square, timeline, ['product']).find((r) => r.video)).toMatchObject({ layer: 'product', nodes: ['product'] });
    // In a windowed group, it is gated by the group.
    expect(planRasters(wide, timeline, ['stars']).find((r) => r.video)).toMatchObject({ nodes: ['stars'], gates: ['offer'] });
  });

  it('refuses a plan the compositor cannot draw', () => {
    expect(() =>
      planRasters(
        withNode(wide, 'offer', (n) => ({ ...n, opacity: 0.5 })),
        timeline,
      ),
    ).toThrow(/group_effect/);
  });
});

describe('compositionStates', () => {
  it('samples the timeline at every frame with the typewriting units shown', () => {
    const n = frameCount(design.animation.duration, VIDEO_FPS);
    const units = new Map([['headline', 14]]);
    const states = compositionStates(timeline, VIDEO_FPS, n, units);
    expect(states).toHaveLength(n);
    const at = stateAt(timeline, 30 / VIDEO_FPS);
    const k = timeline.layers.findIndex((l) => l.name === 'headline');
    const h = at[k]!;
    expect(states[30]![k]).toEqual([h.visible ? 1 : 0, h.opacity, h.x, h.y, h.scale, h.rotate, shownUnits(h.typewriting!, 14)]);
    const ring = timeline.layers.findIndex((l) => l.name === 'ring');
    expect(states[30]![ring]![6]).toBe(-1);
    // A range of frames samples the same times as the whole file.
    expect(compositionStates(timeline, VIDEO_FPS, 5, units, 30)).toEqual(states.slice(30, 35));
  });

  it('draws rasters as designed with every character shown, or none', () => {
    for (const s of neutralStates(timeline)) {
      expect(s).toMatchObject({ visible: true, opacity: 1, x: 0, y: 0, scale: 1, rotate: 0 });
      if (s.name === 'headline') expect(s.typewriting).toBe(1);
    }
    expect(untypedStates(timeline).find((s) => s.name === 'headline')!.typewriting).toBe(0);
  });
});
