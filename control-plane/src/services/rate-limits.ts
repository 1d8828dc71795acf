import type { Queryable } from '@pressroom/platform';

export interface WindowBudget {
  bucket: string;
  /** Window length in seconds: 1, 60 or 3600, aligned to the clock. */
  seconds: 1 | 60 | 3600;
  limit: number;
}

export interface WindowCount extends WindowBudget {
  count: number;
  /** Unix seconds at which the window rolls over. */
  resetAt: number;
  now: number;
}

/**
 * Counts one request in every window at once, atomically, and returns the new counts. The
 * increment is unconditional because a refused request still counts against the budget. Window
 * starts come from the database clock so that every control-plane instance agrees on them.
 */
export async function countRequest(db: Queryable, workspaceId: string, budgets: WindowBudget[]): Promise<WindowCount[]> {
  const { rows } = await db.query<{ bucket: string; count: number; reset_at: string; now: string }>(
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
    [workspaceId, budgets.map((b) => b.bucket), budgets.map((b) => b.seconds)],
  );
  return budgets.map((b) => {
    const row = rows.find((r) => r.bucket === b.bucket)!;
    return { ...b, count: row.count, resetAt: Number(row.reset_at), now: Number(row.now) };
  });
}

/** Old windows are dead weight; any instance may sweep them. */
export async function sweepRateLimitWindows(db: Queryable): Promise<number> {
  const { rowCount } = await db.query(`DELETE FROM rate_limit_counters WHERE window_start < now() - interval '2 hours'`);
  return rowCount ?? 0;
}
