import { JOB_PRIORITY, PRIORITY_CLASSES, renderStaticPayloadSchema } from '@pressroom/model';
import { z } from 'zod';
import type { Queryable } from '../db/pool.js';
import { RENDER_MAX_ATTEMPTS } from './add-job.js';

/** Task identifier of one printable PDF: one job renders one file (a format, or every page of a multipage design). */
export const RENDER_PRINT = 'render_print';

/**
 * The `format_name` a multipage PDF is recorded under: one file per request, and the Banner it
 * becomes carries no `format.id` (docs/print.md).
 */
export const MULTIPAGE_OUTPUT = '';

/** Version 1; contracts change only by adding optional fields. */
export const renderPrintPayloadSchema = z.looseObject({
  v: z.literal(1),
  generation_request_id: z.uuid(),
  /** Chosen at acceptance, so a re-run overwrites the same object and inserts nothing twice. */
  banner_id: z.uuid(),
  workspace_id: z.uuid(),
  design_id: z.uuid(),
  /** The format name (printer designs) or MULTIPAGE_OUTPUT. */
  output_name: z.string(),
  /** In document order: a format name or a page id, with that page's overrides. */
  pages: z.array(z.object({ frame: z.string().min(1), overrides: renderStaticPayloadSchema.shape.overrides })).min(1),
  options: z.object({ crop_marks: z.boolean(), safe_zone: z.boolean() }),
  priority: z.enum(PRIORITY_CLASSES),
  enqueued_at: z.number().int().nonnegative(),
});

export type RenderPrintPayload = z.output<typeof renderPrintPayloadSchema>;

/** Payloads are `unknown` until here: the job boundary. Throws a ZodError on a bad payload. */
export function parseRenderPrintPayload(payload: unknown): RenderPrintPayload {
  return renderPrintPayloadSchema.parse(payload);
}

/** Enqueued on the caller's client: the job exists if and only if the paid request commits. */
export async function addRenderPrintJob(client: Queryable, payload: RenderPrintPayload): Promise<void> {
  await client.query('SELECT graphile_worker.add_job($1, $2::json, priority => $3, max_attempts => $4)', [
    RENDER_PRINT,
    JSON.stringify(payload),
    JOB_PRIORITY[payload.priority],
    RENDER_MAX_ATTEMPTS,
  ]);
}

declare global {
  namespace GraphileWorker {
    interface Tasks {
      render_print: RenderPrintPayload;
    }
  }
}
