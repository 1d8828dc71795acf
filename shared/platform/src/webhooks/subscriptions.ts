import type { EventType } from '@pressroom/model';
import type { Queryable } from '../db/pool.js';
import { insertSubscription, markSubscriptionRemoved, type SubscriptionRow, selectSubscriptions } from '../sql/webhook-subscriptions.js';

export type Subscription = SubscriptionRow;

export async function addSubscription(
  db: Queryable,
  input: { workspaceId: string; url: string; eventTypes: EventType[] | null },
): Promise<Subscription> {
  return insertSubscription(db, input);
}

export async function listSubscriptions(db: Queryable, workspaceId: string): Promise<Subscription[]> {
  return selectSubscriptions(db, workspaceId);
}

/**
 * Removal is a deactivation with reason `removed`: the delivery history keeps its target. With
 * `workspaceId`, only that workspace's subscription is removed (the API's scope).
 */
export async function removeSubscription(db: Queryable, id: string, workspaceId: string | null = null): Promise<Subscription | undefined> {
  return markSubscriptionRemoved(db, id, workspaceId);
}
