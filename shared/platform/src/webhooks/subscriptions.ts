import type { EventType } from '@pressroom/model';
import type { Queryable } from '../db/pool.js';

export interface Subscription {
  id: string;
  workspace_id: string;
  url: string;
  /** null: every event type. */
  event_types: EventType[] | null;
  active: boolean;
  created_at_ts: number;
  deactivated_at_ts: number | null;
  deactivation_reason: string | null;
}

const COLUMNS = `id, workspace_id, url, event_types, active, extract(epoch FROM created_at)::bigint::int AS created_at_ts,
  extract(epoch FROM deactivated_at)::bigint::int AS deactivated_at_ts, deactivation_reason`;

export async function addSubscription(
  db: Queryable,
  input: { workspaceId: string; url: string; eventTypes: EventType[] | null },
): Promise<Subscription> {
  const { rows } = await db.query<Subscription>(
    `INSERT INTO webhook_subscriptions (workspace_id, url, event_types) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`,
    [input.workspaceId, input.url, input.eventTypes],
  );
  return rows[0]!;
}

export async function listSubscriptions(db: Queryable, workspaceId: string): Promise<Subscription[]> {
  const { rows } = await db.query<Subscription>(
    `SELECT ${COLUMNS} FROM webhook_subscriptions WHERE workspace_id = $1 ORDER BY created_at, id`,
    [workspaceId],
  );
  return rows;
}

/**
 * Removal is a deactivation with reason `removed`: the delivery history keeps its target. With
 * `workspaceId`, only that workspace's subscription is removed (the API's scope).
 */
export async function removeSubscription(db: Queryable, id: string, workspaceId: string | null = null): Promise<Subscription | undefined> {
  const { rows } = await db.query<Subscription>(
    `UPDATE webhook_subscriptions SET active = false, deactivated_at = coalesce(deactivated_at, now()),
       deactivation_reason = coalesce(deactivation_reason, 'removed')
     WHERE id = $1 AND ($2::uuid IS NULL OR workspace_id = $2::uuid) RETURNING ${COLUMNS}`,
    [id, workspaceId],
  );
  return rows[0];
}
