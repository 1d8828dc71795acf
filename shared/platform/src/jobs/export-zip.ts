import { z } from 'zod';
import type { Queryable } from '../db/pool.js';

/** Task identifier of one ZIP export (media worker). */
export const EXPORT_ZIP_TASK = 'export_zip';

/**
 * Version 1 of the payload. Everything else (the files, the callback) is read from the export
 * row, so a re-run after a killed worker packs the same archive again. Contracts change only by
 * adding optional fields.
 */
export const exportZipPayloadSchema = z.looseObject({ v: z.literal(1), export_id: z.uuid() });
export type ExportZipPayload = z.output<typeof exportZipPayloadSchema>;

declare global {
  namespace GraphileWorker {
    interface Tasks {
      export_zip: ExportZipPayload;
    }
  }
}

/** Three attempts ride out a worker killed mid-archive without looping on a poisoned export. */
export const EXPORT_MAX_ATTEMPTS = 3;

/** Enqueued on the caller's client: the job exists exactly when the export row commits. */
export async function addExportZipJob(client: Queryable, exportId: string): Promise<void> {
  const payload: ExportZipPayload = { v: 1, export_id: exportId };
  await client.query('SELECT graphile_worker.add_job($1, $2::json, max_attempts => $3, job_key => $4)', [
    EXPORT_ZIP_TASK,
    JSON.stringify(payload),
    EXPORT_MAX_ATTEMPTS,
    `${EXPORT_ZIP_TASK}:${exportId}`,
  ]);
}
