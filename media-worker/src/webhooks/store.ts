import type { DeactivationReason, Outcome, TargetKind } from '@pressroom/model';
import type { Queryable } from '@pressroom/platform';
import { addDeliveryJob } from '@pressroom/platform';
import type pg from 'pg';

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

export async function loadDelivery(db: Queryable, id: string): Promise<DeliveryToSend | undefined> {
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

export interface AttemptRecord {
  deliveryRowId: string;
  attempt: number;
  attemptedAt: Date;
  statusCode: number | null;
  reason: string;
  outcome: Outcome;
  durationMs: number;
  signed: boolean;
  manual: boolean;
  subscriptionId: string | null;
  deactivationReason: DeactivationReason | null;
  /** Set when outcome is `retry`. */
  next: { attempt: number; runAt: Date } | null;
}

const FINAL_STATUS: Record<Outcome, string> = { ack: 'delivered', retry: 'pending', deactivate: 'deactivated', drop: 'dropped' };

/**
 * Records one attempt, moves the delivery, deactivates the subscription and schedules the next
 * attempt, all in one transaction: after a crash either all of it happened or none of it did.
 * Returns false when this attempt was already recorded (a re-run raced us); nothing changes then.
 */
export async function recordAttempt(client: pg.PoolClient, r: AttemptRecord): Promise<boolean> {
  const inserted = await client.query(
    `INSERT INTO webhook_delivery_attempts (delivery_row_id, attempt, attempted_at, status_code, reason, outcome, duration_ms, signed, manual)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING`,
    [r.deliveryRowId, r.attempt, r.attemptedAt, r.statusCode, r.reason, r.outcome, r.durationMs, r.signed, r.manual],
  );
  if (inserted.rowCount === 0) return false;
  await client.query(
    `UPDATE webhook_deliveries SET attempts = greatest(attempts, $2), status = $3, next_attempt_at = $4,
            finished_at = CASE WHEN $3 = 'pending' THEN NULL ELSE now() END
      WHERE id = $1`,
    [r.deliveryRowId, r.attempt, FINAL_STATUS[r.outcome], r.next?.runAt ?? null],
  );
  if (r.outcome === 'deactivate' && r.subscriptionId) {
    await client.query(
      `UPDATE webhook_subscriptions SET active = false, deactivated_at = now(), deactivation_reason = $2 WHERE id = $1 AND active`,
      [r.subscriptionId, r.deactivationReason],
    );
  }
  if (r.next) await addDeliveryJob(client, { v: 1, delivery: r.deliveryRowId, attempt: r.next.attempt }, r.next.runAt);
  return true;
}

/** A delivery whose subscription was deactivated meanwhile is dropped without an attempt. */
export async function dropDelivery(db: Queryable, id: string): Promise<void> {
  await db.query(
    `UPDATE webhook_deliveries SET status = 'dropped', finished_at = now(), next_attempt_at = NULL WHERE id = $1 AND status = 'pending'`,
    [id],
  );
}
