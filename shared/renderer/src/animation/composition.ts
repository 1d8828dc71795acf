import { frameTime } from '@pressroom/model';
import type { PlanNode, RenderPlan } from '../plan/types.js';
import { type LayerState, shownUnits, stateAt, type Timeline } from './timeline.js';

/**
 * The layer compositor's half in the renderer (docs/animation.md, "Frames composited from layer
 * rasters"): pure. `planFrameSource` decides, from a format's render plan and timeline, whether
 * its frames can be composited from layer rasters drawn once, or must be drawn by Chromium frame
 * by frame (the fallback, with its reason). `planRasters` says which layers go into which raster,
 * bottom first; `compositionStates` samples the timeline at every frame as the compositor reads it.
 */

/**
 * Why a file's frames are drawn by Chromium rather than composited: a small fixed set (the
 * metric's label values, and the list in docs/animation.md).
 */
export const FRAME_SOURCE_FALLBACKS = [
  /** A video layer with a drop shadow of its own: the shadow of each frame's pixels is not drawn. */
  'video_layer_shadow',
  /** A moving or video layer sits in a group whose opacity, rotation, shadow, mask or tweens also apply to it (an effect spanning layers). */
  'group_effect',
  /** Typewriting on a layer turned or slanted by its own design: its characters' boxes are not upright. */
  'typewriting_transformed',
  /** The render worker was told to draw every frame in Chromium (`ANIMATION_COMPOSITOR=false`). */
  'disabled',
] as const;
export type FrameSourceFallback = (typeof FRAME_SOURCE_FALLBACKS)[number];

export type FrameSource = { source: 'layers' } | { source: 'chromium'; reason: FrameSourceFallback; layer: string | null };

/** One raster the render worker draws once: some layers of the plan, alone on a transparent page. */
export interface RasterPlan {
  /** Names of the plan nodes drawn in it (each with everything inside it). */
  nodes: string[];
  /** The canvas background is drawn too (only in the bottom raster). */
  background: boolean;
  /** The timeline layer that moves this raster; null: it never moves. */
  layer: string | null;
  /** Groups with a visibility window around it: it is shown only while every one of them is. */
  gates: string[];
  /** Typewriting splits the layer's text (`layer` is then that text layer). */
  typewriting: boolean;
  /** A video layer: the media worker draws its frames over this raster (its node alone). */
  video: boolean;
}

/** The pure decision: can this format's file be composited from rasters drawn once? */
export function planFrameSource(
  plan: RenderPlan,
  timeline: Timeline,
  videoLayers: readonly string[],
  options: { enabled: boolean } = { enabled: true },
): FrameSource {
  if (!options.enabled) return { source: 'chromium', reason: 'disabled', layer: null };
  const result = walk(plan, timeline, new Set(videoLayers));
  return 'reason' in result ? { source: 'chromium', reason: result.reason, layer: result.layer } : { source: 'layers' };
}

/**
 * The rasters of a format the compositor can draw (planFrameSource answered `layers` for the same
 * video layers), bottom first. A video layer has a raster of its own, so the layers below and
 * above it are never drawn into one.
 */
export function planRasters(plan: RenderPlan, timeline: Timeline, videoLayers: readonly string[] = []): RasterPlan[] {
  const result = walk(plan, timeline, new Set(videoLayers));
  if ('reason' in result) throw new Error(`format ${plan.format} cannot be composited (${result.reason})`);
  return result.rasters;
}

type WalkResult = { rasters: RasterPlan[] } | { reason: FrameSourceFallback; layer: string };

