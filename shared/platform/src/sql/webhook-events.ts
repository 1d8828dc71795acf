import type { EventPayload, EventType } from '@pressroom/model';
import type { Queryable } from '../db/pool.js';

/** Stores an event (the outbox's first row); returns its id. */
export async function insertWebhookEvent(db: Queryable, workspaceId: string, eventType: EventType, payload: EventPayload): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    'INSERT INTO webhook_events (workspace_id, event_type, payload) VALUES ($1, $2, $3::jsonb) RETURNING id',
    [workspaceId, eventType, JSON.stringify(payload)],
  );
  return rows[0]!.id;
}
