import { z } from 'zod';
import { HTML5_MAX_LOOPS } from '../animation/delivery.js';
import { AD_NETWORKS } from '../generation/vendor-options.js';
import { ANIMATED_FILE_TYPES } from '../output-formats/index.js';
import { renderStaticPayloadSchema } from './render-static.js';

/**
 * The job graph of one animated file (see docs/animation.md):
 *
 *   animation_frames × ranges (render pool) ─┐
 *   animation_html5 × 1       (render pool) ─┴→ animation_encode (media pool) → Banner
 *
 * Each part is stored under the file's intermediate prefix and recorded in `animation_parts`;
 * the part that completes the set enqueues the encode under a job key, once.
 */
export const ANIMATION_FRAMES = 'animation_frames';
export const ANIMATION_HTML5 = 'animation_html5';
export const ANIMATION_ENCODE = 'animation_encode';

/** What every job of one animated file carries: the static payload's fields, another file type. */
export const animatedFileSchema = renderStaticPayloadSchema.extend({
  file_type: z.enum(ANIMATED_FILE_TYPES),
  /** Frames per second of the captured frames. */
  fps: z.number().positive(),
  /** Frames of the whole video (0 for html5). */
  frames: z.number().int().nonnegative(),
  /** How many parts the encode waits for. */
  parts: z.number().int().positive(),
  /**
   * The request's delivery options (docs/animation.md), checked by the control plane. Added
   * after v1 shipped: a job enqueued before it has none, and is delivered with the defaults.
   */
  delivery: z
    .object({
      click_url: z.string().nullable(),
      loop_count: z.number().int().min(1).max(HTML5_MAX_LOOPS).nullable(),
      gif_max_width: z.number().int().positive().nullable(),
      /** The vendor's `gif.repeat`: -1 forever (the default), 0 once, N repeats. */
      gif_repeat: z.number().int().min(-1).max(65535).nullable().optional(),
      /** The vendor's `html5.page_title`; absent: the design's name. */
      html5_title: z.string().min(1).nullable().optional(),
      /** The vendor's `html5.include_backup_image`; false: no backup image inside the zip. */
      html5_backup: z.boolean().nullable().optional(),
      /** The vendor's `html5.ad_network`: the zip is held to that network's size limit. */
      html5_ad_network: z.enum(AD_NETWORKS).nullable().optional(),
    })
    .default({ click_url: null, loop_count: null, gif_max_width: null }),
});
export type AnimatedFilePayload = z.output<typeof animatedFileSchema>;

export const animationFramesSchema = animatedFileSchema.extend({
  /** This job's frames: [start, end), and its position among the parts. */
  range: z.object({ index: z.number().int().nonnegative(), start: z.number().int().nonnegative(), end: z.number().int().positive() }),
});
export type AnimationFramesPayload = z.output<typeof animationFramesSchema>;
