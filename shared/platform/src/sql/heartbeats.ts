import type { Queryable } from '../db/pool.js';

/** Inserts or refreshes the heartbeat of each worker id (last_seen now, capabilities replaced). */
export async function upsertHeartbeats(
  db: Queryable,
  beat: { workerIds: string[]; role: string; host: string; pid: number; capabilities: unknown },
): Promise<void> {
  await db.query(
    `INSERT INTO worker_heartbeats (worker_id, role, host, pid, capabilities) SELECT unnest($1::text[]), $2, $3, $4, $5::jsonb
     ON CONFLICT (worker_id) DO UPDATE SET last_seen = now(), capabilities = EXCLUDED.capabilities`,
    [beat.workerIds, beat.role, beat.host, beat.pid, beat.capabilities === null ? null : JSON.stringify(beat.capabilities)],
  );
}

/** The capabilities of each live process (host, pid) of a role: its latest beat within the window. */
export async function selectLiveCapabilities(db: Queryable, role: string, staleAfterMs: number): Promise<unknown[]> {
  const { rows } = await db.query<{ capabilities: unknown }>(
    `SELECT DISTINCT ON (host, pid) capabilities FROM worker_heartbeats
     WHERE role = $1 AND last_seen >= now() - make_interval(secs => $2::double precision / 1000)
     ORDER BY host, pid, last_seen DESC`,
    [role, staleAfterMs],
  );
  return rows.map((r) => r.capabilities);
}

export async function deleteHeartbeats(db: Queryable, workerIds: string[]): Promise<void> {
  await db.query('DELETE FROM worker_heartbeats WHERE worker_id = ANY($1::text[])', [workerIds]);
}

/** Deletes the heartbeats older than the window and returns their worker ids: one sweeper claims each. */
export async function deleteStaleHeartbeats(db: Queryable, staleAfterMs: number): Promise<string[]> {
  const { rows } = await db.query<{ worker_id: string }>(
    `DELETE FROM worker_heartbeats WHERE last_seen < now() - make_interval(secs => $1::double precision / 1000) RETURNING worker_id`,
    [staleAfterMs],
  );
  return rows.map((r) => r.worker_id);
}

/** Releases the jobs these graphile-worker ids hold, so they run again elsewhere. */
export async function forceUnlockWorkers(db: Queryable, workerIds: string[]): Promise<void> {
  await db.query('SELECT graphile_worker.force_unlock_workers($1::text[])', [workerIds]);
}
