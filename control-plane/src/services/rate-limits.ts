import { countRateWindows, deleteOldRateWindows, type Queryable } from '@pressroom/platform';

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
  const rows = await countRateWindows(db, workspaceId, budgets);
  return budgets.map((b) => {
    const row = rows.find((r) => r.bucket === b.bucket)!;
    return { ...b, count: row.count, resetAt: Number(row.reset_at), now: Number(row.now) };
  });
}

/** Old windows are dead weight; any instance may sweep them. */
export async function sweepRateLimitWindows(db: Queryable): Promise<number> {
  return deleteOldRateWindows(db);
}