function walk(plan: RenderPlan, timeline: Timeline, videos: ReadonlySet<string>): WalkResult {
  const moving = new Map(timeline.layers.map((l) => [l.name, l]));
  const typewriting = new Set(
    stateAt(timeline, 0)
      .filter((s) => s.typewriting !== null)
      .map((s) => s.name),
  );
  const rasters: RasterPlan[] = [];
  let run: RasterPlan = { nodes: [], background: true, layer: null, gates: [], typewriting: false, video: false };
  const flush = () => {
    if (run.nodes.length > 0 || run.background) rasters.push(run);
    run = { nodes: [], background: false, layer: null, gates: [], typewriting: false, video: false };
  };
  const hasMoving = (n: PlanNode): boolean => moving.has(n.name) || (n.kind === 'group' && n.children.some(hasMoving));
  const hasVideo = (n: PlanNode): boolean => videos.has(n.name) || (n.kind === 'group' && n.children.some(hasVideo));
  const visit = (nodes: readonly PlanNode[], gates: string[]): { reason: FrameSourceFallback; layer: string } | null => {
    for (const node of nodes) {
      const own = moving.has(node.name);
      const video = videos.has(node.name);
      const inner = node.kind === 'group' && node.children.some((c) => hasMoving(c) || hasVideo(c));
      if (!own && !inner && !video) {
        if (gates.length === 0) run.nodes.push(node.name);
        else {
          flush();
          rasters.push({ nodes: [node.name], background: false, layer: null, gates, typewriting: false, video: false });
        }
        continue;
      }
      if (inner && node.kind === 'group') {
        // Its members move (or play) on their own: the group must add nothing but (at most) a visibility window.
        const tweens = moving.get(node.name)?.tweens.length ?? 0;
        if (node.opacity < 1 || node.rotation !== 0 || node.shadow !== null || node.mask !== null || tweens > 0)
          return { reason: 'group_effect', layer: node.name };
        const failed = visit(node.children, own ? [...gates, node.name] : gates);
        if (failed) return failed;
        continue;
      }
      if (video) {
        // Its frames are drawn in its box, turned with it: a drop shadow of its own is not drawn.
        if (node.shadow !== null) return { reason: 'video_layer_shadow', layer: node.name };
        flush();
        rasters.push({ nodes: [node.name], background: false, layer: own ? node.name : null, gates, typewriting: false, video: true });
        continue;
      }
      const typed = typewriting.has(node.name);
      if (typed && (node.rotation !== 0 || (node.kind === 'text' && node.skewY !== 0)))
        return { reason: 'typewriting_transformed', layer: node.name };
      flush();
      rasters.push({ nodes: [node.name], background: false, layer: node.name, gates, typewriting: typed, video: false });
    }
    return null;
  };
  const failed = visit(plan.nodes, []);
  if (failed) return failed;
  flush();
  return { rasters };
}

/**
 * The timeline at every frame, as the compositor reads it: per frame, per timeline layer (in
 * `timeline.layers` order), `[visible 0|1, opacity, x, y, scale, rotate, shown]` where `shown` is
 * the number of typewriting units shown (of `units[layer]`), or -1 when the layer does not type.
 */
export type LayerSample = [number, number, number, number, number, number, number];

export function compositionStates(
  timeline: Timeline,
  fps: number,
  frames: number,
  units: ReadonlyMap<string, number>,
  start = 0,
): LayerSample[][] {
  const out: LayerSample[][] = [];
  for (let i = start; i < start + frames; i += 1) out.push(stateAt(timeline, frameTime(i, fps)).map((s) => sample(s, units)));
  return out;
}

function sample(s: LayerState, units: ReadonlyMap<string, number>): LayerSample {
  const shown = s.typewriting === null ? -1 : shownUnits(s.typewriting, units.get(s.name) ?? 0);
  return [s.visible ? 1 : 0, s.opacity, s.x, s.y, s.scale, s.rotate, shown];
}

/** The state every raster is drawn in: as designed, nothing moved, every character shown. */
export function neutralStates(timeline: Timeline): LayerState[] {
  return stateAt(timeline, 0).map((s) => ({
    ...s,
    visible: true,
    opacity: 1,
    x: 0,
    y: 0,
    scale: 1,
    rotate: 0,
    typewriting: s.typewriting === null ? null : 1,
  }));
}

/** The same, every character hidden: the raster typewriting starts from. */
export function untypedStates(timeline: Timeline): LayerState[] {
  return neutralStates(timeline).map((s) => (s.typewriting === null ? s : { ...s, typewriting: 0 }));
}
