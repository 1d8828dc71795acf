import { JOB_PRIORITY, RENDER_STATIC, type RenderStaticPayload } from '@pressroom/model';
import type { Queryable } from '../db/pool.js';
import { AFFINITY_BUCKET_MS } from '../worker/affinity.js';
import { DEFAULT_STALE_AFTER_MS } from '../worker/heartbeat.js';

/**
 * Render failures worth retrying are infrastructure ones (a crashed browser, a lost database
 * connection); content refusals are recorded and never thrown. graphile-worker waits e^n seconds
 * before attempt n+1 (3, 7, 20, 55 s), so five attempts ride out about a minute and a half of
 * trouble (Chromium relaunching on a loaded machine, a Postgres restart, a worker killed twice)
 * before a file is reported as failed, and a poisoned job still ends.
 */
export const RENDER_MAX_ATTEMPTS = 5;

/**
 * Enqueues through SQL on the caller's client, so the job exists if and only if the transaction
 * that created the generation request (and spent its credits) commits.
 */
export async function addRenderStaticJob(client: Queryable, payload: RenderStaticPayload): Promise<void> {
  // A live render worker that holds the design warm gets the job first (worker/affinity.ts): the
  // flag names it and the enqueue time; with none, the job has no flag.
  await client.query(
    `SELECT graphile_worker.add_job($1, $2::json, priority => $3, max_attempts => $4, flags => (
       SELECT array['warm:' || (h.capabilities->'warm'->>'key') || ':' || floor(extract(epoch FROM clock_timestamp()) * 1000 / $7)::bigint]
         FROM worker_heartbeats h
        WHERE h.role = 'render-worker' AND h.last_seen >= now() - make_interval(secs => $6::double precision / 1000)
          AND h.capabilities->'warm'->'designs' ? $5
        ORDER BY random() LIMIT 1))`,
    [
      RENDER_STATIC,
      JSON.stringify(payload),
      JOB_PRIORITY[payload.priority],
      RENDER_MAX_ATTEMPTS,
      payload.design_id,
      DEFAULT_STALE_AFTER_MS,
      AFFINITY_BUCKET_MS,
    ],
  );
}
