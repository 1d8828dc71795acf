import { counterFromZero } from '@pressroom/platform';
import { Counter, Gauge, type Registry } from 'prom-client';

/** How often a render found its design warm, and what the warm designs hold. */
export interface WarmMetrics {
  hits: Counter;
  misses: Counter;
  evictions: Counter<'reason'>;
  designs: Gauge;
  bytes: Gauge;
  layersPatched: Counter;
}

export const EVICTION_REASONS = ['count', 'memory', 'design_changed', 'page_closed'] as const;

export function createWarmMetrics(registry: Registry): WarmMetrics {
  return {
    hits: new Counter({
      name: 'pressroom_render_warm_hits_total',
      help: "Static renders whose page already held the design's canvas (design, version, format).",
      registers: [registry],
    }),
    misses: new Counter({
      name: 'pressroom_render_warm_misses_total',
      help: "Static renders that built the design's canvas from nothing.",
      registers: [registry],
    }),
    evictions: counterFromZero(registry, {
      name: 'pressroom_render_warm_evictions_total',
      help: 'Warm design canvases dropped, by reason: count, memory (the LRU bounds), design_changed, page_closed.',
      labels: { reason: EVICTION_REASONS },
    }),
    designs: new Gauge({ name: 'pressroom_render_warm_designs', help: 'Warm design canvases held by this worker.', registers: [registry] }),
    bytes: new Gauge({
      name: 'pressroom_render_warm_bytes',
      help: 'Estimated memory of the warm canvases (layer HTML, decoded images, raster), in bytes.',
      registers: [registry],
    }),
    layersPatched: new Counter({
      name: 'pressroom_render_warm_layers_patched_total',
      help: 'Top-level layers replaced (and their text fitted) in warm renders.',
      registers: [registry],
    }),
  };
}
