import type { Queryable } from '../db/pool.js';
import { addDeliveryJob } from '../sql/jobs.js';
import { type DeliveryRecord, reopenDelivery, selectDeliveries } from '../sql/webhook-deliveries.js';

export interface DeliveryFilters {
  /** Only the deliveries of events about this generation request. */
  generationRequestId?: string | null;
  offset?: number;
}

/** Every delivery of a workspace, newest first, each with every attempt (status and reason). */
export async function listDeliveries(
  db: Queryable,
  workspaceId: string,
  limit = 100,
  filters: DeliveryFilters = {},
): Promise<DeliveryRecord[]> {
  return selectDeliveries(db, workspaceId, {
    limit,
    offset: filters.offset ?? 0,
    generationRequestId: filters.generationRequestId ?? null,
  });
}

/**
 * Sends a delivery again by hand: one extra attempt with the SAME delivery id (a receiver that
 * already processed it deduplicates), never retried on failure. Accepts either the row id or
 * the public 64-hex delivery id. Returns undefined when there is no such delivery (in `workspaceId`,
 * when given).
 */
export async function redeliver(
  db: Queryable,
  id: string,
  workspaceId: string | null = null,
): Promise<{ id: string; delivery_id: string; attempt: number } | undefined> {
  const row = await reopenDelivery(db, id, workspaceId, /^[0-9a-f]{64}$/.test(id));
  if (!row) return undefined;
  const attempt = row.attempts + 1;
  await addDeliveryJob(db, { v: 1, delivery: row.id, attempt, manual: true });
  return { id: row.id, delivery_id: row.delivery_id, attempt };
}
