import { JOB_PRIORITY, RENDER_STATIC, type RenderStaticPayload } from '@pressroom/model';
import type { Queryable } from '../db/pool.js';

/**
 * Render failures worth retrying are infrastructure ones (a crashed browser, a lost database
 * connection); content refusals are recorded and never thrown. Three attempts is enough to ride
 * out a worker being killed twice without looping on a poisoned job.
 */
export const RENDER_MAX_ATTEMPTS = 3;

/**
 * Enqueues through SQL on the caller's client, so the job exists if and only if the transaction
 * that created the generation request (and spent its credits) commits.
 */
export async function addRenderStaticJob(client: Queryable, payload: RenderStaticPayload): Promise<void> {
  await client.query('SELECT graphile_worker.add_job($1, $2::json, priority => $3, max_attempts => $4)', [
    RENDER_STATIC,
    JSON.stringify(payload),
    JOB_PRIORITY[payload.priority],
    RENDER_MAX_ATTEMPTS,
  ]);
}
