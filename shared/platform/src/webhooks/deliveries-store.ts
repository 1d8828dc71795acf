import type { Queryable } from '../db/pool.js';
import { addDeliveryJob } from '../sql/jobs.js';

export interface DeliveryAttemptRecord {
  attempt: number;
  attempted_at_ts: number;
  status_code: number | null;
  reason: string;
  outcome: string;
  duration_ms: number;
  signed: boolean;
  manual: boolean;
}

export interface DeliveryRecord {
  id: string;
  delivery_id: string;
  event_id: string;
  event_type: string;
  target_kind: 'subscription' | 'callback';
  subscription_id: string | null;
  url: string;
  status: string;
  attempts: number;
  created_at_ts: number;
  /** The generation request the event is about, when it is about one (NEW_BANNER_BATCH, NEW_BANNER). */
  generation_request_id: string | null;
  attempt_log: DeliveryAttemptRecord[];
}

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
  const { rows } = await db.query<DeliveryRecord & { created_at: Date }>(
    `SELECT * FROM (SELECT d.id, d.delivery_id, d.event_id, e.event_type, d.target_kind, d.subscription_id, d.url, d.status, d.attempts,
            extract(epoch FROM d.created_at)::bigint::int AS created_at_ts, d.created_at,
            coalesce(e.payload->>'generation_request_id',
              (SELECT b.generation_request_id::text FROM banners b WHERE b.id::text = e.payload->>'banner_id')) AS generation_request_id,
            coalesce((SELECT json_agg(json_build_object(
                'attempt', a.attempt, 'attempted_at_ts', extract(epoch FROM a.attempted_at)::bigint, 'status_code', a.status_code,
                'reason', a.reason, 'outcome', a.outcome, 'duration_ms', a.duration_ms, 'signed', a.signed, 'manual', a.manual)
              ORDER BY a.attempt) FROM webhook_delivery_attempts a WHERE a.delivery_row_id = d.id), '[]') AS attempt_log
       FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
      WHERE d.workspace_id = $1) l
      WHERE ($3::text IS NULL OR l.generation_request_id = $3::text)
      ORDER BY l.created_at DESC, l.id LIMIT $2 OFFSET $4`,
    [workspaceId, limit, filters.generationRequestId ?? null, filters.offset ?? 0],
  );
  return rows.map(({ created_at: _c, ...r }) => r);
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
  const column = /^[0-9a-f]{64}$/.test(id) ? 'delivery_id' : 'id::text';
  const { rows } = await db.query<{ id: string; delivery_id: string; attempts: number }>(
    `UPDATE webhook_deliveries SET status = 'pending', finished_at = NULL, next_attempt_at = now()
      WHERE ${column} = $1 AND ($2::uuid IS NULL OR workspace_id = $2::uuid) RETURNING id, delivery_id, attempts`,
    [id, workspaceId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const attempt = row.attempts + 1;
  await addDeliveryJob(db, { v: 1, delivery: row.id, attempt, manual: true });
  return { id: row.id, delivery_id: row.delivery_id, attempt };
}
