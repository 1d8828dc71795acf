import type { Queryable } from '../db/pool.js';
import { type GenerationRequestRow, purgeRequestsBefore } from '../sql/generation-requests.js';

/** Spec: a finalised request is kept 7 days, then answers 410 generation_request_gone. */
export const RETENTION_MS = 7 * 24 * 3600 * 1000;

export type RequestState = 'in_progress' | 'finalized' | 'gone';

/** Pure: how a poll answers (202, 200 or 410). */
export function requestState(
  row: Pick<GenerationRequestRow, 'is_finalized' | 'finalized_at' | 'created_at' | 'purged_at'>,
  now: Date,
): RequestState {
  if (row.purged_at) return 'gone';
  const since = row.finalized_at ?? row.created_at;
  if (now.getTime() - since.getTime() > RETENTION_MS) return 'gone';
  return row.is_finalized ? 'finalized' : 'in_progress';
}

/** The retention sweep of generation requests: 7 days after they finalised (or were made). */
export async function purgeExpiredRequests(db: Queryable, now: Date = new Date()): Promise<number> {
  return purgeRequestsBefore(db, now, RETENTION_MS);
}
