import type { Queryable } from '../db/pool.js';

export interface RateWindowCountRow {
  bucket: string;
  count: number;
  /** Unix seconds at which the window rolls over (bigint text). */
  reset_at: string;
  /** The database clock, Unix seconds (numeric text). */
  now: string;
}

/**
 * Counts one request in the current clock-aligned window of every bucket at once, atomically,
 * and returns the new counts. Window starts come from the database clock so that every
 * control-plane instance agrees on them.
 */
export async function countRateWindows(
  db: Queryable,
  workspaceId: string,
  buckets: readonly { bucket: string; seconds: number }[],
): Promise<RateWindowCountRow[]> {
  const { rows } = await db.query<RateWindowCountRow>(
    `WITH w AS (
       SELECT b.bucket, b.seconds,
              to_timestamp(floor(extract(epoch FROM now()) / b.seconds) * b.seconds) AS window_start
         FROM unnest($2::text[], $3::int[]) AS b(bucket, seconds))
     INSERT INTO rate_limit_counters AS c (workspace_id, bucket, window_start, count)
     SELECT $1, w.bucket, w.window_start, 1 FROM w
     ON CONFLICT (workspace_id, bucket, window_start) DO UPDATE SET count = c.count + 1
     RETURNING c.bucket, c.count,
               extract(epoch FROM c.window_start)::bigint
                 + (SELECT seconds FROM unnest($2::text[], $3::int[]) AS b(bucket, seconds) WHERE b.bucket = c.bucket) AS reset_at,
               extract(epoch FROM now()) AS now`,
    [workspaceId, buckets.map((b) => b.bucket), buckets.map((b) => b.seconds)],
  );
  return rows;
}

/** Deletes windows older than two hours; returns how many. */
export async function deleteOldRateWindows(db: Queryable): Promise<number> {
  const { rowCount } = await db.query(`DELETE FROM rate_limit_counters WHERE window_start < now() - interval '2 hours'`);
  return rowCount ?? 0;
}
