import { counterFromZero, RENDER_BUCKETS } from '@pressroom/platform';
import { type Counter, Histogram, type Registry } from 'prom-client';

/** Media-worker stages of an animated file: wait for ranges still being captured, encode (ffmpeg or zip, the wait included), store. */
export const ANIMATION_MEDIA_STAGES = ['wait', 'encode', 'store'] as const;
/** Why an encode attempt failed: a small fixed set. */
export const ENCODE_FAILURE_CLASSES = ['missing_part', 'ffmpeg', 'internal'] as const;
export type EncodeFailureClass = (typeof ENCODE_FAILURE_CLASSES)[number];

export interface AnimationMediaMetrics {
  stageSeconds: Histogram<'stage' | 'output'>;
  failures: Counter<'class'>;
}

export function createAnimationMediaMetrics(registry: Registry): AnimationMediaMetrics {
  return {
    stageSeconds: new Histogram({
      name: 'pressroom_animation_stage_seconds',
      help: 'Duration of each media-worker stage of an animated file, by output (mp4, gif, html5).',
      labelNames: ['stage', 'output'],
      buckets: RENDER_BUCKETS,
      registers: [registry],
    }),
    failures: counterFromZero(registry, {
      name: 'pressroom_animation_encode_failures_total',
      help: 'Failed encode attempts of animated files by class.',
      labels: { class: ENCODE_FAILURE_CLASSES },
    }),
  };
}
