import { hostname } from 'node:os';
import { parseWorkerCapabilities, type WorkerCapabilities } from '@pressroom/model';
import type { Queryable } from '../db/pool.js';
import {
  deleteHeartbeats,
  deleteStaleHeartbeats,
  forceUnlockWorkers,
  selectLiveCapabilities,
  upsertHeartbeats,
} from '../sql/heartbeats.js';

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
  await upsertHeartbeats(db, { workerIds, role, host: hostname(), pid: process.pid, capabilities });
}

/**
 * The advertised capabilities of each live process of a role (one entry per process, whatever
 * its number of job runner pools): those that beat within the stale window.
 */
export async function liveCapabilities(db: Queryable, role: string, staleAfterMs: number): Promise<unknown[]> {
  return selectLiveCapabilities(db, role, staleAfterMs);
}

/**
 * What each live render-worker process advertises (`GET /capabilities`, and the submit check of
 * `print.color_profile`); null for a record this reader cannot read.
 */
export async function liveRenderWorkers(db: Queryable, staleAfterMs: number): Promise<(WorkerCapabilities | null)[]> {
  return (await liveCapabilities(db, 'render-worker', staleAfterMs)).map(parseWorkerCapabilities);
}

export async function forget(db: Queryable, workerIds: string[]): Promise<void> {
  if (workerIds.length > 0) await deleteHeartbeats(db, workerIds);
}

/**
 * Claims the workers that stopped beating and releases their jobs in one transaction-free
 * step: the DELETE … RETURNING makes exactly one sweeper responsible for each dead worker.
 */
export async function unlockDeadWorkers(db: Queryable, staleAfterMs: number): Promise<string[]> {
  const dead = await deleteStaleHeartbeats(db, staleAfterMs);
  if (dead.length > 0) await forceUnlockWorkers(db, dead);
  return dead;
}

/** Releases the jobs of workers this process knows are gone (a job runner that died) and forgets them. */
export async function releaseWorkers(db: Queryable, workerIds: string[]): Promise<void> {
  if (workerIds.length === 0) return;
  await forceUnlockWorkers(db, workerIds);
  await forget(db, workerIds);
}
