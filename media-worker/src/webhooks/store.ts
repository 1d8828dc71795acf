import type { DeactivationReason, Outcome } from '@pressroom/model';
import {
  addDeliveryJob,
  type DeliveryAttemptInput,
  type DeliveryToSend,
  deactivateSubscription,
  insertDeliveryAttempt,
  markDeliveryDropped,
  type Queryable,
  selectDeliveryToSend,
  updateDeliveryAfterAttempt,
} from '@pressroom/platform';
import type pg from 'pg';

export async function loadDelivery(db: Queryable, id: string): Promise<DeliveryToSend | undefined> {
  return selectDeliveryToSend(db, id);
}

export interface AttemptRecord extends DeliveryAttemptInput {
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
  if (!(await insertDeliveryAttempt(client, r))) return false;
  await updateDeliveryAfterAttempt(client, r.deliveryRowId, {
    attempt: r.attempt,
    status: FINAL_STATUS[r.outcome],
    nextAttemptAt: r.next?.runAt ?? null,
  });
  if (r.outcome === 'deactivate' && r.subscriptionId) await deactivateSubscription(client, r.subscriptionId, r.deactivationReason);
  if (r.next) await addDeliveryJob(client, { v: 1, delivery: r.deliveryRowId, attempt: r.next.attempt }, r.next.runAt);
  return true;
}

/** A delivery whose subscription was deactivated meanwhile is dropped without an attempt. */
export async function dropDelivery(db: Queryable, id: string): Promise<void> {
  await markDeliveryDropped(db, id);
}
