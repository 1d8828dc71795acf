import type { Queryable } from '../db/pool.js';

/** One execution's hold on its graphile-worker job: the job, the pool that locked it, and which attempt this is. */
export interface JobLease {
  jobId: string;
  lockedBy: string;
  attempts: number;
}

/**
 * True when the job is still locked by this execution (same pool, same attempt). Inside a
 * transaction the row stays share-locked until commit, so `force_unlock_workers` (an UPDATE of
 * the row) waits for the result to commit, and a result that committed first is found by the next
 * owner. A job another worker completed is gone, one it took has another `locked_by`, one merely
 * unlocked has none: all three answer false.
 */
export async function holdsJobLease(db: Queryable, lease: JobLease): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM graphile_worker._private_jobs WHERE id = $1::bigint AND locked_by = $2 AND attempts = $3 FOR SHARE`,
    [lease.jobId, lease.lockedBy, lease.attempts],
  );
  return rows.length > 0;
}
