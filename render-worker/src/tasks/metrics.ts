import { bulkRowsCounter, counterFromZero, labelProduct, RENDER_BUCKETS } from '@pressroom/platform';
import { FRAME_SOURCE_FALLBACKS } from '@pressroom/renderer';
import { Counter, Histogram, type Registry } from 'prom-client';
import { FAILURE_CLASSES } from './failures.js';

export const RENDER_STAGES = ['queue_wait', 'fetch', 'layout', 'update', 'fit', 'capture', 'encode', 'store', 'record', 'frames'] as const;
export type RenderStage = (typeof RENDER_STAGES)[number];

export interface RenderMetrics {
  stageSeconds: Histogram<'stage' | 'output'>;
  totalSeconds: Histogram<'output' | 'priority'>;
  failures: Counter<'class'>;
  /** Animated parts: frames captured per second of capture, per part. */
  framesPerSecond: Histogram<'output'>;
  /** Animated parts: frames captured. */
  frames: Counter<'output'>;
  /** Frame ranges by how their page got the file: `reused` (it held it loaded) or `loaded`. */
  rangePages: Counter<'page'>;
  /**
   * Animated files (MP4, GIF) by how their frames are made: composited from layer rasters, or
   * drawn by Chromium with the planner's reason (docs/animation.md, "Fallbacks").
   */
  frameSources: Counter<'source' | 'reason'>;
  /**
   * Raster capture tasks of composited files by the page that drew them: the file's own, or a
   * helper page in the worker's other browser (docs/animation.md, "Rasters").
   */
  rasterCaptures: Counter<'page'>;
  /** Bulk-run rows this worker ended (done or failed; docs/bulk.md). */
  bulkRows: Counter<'outcome'>;
}

/** Frames-per-second buckets: a 1080² page captures roughly 10–25 frames a second. */
const FPS_BUCKETS = [1, 2, 5, 8, 10, 12, 15, 20, 25, 30, 40, 60];

/** Stage and output labels come from fixed sets; buckets run to the 10-second budget and past it. */
export function createRenderMetrics(registry: Registry): RenderMetrics {
  return {
    bulkRows: bulkRowsCounter(registry),
    stageSeconds: new Histogram({
      name: 'pressroom_render_stage_seconds',
      help: 'Duration of each stage of a render (static file, or part of an animated one), by output type.',
      labelNames: ['stage', 'output'],
      buckets: RENDER_BUCKETS,
      registers: [registry],
    }),
    totalSeconds: new Histogram({
      name: 'pressroom_render_seconds',
      help: 'From request accepted to file stored, by output type and priority class.',
      labelNames: ['output', 'priority'],
      buckets: RENDER_BUCKETS,
      registers: [registry],
    }),
    failures: counterFromZero(registry, {
      name: 'pressroom_render_failures_total',
      help: 'Failed render attempts by class.',
      labels: { class: FAILURE_CLASSES },
    }),
    framesPerSecond: new Histogram({
      name: 'pressroom_animation_frames_per_second',
      help: 'Frames captured per second while drawing one part of an animated file, by output.',
      labelNames: ['output'],
      buckets: FPS_BUCKETS,
      registers: [registry],
    }),
    frames: new Counter({
      name: 'pressroom_animation_frames_total',
      help: 'Frames of animated files captured, by output.',
      labelNames: ['output'],
      registers: [registry],
    }),
    rangePages: new Counter({
      name: 'pressroom_animation_range_pages_total',
      help: "Frame ranges of animated files by their page: reused (it held the file loaded from the file's previous range) or loaded.",
      labelNames: ['page'],
      registers: [registry],
    }),
    frameSources: counterFromZero(registry, {
      name: 'pressroom_animation_frame_sources_total',
      help: 'Animated files by frame source: layers (composited) or chromium, with the fallback reason (none for layers).',
      labelNames: ['source', 'reason'],
      series: [{ source: 'layers', reason: 'none' }, ...labelProduct({ source: ['chromium'], reason: FRAME_SOURCE_FALLBACKS })],
    }),
    rasterCaptures: counterFromZero(registry, {
      name: 'pressroom_animation_raster_captures_total',
      help: "Layer raster capture tasks of composited files by page (a typewriting layer's two captures are one): the file's own, or a helper page in another browser.",
      labels: { page: ['file', 'helper'] },
    }),
  };
}
