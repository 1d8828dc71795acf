import type { Outcome, TargetKind } from '@pressroom/model';
import type { Queryable } from '../db/pool.js';

/** A new pending delivery of an event to one target, due now; returns its row id. */
export async function insertWebhookDelivery(
  db: Queryable,
  d: {
    deliveryId: string;
    eventId: string;
    workspaceId: string;
    targetKind: TargetKind;
    subscriptionId: string | null;
    url: string;
    schedule: 'standard' | 'export';
  },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO webhook_deliveries (delivery_id, event_id, workspace_id, target_kind, subscription_id, url, schedule, next_attempt_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now()) RETURNING id`,
    [d.deliveryId, d.eventId, d.workspaceId, d.targetKind, d.subscriptionId, d.url, d.schedule],
  );
  return rows[0]!.id;
}

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

/** A workspace's deliveries, newest first, each with every attempt; optionally only those about one generation request. */
export async function selectDeliveries(
  db: Queryable,
  workspaceId: string,
  page: { limit: number; offset: number; generationRequestId: string | null },
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
    [workspaceId, page.limit, page.generationRequestId, page.offset],
  );
  return rows.map(({ created_at: _c, ...r }) => r);
}

/**
 * Makes a delivery pending and due now, by row id or by public 64-hex delivery id (`byDeliveryId`),
 * scoped to `workspaceId` when given; returns its ids and the attempts made so far.
 */
export async function reopenDelivery(
  db: Queryable,
  id: string,
  workspaceId: string | null,
  byDeliveryId: boolean,
): Promise<{ id: string; delivery_id: string; attempts: number } | undefined> {
  const column = byDeliveryId ? 'delivery_id' : 'id::text';
  const { rows } = await db.query<{ id: string; delivery_id: string; attempts: number }>(
    `UPDATE webhook_deliveries SET status = 'pending', finished_at = NULL, next_attempt_at = now()
      WHERE ${column} = $1 AND ($2::uuid IS NULL OR workspace_id = $2::uuid) RETURNING id, delivery_id, attempts`,
    [id, workspaceId],
  );
  return rows[0];
}

export interface DeliveryToSend {
  id: string;
  delivery_id: string;
  workspace_id: string;
  target_kind: TargetKind;
  subscription_id: string | null;
  /** null for callbacks; false once the subscription was deactivated or removed. */
  subscription_active: boolean | null;
  url: string;
  schedule: 'standard' | 'export';
  status: string;
  attempts: number;
  payload: unknown;
}

/** A delivery with its event's payload and its subscription's state. */
export async function selectDeliveryToSend(db: Queryable, id: string): Promise<DeliveryToSend | undefined> {
  const { rows } = await db.query<DeliveryToSend>(
    `SELECT d.id, d.delivery_id, d.workspace_id, d.target_kind, d.subscription_id, s.active AS subscription_active, d.url,
            d.schedule, d.status, d.attempts, e.payload
       FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
       LEFT JOIN webhook_subscriptions s ON s.id = d.subscription_id
      WHERE d.id = $1`,
    [id],
  );
  return rows[0];
}

/** One attempt of one delivery, as recorded. */
export interface DeliveryAttemptInput {
  deliveryRowId: string;
  attempt: number;
  attemptedAt: Date;
  statusCode: number | null;
  reason: string;
  outcome: Outcome;
  durationMs: number;
  signed: boolean;
  manual: boolean;
}

/** Records one attempt; false when it was recorded already (a re-run raced us). */
export async function insertDeliveryAttempt(db: Queryable, a: DeliveryAttemptInput): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO webhook_delivery_attempts (delivery_row_id, attempt, attempted_at, status_code, reason, outcome, duration_ms, signed, manual)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING`,
    [a.deliveryRowId, a.attempt, a.attemptedAt, a.statusCode, a.reason, a.outcome, a.durationMs, a.signed, a.manual],
  );
  return (rowCount ?? 0) > 0;
}

/** Moves a delivery after an attempt: its status, attempts so far and next due time (finished unless pending). */
export async function updateDeliveryAfterAttempt(
  db: Queryable,
  id: string,
  u: { attempt: number; status: string; nextAttemptAt: Date | null },
): Promise<void> {
  await db.query(
    `UPDATE webhook_deliveries SET attempts = greatest(attempts, $2), status = $3, next_attempt_at = $4,
            finished_at = CASE WHEN $3 = 'pending' THEN NULL ELSE now() END
      WHERE id = $1`,
    [id, u.attempt, u.status, u.nextAttemptAt],
  );
}

/** A pending delivery ends dropped, with no attempt. */
export async function markDeliveryDropped(db: Queryable, id: string): Promise<void> {
  await db.query(
    `UPDATE webhook_deliveries SET status = 'dropped', finished_at = now(), next_attempt_at = NULL WHERE id = $1 AND status = 'pending'`,
    [id],
  );
}
