import type { Queryable } from '@pressroom/shared/db/index';

/**
 * Task identifiers and payloads of the design jobs the render worker runs
 * (render-worker/src/imports/contract.ts parses them at the job boundary; keep both in step
 * until the contract moves to shared/src/jobs). Enqueued through SQL on the caller's client so
 * a job exists exactly when the row that asks for it commits.
 */
export const DESIGN_IMPORT_TASK = 'design_import';
export const DESIGN_DUPLICATE_TASK = 'design_duplicate';

export async function addDesignImportJob(client: Queryable, importId: string): Promise<void> {
  await client.query(`SELECT graphile_worker.add_job($1, $2::json, max_attempts => 3, job_key => $3)`, [
    DESIGN_IMPORT_TASK,
    JSON.stringify({ v: 1, import_id: importId }),
    `${DESIGN_IMPORT_TASK}:${importId}`,
  ]);
}

export async function addDesignDuplicateJob(client: Queryable, requestId: string): Promise<void> {
  await client.query(`SELECT graphile_worker.add_job($1, $2::json, max_attempts => 3, job_key => $3)`, [
    DESIGN_DUPLICATE_TASK,
    JSON.stringify({ v: 1, duplication_request_id: requestId }),
    `${DESIGN_DUPLICATE_TASK}:${requestId}`,
  ]);
}
