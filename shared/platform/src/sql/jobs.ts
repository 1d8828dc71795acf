import {
  BULK_JOB_FLAG,
  BULK_JOB_PRIORITY,
  BULK_RUN_FINISH_TASK,
  BULK_RUN_PUMP_TASK,
  DELIVER_WEBHOOK_TASK,
  DESIGN_DUPLICATE_TASK,
  DESIGN_IMPORT_TASK,
  DESIGN_PREVIEWS_TASK,
  type DeliverWebhookPayload,
  EXPORT_ZIP_TASK,
  JOB_PRIORITY,
  type JobPayload,
  type JobTask,
  RENDER_PRINT,
  RENDER_STATIC,
  type RenderPrintPayload,
  type RenderStaticPayload,
  renderPrintFlags,
} from '@pressroom/model';
import type { Queryable } from '../db/pool.js';
import { AFFINITY_BUCKET_MS } from '../worker/affinity.js';
import { DEFAULT_STALE_AFTER_MS } from '../worker/heartbeat.js';

/**
 * Jobs are added through SQL on the caller's client, so inside a transaction a job exists if and
 * only if the rows that ask for it commit (an outbox for free). The payload is typed by its
 * task's contract (`JOB_CONTRACTS` in the model) and parsed again by the task that runs it.
 */
export interface AddJobOptions {
  maxAttempts: number;
  /** graphile-worker runs lower numbers first; absent: 0. */
  priority?: number;
  /** One pending job per key: a second add replaces the first (or keeps its run_at). */
  jobKey?: string;
  jobKeyMode?: 'replace' | 'preserve_run_at';
  /** Absent or null: now. */
  runAt?: Date | null;
  /** graphile-worker job flags: a worker that forbids one of them does not take the job. */
  flags?: readonly string[];
}

export async function addJob<K extends JobTask>(db: Queryable, task: K, payload: JobPayload<K>, options: AddJobOptions): Promise<void> {
  await db.query(
    `SELECT graphile_worker.add_job($1, $2::json, run_at => $3::timestamptz, max_attempts => $4, job_key => $5, priority => $6,
       job_key_mode => coalesce($7, 'replace'), flags => $8::text[])`,
    [
      task,
      JSON.stringify(payload),
      options.runAt ?? null,
      options.maxAttempts,
      options.jobKey ?? null,
      options.priority ?? null,
      options.jobKeyMode ?? null,
      options.flags && options.flags.length > 0 ? options.flags : null,
    ],
  );
}

/**
 * Render failures worth retrying are infrastructure ones (a crashed browser, a lost database
 * connection); content refusals are recorded and never thrown. graphile-worker waits e^n seconds
 * before attempt n+1 (3, 7, 20, 55 s), so five attempts ride out about a minute and a half of
 * trouble (Chromium relaunching on a loaded machine, a Postgres restart, a worker killed twice)
 * before a file is reported as failed, and a poisoned job still ends.
 */
export const RENDER_MAX_ATTEMPTS = 5;

/** Three attempts ride out a worker killed mid-archive without looping on a poisoned export. */
export const EXPORT_MAX_ATTEMPTS = 3;

/**
 * The affinity flag of a render job of design `designId` (an SQL expression), or null (worker/affinity.ts):
 * a live render worker that holds the design warm, picked at random, and the enqueue time's bucket
 * (the database's clock). `staleMs` and `bucketMs` are the parameters holding DEFAULT_STALE_AFTER_MS
 * and AFFINITY_BUCKET_MS.
 */
const warmFlag = (designId: string, staleMs: string, bucketMs: string) => `(
  SELECT 'warm:' || (h.capabilities->'warm'->>'key') || ':' || floor(extract(epoch FROM clock_timestamp()) * 1000 / ${bucketMs})::bigint
    FROM worker_heartbeats h
   WHERE h.role = 'render-worker' AND h.last_seen >= now() - make_interval(secs => ${staleMs}::double precision / 1000)
     AND h.capabilities->'warm'->'designs' ? ${designId}
   ORDER BY random() LIMIT 1)`;

/** A render job's graphile-worker priority: a bulk run's file waits behind every interactive render (docs/bulk.md). */
const renderPriority = (payload: RenderStaticPayload) => (payload.bulk_run_id ? BULK_JOB_PRIORITY : JOB_PRIORITY[payload.priority]);

/** A render worker whose bulk slots are full forbids this flag (RENDER_INTERACTIVE_SLOTS). */
const renderBulkFlag = (payload: RenderStaticPayload) => (payload.bulk_run_id ? BULK_JOB_FLAG : null);

export async function addRenderStaticJob(db: Queryable, payload: RenderStaticPayload): Promise<void> {
  // A live render worker that holds the design warm gets the job first (worker/affinity.ts): the
  // flag names it and the enqueue time; with none, the job has no such flag.
  await db.query(
    `SELECT graphile_worker.add_job($1, $2::json, priority => $3, max_attempts => $4,
       flags => array_remove(array[${warmFlag('$5', '$6', '$7')}, $8::text], NULL))`,
    [
      RENDER_STATIC,
      JSON.stringify(payload),
      renderPriority(payload),
      RENDER_MAX_ATTEMPTS,
      payload.design_id,
      DEFAULT_STALE_AFTER_MS,
      AFFINITY_BUCKET_MS,
      renderBulkFlag(payload),
    ],
  );
}

