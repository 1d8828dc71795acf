import type { FileJobOwner } from '@pressroom/model';
import type pg from 'pg';
import type { Queryable } from '../db/pool.js';
import { hasFileOutcome, notifyGeneration } from '../sql/generation-requests.js';
import type { ObjectStorage } from '../storage/storage.js';
import { INVALID_JOB_PAYLOAD_REASON } from '../worker/job-task.js';
import { recordOutcome } from './record-outcome.js';

/**
 * True when one file of a request already has its outcome (a banner, an error, or a finalized
 * request, which is how a file stored without a Banner row ends): a job that runs again after a
 * kill re-notifies the waiters and does nothing else.
 */
export async function fileOutcomeExists(db: Queryable, requestId: string, formatName: string): Promise<boolean> {
  if (!(await hasFileOutcome(db, requestId, formatName))) return false;
  await notifyGeneration(db, requestId);
  return true;
}

/**
 * Ends one file whose job could not be read (its payload broke its contract) as any file the farm
 * could not produce ends: an internal_server_error outcome, its credit refunded, the request
 * finalised and announced once it is complete, its waiters woken.
 */
export async function recordInvalidFileJob(pool: pg.Pool, storage: ObjectStorage, owner: FileJobOwner): Promise<void> {
  await recordOutcome(
    pool,
    owner.generation_request_id,
    { kind: 'error', formatName: owner.format_name, errorId: 'internal_server_error', reason: INVALID_JOB_PAYLOAD_REASON },
    storage,
  );
}
