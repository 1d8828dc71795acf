import { z } from 'zod';
import type { Queryable } from '../db/pool.js';

/** The graphile-worker task that sends one attempt of one delivery. */
export const DELIVER_WEBHOOK_TASK = 'deliver_webhook';

/**
 * The job contract (versioned; it changes by adding fields). `delivery` is the row id of
 * webhook_deliveries, not the public delivery id. `attempt` is the 1-based attempt this job makes.
 */
export const deliverWebhookPayload = z.object({
  v: z.literal(1),
  delivery: z.uuid(),
  attempt: z.int().min(1),
  manual: z.boolean().optional(),
});
export type DeliverWebhookPayload = z.output<typeof deliverWebhookPayload>;

/**
 * Adds the job on the caller's connection, so inside a transaction the job exists if and only
 * if the transaction commits (the outbox). The job key is per delivery and attempt: a task that
 * re-runs after a crash and schedules the same next attempt replaces the pending job instead of
 * adding a second one. graphile-worker's own retries are kept for unexpected failures only
 * (database down); ordinary receiver failures are scheduled by us with `run_at`.
 */
export async function addDeliveryJob(db: Queryable, payload: DeliverWebhookPayload, runAt: Date | null = null): Promise<void> {
  const key = `webhook:${payload.delivery}:${payload.attempt}${payload.manual ? ':manual' : ''}`;
  await db.query(
    `SELECT graphile_worker.add_job($1, $2::json, run_at => $3::timestamptz, max_attempts => 5, job_key => $4, job_key_mode => 'preserve_run_at')`,
    [DELIVER_WEBHOOK_TASK, JSON.stringify(payload), runAt, key],
  );
}
