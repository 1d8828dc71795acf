import { z } from 'zod';
import type { Queryable } from '../db/pool.js';

/**
 * Job contracts of the design jobs (version 1): the control plane enqueues them, the render
 * worker parses them at the job boundary (payloads are `unknown` until then). Contracts change
 * only by adding optional fields.
 */
export const DESIGN_IMPORT_TASK = 'design_import';
export const DESIGN_DUPLICATE_TASK = 'design_duplicate';

export const designImportPayload = z.looseObject({ v: z.literal(1), import_id: z.uuid() });
export const designDuplicatePayload = z.looseObject({ v: z.literal(1), duplication_request_id: z.uuid() });

export type DesignImportPayload = z.output<typeof designImportPayload>;
export type DesignDuplicatePayload = z.output<typeof designDuplicatePayload>;

declare global {
  namespace GraphileWorker {
    interface Tasks {
      design_import: DesignImportPayload;
      design_duplicate: DesignDuplicatePayload;
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
