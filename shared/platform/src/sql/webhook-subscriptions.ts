import type { DeactivationReason, EventType } from '@pressroom/model';
import type { Queryable } from '../db/pool.js';

export interface SubscriptionRow {
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

export async function insertSubscription(
  db: Queryable,
  input: { workspaceId: string; url: string; eventTypes: EventType[] | null },
): Promise<SubscriptionRow> {
  const { rows } = await db.query<SubscriptionRow>(
    `INSERT INTO webhook_subscriptions (workspace_id, url, event_types) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`,
    [input.workspaceId, input.url, input.eventTypes],
  );
  return rows[0]!;
}

/** Every subscription of a workspace, active or not, oldest first. */
export async function selectSubscriptions(db: Queryable, workspaceId: string): Promise<SubscriptionRow[]> {
  const { rows } = await db.query<SubscriptionRow>(
    `SELECT ${COLUMNS} FROM webhook_subscriptions WHERE workspace_id = $1 ORDER BY created_at, id`,
    [workspaceId],
  );
  return rows;
}

/** Deactivates with reason `removed` (a first deactivation's time and reason are kept); scoped to `workspaceId` when given. */
export async function markSubscriptionRemoved(db: Queryable, id: string, workspaceId: string | null): Promise<SubscriptionRow | undefined> {
  const { rows } = await db.query<SubscriptionRow>(
    `UPDATE webhook_subscriptions SET active = false, deactivated_at = coalesce(deactivated_at, now()),
       deactivation_reason = coalesce(deactivation_reason, 'removed')
     WHERE id = $1 AND ($2::uuid IS NULL OR workspace_id = $2::uuid) RETURNING ${COLUMNS}`,
    [id, workspaceId],
  );
  return rows[0];
}

/** The active subscriptions of a workspace that take `eventType`, oldest first. */
export async function selectSubscriptionsFor(
  db: Queryable,
  workspaceId: string,
  eventType: EventType,
): Promise<{ id: string; url: string }[]> {
  const { rows } = await db.query<{ id: string; url: string }>(
    `SELECT id, url FROM webhook_subscriptions
      WHERE workspace_id = $1 AND active AND (event_types IS NULL OR $2 = ANY (event_types))
      ORDER BY created_at, id`,
    [workspaceId, eventType],
  );
  return rows;
}

/** Deactivates an active subscription (its receiver told us to stop). */
export async function deactivateSubscription(db: Queryable, id: string, reason: DeactivationReason | null): Promise<void> {
  await db.query(
    `UPDATE webhook_subscriptions SET active = false, deactivated_at = now(), deactivation_reason = $2 WHERE id = $1 AND active`,
    [id, reason],
  );
}
