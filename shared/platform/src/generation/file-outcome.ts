import type { Queryable } from '../db/pool.js';
import { hasFileOutcome, notifyGeneration } from '../sql/generation-requests.js';

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
