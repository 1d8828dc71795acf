import type { EventPayload, EventType } from '@pressroom/model';
import type { Queryable } from '../db/pool.js';
import { addDeliveryJob } from '../sql/jobs.js';
import { deliveryId } from './delivery-id.js';

export interface EnqueueEventInput {
  workspaceId: string;
  /** Must equal `payload.event_type`. */
  eventType: EventType;
  payload: EventPayload;
  /** The per-job `callback_url` of the request that caused the event, if any. */
  callbackUrl?: string | null;
}

export interface EnqueuedEvent {
  eventId: string;
  /** One per target: every matching active subscription, then the callback. */
  deliveries: { id: string; deliveryId: string; targetKind: 'subscription' | 'callback'; url: string }[];
}

/**
 * The outbox. Call it on the SAME client, inside the SAME transaction, as the state change that
 * caused the event: the event, its deliveries and their jobs then exist if and only if that
 * transaction commits, so a crash can neither lose an event nor announce an uncommitted one.
 *
 * Each target gets its own delivery id (docs/webhooks.md: one event fanned out to several subscriptions gets a
 * separate id per subscription). A NEW_EXPORT to a per-job callback uses the export schedule.
 */
export async function enqueueEvent(client: Queryable, input: EnqueueEventInput): Promise<EnqueuedEvent> {
  if (input.payload.event_type !== input.eventType) {
    throw new Error(`eventType ${input.eventType} does not match payload.event_type ${input.payload.event_type}`);
  }
  const event = await client.query<{ id: string }>(
    'INSERT INTO webhook_events (workspace_id, event_type, payload) VALUES ($1, $2, $3::jsonb) RETURNING id',
    [input.workspaceId, input.eventType, JSON.stringify(input.payload)],
  );
  const eventId = event.rows[0]!.id;
  const subscriptions = await client.query<{ id: string; url: string }>(
    `SELECT id, url FROM webhook_subscriptions
      WHERE workspace_id = $1 AND active AND (event_types IS NULL OR $2 = ANY (event_types))
      ORDER BY created_at, id`,
    [input.workspaceId, input.eventType],
  );
  const targets: { kind: 'subscription' | 'callback'; subscriptionId: string | null; url: string; schedule: 'standard' | 'export' }[] =
    subscriptions.rows.map((s) => ({ kind: 'subscription', subscriptionId: s.id, url: s.url, schedule: 'standard' }));
  if (input.callbackUrl) {
    const schedule = input.eventType === 'NEW_EXPORT' ? 'export' : 'standard';
    targets.push({ kind: 'callback', subscriptionId: null, url: input.callbackUrl, schedule });
  }
  const deliveries: EnqueuedEvent['deliveries'] = [];
  for (const target of targets) {
    const id = deliveryId();
    const row = await client.query<{ id: string }>(
      `INSERT INTO webhook_deliveries (delivery_id, event_id, workspace_id, target_kind, subscription_id, url, schedule, next_attempt_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now()) RETURNING id`,
      [id, eventId, input.workspaceId, target.kind, target.subscriptionId, target.url, target.schedule],
    );
    const rowId = row.rows[0]!.id;
    await addDeliveryJob(client, { v: 1, delivery: rowId, attempt: 1 });
    deliveries.push({ id: rowId, deliveryId: id, targetKind: target.kind, url: target.url });
  }
  return { eventId, deliveries };
}
