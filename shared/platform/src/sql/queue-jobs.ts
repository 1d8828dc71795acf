import type { Queryable } from '../db/pool.js';

/**
 * One aggregate over graphile-worker's jobs, every known task listed (zero included, so a scaler
 * reads 0 rather than no series). States: `running` is locked by a worker; `waiting` could run
 * now; `scheduled` waits for its run_at (a retry's backoff); `failed` spent its attempts.
 */
const QUERY = `
SELECT t.identifier AS task,
       count(j.id) FILTER (WHERE j.locked_at IS NULL AND j.attempts < j.max_attempts AND j.run_at <= now())::int AS waiting,
       count(j.id) FILTER (WHERE j.locked_at IS NULL AND j.attempts < j.max_attempts AND j.run_at > now())::int AS scheduled,
       count(j.id) FILTER (WHERE j.locked_at IS NOT NULL)::int AS running,
       count(j.id) FILTER (WHERE j.locked_at IS NULL AND j.attempts >= j.max_attempts)::int AS failed
  FROM graphile_worker._private_tasks t
  LEFT JOIN graphile_worker._private_jobs j ON j.task_id = t.id
 GROUP BY t.identifier`;

/** One row per known task: its job counts by state (`QUEUE_JOB_STATES` in metrics/queue-jobs.ts). */
export async function selectQueueJobCounts(
  db: Queryable,
): Promise<{ task: string; waiting: number; scheduled: number; running: number; failed: number }[]> {
  const { rows } = await db.query<{ task: string; waiting: number; scheduled: number; running: number; failed: number }>(QUERY);
  return rows;
}

/**
 * Jobs by graphile-worker priority (lower runs first) and state: the depth of each priority
 * class's queue (sync renders, async work, bulk runs; metrics/queue-jobs.ts names them).
 */
export async function selectQueueJobsByPriority(
  db: Queryable,
): Promise<{ priority: number; waiting: number; scheduled: number; running: number; failed: number }[]> {
  const { rows } = await db.query<{ priority: number; waiting: number; scheduled: number; running: number; failed: number }>(
    `SELECT j.priority,
            count(*) FILTER (WHERE j.locked_at IS NULL AND j.attempts < j.max_attempts AND j.run_at <= now())::int AS waiting,
            count(*) FILTER (WHERE j.locked_at IS NULL AND j.attempts < j.max_attempts AND j.run_at > now())::int AS scheduled,
            count(*) FILTER (WHERE j.locked_at IS NOT NULL)::int AS running,
            count(*) FILTER (WHERE j.locked_at IS NULL AND j.attempts >= j.max_attempts)::int AS failed
       FROM graphile_worker._private_jobs j GROUP BY j.priority`,
  );
  return rows;
}
