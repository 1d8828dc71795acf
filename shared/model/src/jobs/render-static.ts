import { z } from 'zod';
import { STATIC_FILE_TYPES } from '../output-formats/index.js';
import { normalisedOverridesSchema } from './overrides.js';

/** Task identifier of one static render: one job renders one file of one generation request. */
export const RENDER_STATIC = 'render_static';

/** Largest `output_width` a job may ask for. */
export const OUTPUT_WIDTH_MAX = 4000;

/** `sync` jobs are someone's open HTTP request; they jump ahead of `async` work. */
export const PRIORITY_CLASSES = ['sync', 'async'] as const;
export type PriorityClass = (typeof PRIORITY_CLASSES)[number];

/**
 * graphile-worker runs LOWER numbers first. Async work keeps the default 0 so other queues
 * (webhooks, media) are not starved by a flood of batch renders.
 */
export const JOB_PRIORITY: Record<PriorityClass, number> = { sync: -10, async: 0 };

/**
 * Version 1 of the payload. Contracts change only by adding optional fields, so a worker that
 * is one release behind still parses what a newer control plane enqueues (extra keys pass).
 */
export const renderStaticPayloadSchema = z.looseObject({
  v: z.literal(1),
  generation_request_id: z.uuid(),
  /** Chosen when the request is accepted: the storage key and the banner row share it, so a
   * re-run after a killed worker overwrites the same object and inserts nothing twice. */
  banner_id: z.uuid(),
  workspace_id: z.uuid(),
  design_id: z.uuid(),
  format_name: z.string().min(1),
  file_type: z.enum(STATIC_FILE_TYPES),
  /** As the control plane's override parser normalised them (colours parsed); checked again here. */
  overrides: normalisedOverridesSchema,
  priority: z.enum(PRIORITY_CLASSES),
  /** When the request was accepted (ms since epoch): the queue-wait metric starts here. */
  enqueued_at: z.number().int().nonnegative(),
  /** `original_visual_id` of the request: the new banner's version follows that one's. */
  original_banner_id: z.uuid().nullable().optional(),
  /** Scale the encoded file down to at most this width in pixels, aspect kept, never enlarged
   * (dynamic image thumbnails). Absent or null: the format's own size. */
  output_width: z.number().int().min(1).max(OUTPUT_WIDTH_MAX).nullable().optional(),
  /** Store the encoded file at this key (under the job's workspace) and record NO Banner: the
   * generation request is finalised instead, which wakes the waiting control plane. Only for a
   * request of one file (production-mode dynamic images). Absent or null: a Banner, as always. */
  output_key: z.string().min(1).nullable().optional(),
  /** The vendor's `file_compression_level`, 1–100, higher is better (docs/generation.md): the
   * encoder's quality (jpeg, webp, avif), zlib effort (png); on animated files x264's CRF (mp4),
   * the palette size (gif), the backup image's quality (html5). Absent or null: the defaults. */
  quality: z.number().int().min(1).max(100).nullable().optional(),
  /** The bulk run the file belongs to (docs/bulk.md): its job waits behind interactive work
   * (`BULK_JOB_PRIORITY`). Absent or null: no bulk run. */
  bulk_run_id: z.uuid().nullable().optional(),
  /** The stem of the file's name (a bulk row's `_file_name`), in place of the design's naming
   * scheme; the extension follows the file type. Absent or null: the naming scheme. */
  file_name: z.string().min(1).max(200).nullable().optional(),
});

export type RenderStaticPayload = z.output<typeof renderStaticPayloadSchema>;
