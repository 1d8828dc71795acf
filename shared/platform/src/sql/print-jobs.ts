import { RENDER_PRINT } from '@pressroom/model';
import type { Queryable } from '../db/pool.js';

/**
 * Print jobs no worker holds now that carry one of `flags` and still have attempts left (a job
 * waiting for a retry's backoff included), oldest first, at most `limit`.
 */
export async function selectWaitingPrintJobs(
  db: Queryable,
  flags: readonly string[],
  limit: number,
): Promise<{ id: string; payload: unknown; flags: string[] }[]> {
  if (flags.length === 0) return [];
  const { rows } = await db.query<{ id: string; payload: unknown; flags: Record<string, true> }>(
    `SELECT j.id::text AS id, j.payload, j.flags FROM graphile_worker._private_jobs j
       JOIN graphile_worker._private_tasks t ON t.id = j.task_id
      WHERE t.identifier = $1 AND j.locked_at IS NULL AND j.attempts < j.max_attempts AND j.flags ?| $2::text[]
      ORDER BY j.id LIMIT $3`,
    [RENDER_PRINT, flags, limit],
  );
  return rows.map((r) => ({ id: r.id, payload: r.payload, flags: Object.keys(r.flags) }));
}

/**
 * Removes a job unless a worker has taken it meanwhile (it then finds its file's outcome recorded
 * and does nothing), through graphile-worker's own `complete_jobs`, which deletes only unlocked
 * jobs (or locks older than its 4 hours).
 */
export async function deleteWaitingJob(db: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT id FROM graphile_worker.complete_jobs(ARRAY[$1::bigint])', [id]);
  return (rowCount ?? 0) > 0;
}