/**
 * Many render jobs in one statement (graphile-worker's `add_jobs`), in order, each exactly as
 * `addRenderStaticJob` adds it: its priority, its bulk flag, and its own pick of a warm worker.
 */
export async function addRenderStaticJobs(db: Queryable, payloads: readonly RenderStaticPayload[]): Promise<void> {
  if (payloads.length === 0) return;
  await db.query(
    `SELECT count(*) FROM graphile_worker.add_jobs(array(
       SELECT ROW($1::text, j.payload, NULL::text, NULL::timestamptz, $2::smallint, NULL::text, j.priority::smallint,
                  array_remove(array[${warmFlag('j.design_id', '$3', '$4')}, j.flag], NULL))::graphile_worker.job_spec
         FROM unnest($5::json[], $6::text[], $7::int[], $8::text[]) WITH ORDINALITY AS j(payload, design_id, priority, flag, n)
        ORDER BY j.n))`,
    [
      RENDER_STATIC,
      RENDER_MAX_ATTEMPTS,
      DEFAULT_STALE_AFTER_MS,
      AFFINITY_BUCKET_MS,
      payloads.map((p) => JSON.stringify(p)),
      payloads.map((p) => p.design_id),
      payloads.map(renderPriority),
      payloads.map(renderBulkFlag),
    ],
  );
}

/**
 * A print job naming a colour profile carries that profile's flag, so only a render worker that
 * holds the profile takes it (docs/print.md, "Routing by profile"); graphile-worker keeps a job's
 * flags through its retries and a dead worker's unlock.
 */
export async function addRenderPrintJob(db: Queryable, payload: RenderPrintPayload): Promise<void> {
  await addJob(db, RENDER_PRINT, payload, {
    priority: JOB_PRIORITY[payload.priority],
    maxAttempts: RENDER_MAX_ATTEMPTS,
    flags: renderPrintFlags(payload),
  });
}

export async function addDesignImportJob(db: Queryable, importId: string): Promise<void> {
  await addJob(db, DESIGN_IMPORT_TASK, { v: 1, import_id: importId }, { maxAttempts: 3, jobKey: `${DESIGN_IMPORT_TASK}:${importId}` });
}

export async function addDesignDuplicateJob(db: Queryable, requestId: string): Promise<void> {
  await addJob(
    db,
    DESIGN_DUPLICATE_TASK,
    { v: 1, duplication_request_id: requestId },
    { maxAttempts: 3, jobKey: `${DESIGN_DUPLICATE_TASK}:${requestId}` },
  );
}

/**
 * One pending previews job per design: a later change replaces a job not started yet (job_key),
 * and a job for a version that is no longer current draws nothing.
 */
export async function addDesignPreviewsJob(db: Queryable, designId: string, version: number): Promise<void> {
  await addJob(
    db,
    DESIGN_PREVIEWS_TASK,
    { v: 1, design_id: designId, version },
    { maxAttempts: 3, jobKey: `${DESIGN_PREVIEWS_TASK}:${designId}` },
  );
}

export async function addExportZipJob(db: Queryable, exportId: string): Promise<void> {
  await addJob(
    db,
    EXPORT_ZIP_TASK,
    { v: 1, export_id: exportId },
    { maxAttempts: EXPORT_MAX_ATTEMPTS, jobKey: `${EXPORT_ZIP_TASK}:${exportId}` },
  );
}

/**
 * One attempt of one webhook delivery. The job key is per delivery and attempt: a task that
 * re-runs after a crash and schedules the same next attempt replaces the pending job instead of
 * adding a second one. graphile-worker's own retries are kept for unexpected failures only
 * (database down); ordinary receiver failures are scheduled by us with `run_at`.
 */
export async function addDeliveryJob(db: Queryable, payload: DeliverWebhookPayload, runAt: Date | null = null): Promise<void> {
  await addJob(db, DELIVER_WEBHOOK_TASK, payload, {
    maxAttempts: 5,
    jobKey: `webhook:${payload.delivery}:${payload.attempt}${payload.manual ? ':manual' : ''}`,
    jobKeyMode: 'preserve_run_at',
    runAt,
  });
}

/**
 * The bulk runner's next step of a run (docs/bulk.md). One pending step per run (job key): the
 * step re-adds itself while the run has rows to start or to wait for, `delayMs` later.
 */
export async function addBulkRunPumpJob(db: Queryable, runId: string, delayMs = 0): Promise<void> {
  await addJob(
    db,
    BULK_RUN_PUMP_TASK,
    { v: 1, bulk_run_id: runId },
    { maxAttempts: 25, jobKey: `${BULK_RUN_PUMP_TASK}:${runId}`, runAt: delayMs > 0 ? new Date(Date.now() + delayMs) : null },
  );
}

/** A run's end: the result CSV and the ZIP export (one per run: job key). */
export async function addBulkRunFinishJob(db: Queryable, runId: string): Promise<void> {
  await addJob(db, BULK_RUN_FINISH_TASK, { v: 1, bulk_run_id: runId }, { maxAttempts: 10, jobKey: `${BULK_RUN_FINISH_TASK}:${runId}` });
}
