import { hostname } from 'node:os';
import type { Queryable } from '../db/pool.js';

/**
 * Heartbeat and stale window: recovery after a kill -9 takes at most about stale + interval (the
 * sweep runs on every beat) plus a poll, so about 10 s; each worker pays two small queries per
 * beat (1 query/s). The window is four beats, so a live worker is declared dead only after missing
 * four in a row. See docs/operations.md, "Dead workers".
 */
export const DEFAULT_HEARTBEAT_INTERVAL_MS = 2_000;
export const DEFAULT_STALE_AFTER_MS = 8_000;

/** Records that these workers are alive, with what their process can do (null: nothing to advertise). */
export async function beat(db: Queryable, workerIds: string[], role: string, capabilities: unknown = null): Promise<void> {
  if (workerIds.length === 0) return;
  await db.query(
    `INSERT INTO worker_heartbeats (worker_id, role, host, pid, capabilities) SELECT unnest($1::text[]), $2, $3, $4, $5::jsonb
     ON CONFLICT (worker_id) DO UPDATE SET last_seen = now(), capabilities = EXCLUDED.capabilities`,
    [workerIds, role, hostname(), process.pid, capabilities === null ? null : JSON.stringify(capabilities)],
  );
}

/**
 * The advertised capabilities of each live process of a role (one entry per process, whatever
 * its number of job runner pools): those that beat within the stale window.
 */
export async function liveCapabilities(db: Queryable, role: string, staleAfterMs: number): Promise<unknown[]> {
  const { rows } = await db.query<{ capabilities: unknown }>(
    `SELECT DISTINCT ON (host, pid) capabilities FROM worker_heartbeats
     WHERE role = $1 AND last_seen >= now() - make_interval(secs => $2::double precision / 1000)
     ORDER BY host, pid, last_seen DESC`,
    [role, staleAfterMs],
  );
  return rows.map((r) => r.capabilities);
}

export async function forget(db: Queryable, workerIds: string[]): Promise<void> {
  if (workerIds.length > 0) await db.query('DELETE FROM worker_heartbeats WHERE worker_id = ANY($1::text[])', [workerIds]);
}

/**
 * Claims the workers that stopped beating and releases their jobs in one transaction-free
 * step: the DELETE … RETURNING makes exactly one sweeper responsible for each dead worker.
 */
export async function unlockDeadWorkers(db: Queryable, staleAfterMs: number): Promise<string[]> {
  const { rows } = await db.query<{ worker_id: string }>(
    `DELETE FROM worker_heartbeats WHERE last_seen < now() - make_interval(secs => $1::double precision / 1000) RETURNING worker_id`,
    [staleAfterMs],
  );
  const dead = rows.map((r) => r.worker_id);
  if (dead.length > 0) await db.query('SELECT graphile_worker.force_unlock_workers($1::text[])', [dead]);
  return dead;
}

/** Releases the jobs of workers this process knows are gone (a job runner that died) and forgets them. */
export async function releaseWorkers(db: Queryable, workerIds: string[]): Promise<void> {
  if (workerIds.length === 0) return;
  await db.query('SELECT graphile_worker.force_unlock_workers($1::text[])', [workerIds]);
  await forget(db, workerIds);
}
