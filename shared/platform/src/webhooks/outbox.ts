import type { EventPayload, EventType } from '@pressroom/model';
import type { Queryable } from '../db/pool.js';
import { addDeliveryJob } from '../sql/jobs.js';
import { insertWebhookDelivery } from '../sql/webhook-deliveries.js';
import { insertWebhookEvent } from '../sql/webhook-events.js';
import { selectSubscriptionsFor } from '../sql/webhook-subscriptions.js';
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
  const eventId = await insertWebhookEvent(client, input.workspaceId, input.eventType, input.payload);
  const subscriptions = await selectSubscriptionsFor(client, input.workspaceId, input.eventType);
  const targets: { kind: 'subscription' | 'callback'; subscriptionId: string | null; url: string; schedule: 'standard' | 'export' }[] =
    subscriptions.map((s) => ({ kind: 'subscription', subscriptionId: s.id, url: s.url, schedule: 'standard' }));
  if (input.callbackUrl) {
    const schedule = input.eventType === 'NEW_EXPORT' ? 'export' : 'standard';
    targets.push({ kind: 'callback', subscriptionId: null, url: input.callbackUrl, schedule });
  }
  const deliveries: EnqueuedEvent['deliveries'] = [];
  for (const target of targets) {
    const id = deliveryId();
    const rowId = await insertWebhookDelivery(client, {
      deliveryId: id,
      eventId,
      workspaceId: input.workspaceId,
      targetKind: target.kind,
      subscriptionId: target.subscriptionId,
      url: target.url,
      schedule: target.schedule,
    });
    await addDeliveryJob(client, { v: 1, delivery: rowId, attempt: 1 });
    deliveries.push({ id: rowId, deliveryId: id, targetKind: target.kind, url: target.url });
  }
  return { eventId, deliveries };
}
