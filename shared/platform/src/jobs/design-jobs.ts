import { z } from 'zod';
import type { Queryable } from '../db/pool.js';

/**
 * Job contracts of the design jobs (version 1): the control plane enqueues them, the render
 * worker parses them at the job boundary (payloads are `unknown` until then). Contracts change
 * only by adding optional fields.
 */
export const DESIGN_IMPORT_TASK = 'design_import';
export const DESIGN_DUPLICATE_TASK = 'design_duplicate';
/** The previews of a design's version, after a change of its document (PUT, restore). */
export const DESIGN_PREVIEWS_TASK = 'design_previews';

export const designImportPayload = z.looseObject({ v: z.literal(1), import_id: z.uuid() });
export const designDuplicatePayload = z.looseObject({ v: z.literal(1), duplication_request_id: z.uuid() });
export const designPreviewsPayload = z.looseObject({ v: z.literal(1), design_id: z.uuid(), version: z.number().int().min(1) });

export type DesignImportPayload = z.output<typeof designImportPayload>;
export type DesignDuplicatePayload = z.output<typeof designDuplicatePayload>;
export type DesignPreviewsPayload = z.output<typeof designPreviewsPayload>;

declare global {
  namespace GraphileWorker {
    interface Tasks {
      design_import: DesignImportPayload;
      design_duplicate: DesignDuplicatePayload;
      design_previews: DesignPreviewsPayload;
    }
  }
}

/** Enqueued on the caller's client, so a job exists exactly when the row that asks for it commits. */
export async function addDesignImportJob(client: Queryable, importId: string): Promise<void> {
  const payload: DesignImportPayload = { v: 1, import_id: importId };
  await client.query(`SELECT graphile_worker.add_job($1, $2::json, max_attempts => 3, job_key => $3)`, [
    DESIGN_IMPORT_TASK,
    JSON.stringify(payload),
    `${DESIGN_IMPORT_TASK}:${importId}`,
  ]);
}

export async function addDesignDuplicateJob(client: Queryable, requestId: string): Promise<void> {
  const payload: DesignDuplicatePayload = { v: 1, duplication_request_id: requestId };
  await client.query(`SELECT graphile_worker.add_job($1, $2::json, max_attempts => 3, job_key => $3)`, [
    DESIGN_DUPLICATE_TASK,
    JSON.stringify(payload),
    `${DESIGN_DUPLICATE_TASK}:${requestId}`,
  ]);
}

/**
 * One pending previews job per design: a later change replaces a job not started yet (job_key),
 * and a job for a version that is no longer current draws nothing.
 */
export async function addDesignPreviewsJob(client: Queryable, designId: string, version: number): Promise<void> {
  const payload: DesignPreviewsPayload = { v: 1, design_id: designId, version };
  await client.query(`SELECT graphile_worker.add_job($1, $2::json, max_attempts => 3, job_key => $3)`, [
    DESIGN_PREVIEWS_TASK,
    JSON.stringify(payload),
    `${DESIGN_PREVIEWS_TASK}:${designId}`,
  ]);
}
