import type { Queryable } from '../db/pool.js';

/**
 * The affinity keys of the other live render workers (their heartbeats advertise `warm.key`):
 * what a render worker forbids while it holds back from their affine jobs (worker/affinity.ts).
 */
export async function otherWarmWorkerKeys(db: Queryable, ownKey: string, staleAfterMs: number): Promise<string[]> {
  const { rows } = await db.query<{ key: string }>(
    `SELECT DISTINCT capabilities->'warm'->>'key' AS key FROM worker_heartbeats
      WHERE role = 'render-worker' AND last_seen >= now() - make_interval(secs => $2::double precision / 1000)
        AND capabilities->'warm'->>'key' IS NOT NULL AND capabilities->'warm'->>'key' <> $1`,
    [ownKey, staleAfterMs],
  );
  return rows.map((r) => r.key);
}
