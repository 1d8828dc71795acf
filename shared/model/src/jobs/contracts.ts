import { z } from 'zod';
import { BULK_RUN_FINISH_TASK, BULK_RUN_PUMP_TASK, bulkRunPayloadSchema } from '../bulk/run.js';
import { ANIMATION_ENCODE, ANIMATION_FRAMES, ANIMATION_HTML5, animatedFileSchema, animationFramesSchema } from './animation.js';
import { DELIVER_WEBHOOK_TASK, deliverWebhookPayload } from './deliver-webhook.js';
import {
  DESIGN_DUPLICATE_TASK,
  DESIGN_IMPORT_TASK,
  DESIGN_PREVIEWS_TASK,
  designDuplicatePayload,
  designImportPayload,
  designPreviewsPayload,
} from './design.js';
import { EXPORT_ZIP_TASK, exportZipPayloadSchema } from './export-zip.js';
import { RETENTION_TASK, retentionPayloadSchema } from './maintenance.js';
import { RENDER_PRINT, renderPrintPayloadSchema } from './render-print.js';
import { RENDER_STATIC, renderStaticPayloadSchema } from './render-static.js';

/**
 * Every job's payload contract, by task identifier: the one list the enqueueing side, the task
 * entries and graphile-worker's `Tasks` typing read. A contract carries its version (`v`) and
 * changes only by adding fields, so a worker one release behind still reads what a newer
 * control plane enqueues; a new shape is a new version or a new task identifier.
 */
export const JOB_CONTRACTS = {
  [RENDER_STATIC]: renderStaticPayloadSchema,
  [RENDER_PRINT]: renderPrintPayloadSchema,
  [ANIMATION_FRAMES]: animationFramesSchema,
  [ANIMATION_HTML5]: animatedFileSchema,
  [ANIMATION_ENCODE]: animatedFileSchema,
  [EXPORT_ZIP_TASK]: exportZipPayloadSchema,
  [DELIVER_WEBHOOK_TASK]: deliverWebhookPayload,
  [DESIGN_IMPORT_TASK]: designImportPayload,
  [DESIGN_DUPLICATE_TASK]: designDuplicatePayload,
  [DESIGN_PREVIEWS_TASK]: designPreviewsPayload,
  [RETENTION_TASK]: retentionPayloadSchema,
  [BULK_RUN_PUMP_TASK]: bulkRunPayloadSchema,
  [BULK_RUN_FINISH_TASK]: bulkRunPayloadSchema,
} as const;

export type JobTask = keyof typeof JOB_CONTRACTS;

/** The file of a generation request a job renders: what its outcome is recorded under. */
export interface FileJobOwner {
  generation_request_id: string;
  format_name: string;
}

/** The ids of a file job, read from its own contract's fields (print names its file `output_name`). */
const fileOwner = z.object(renderStaticPayloadSchema.pick({ generation_request_id: true, format_name: true }).shape);
const printOwner = z
  .object(renderPrintPayloadSchema.pick({ generation_request_id: true, output_name: true }).shape)
  .transform(({ generation_request_id, output_name }): FileJobOwner => ({ generation_request_id, format_name: output_name }));

/**
 * What a job's outcome belongs to, read leniently from a payload that broke its contract: only
 * the ids, each with its own contract's schema (a valid uuid), the rest of the payload ignored.
 * A job that cannot be run must still end its request (the file failed, the export failed), or
 * a poller, a webhook receiver or a sync caller waits for ever. `null`: nothing waits on the job
 * (previews are drawn again on the next change; the retention sweep runs again within the hour).
 */
export const JOB_OWNERS = {
  [RENDER_STATIC]: fileOwner,
  [RENDER_PRINT]: printOwner,
  [ANIMATION_FRAMES]: fileOwner,
  [ANIMATION_HTML5]: fileOwner,
  [ANIMATION_ENCODE]: fileOwner,
  [EXPORT_ZIP_TASK]: z.object(exportZipPayloadSchema.pick({ export_id: true }).shape),
  [DELIVER_WEBHOOK_TASK]: deliverWebhookPayload.pick({ delivery: true }),
  [DESIGN_IMPORT_TASK]: z.object(designImportPayload.pick({ import_id: true }).shape),
  [DESIGN_DUPLICATE_TASK]: z.object(designDuplicatePayload.pick({ duplication_request_id: true }).shape),
  [DESIGN_PREVIEWS_TASK]: null,
  [RETENTION_TASK]: null,
  [BULK_RUN_PUMP_TASK]: z.object(bulkRunPayloadSchema.pick({ bulk_run_id: true }).shape),
  [BULK_RUN_FINISH_TASK]: z.object(bulkRunPayloadSchema.pick({ bulk_run_id: true }).shape),
} as const satisfies { [K in keyof typeof JOB_CONTRACTS]: z.ZodType | null };

/** The owner ids of a task's job; `never` for a task nothing waits on. */
export type JobOwner<K extends JobTask> = (typeof JOB_OWNERS)[K] extends z.ZodType<infer O> ? O : never;

/** The owner of a job whose payload broke its contract, or null when its ids cannot be read. */
export function readJobOwner<K extends JobTask>(task: K, raw: unknown): JobOwner<K> | null {
  const schema: z.ZodType | null = JOB_OWNERS[task];
  const parsed = schema?.safeParse(raw);
  return parsed?.success ? (parsed.data as JobOwner<K>) : null;
}

export type JobPayloads = { [K in JobTask]: z.output<(typeof JOB_CONTRACTS)[K]> };
export type JobPayload<K extends JobTask> = JobPayloads[K];
const CONTRACTS: { [K in JobTask]: z.ZodType<JobPayload<K>> } = JOB_CONTRACTS;

declare global {
  namespace GraphileWorker {
    interface Tasks extends JobPayloads {}
  }
}

/**
 * A job whose payload does not meet its task's contract. Permanent: a retry would read the same
 * bytes, so the task edge records it once and never hands it back to the queue.
 */
export class JobPayloadError extends Error {
  readonly code = 'invalid_job_payload';
  readonly task: string;
  /** Where the payload breaks the contract (`pages.0.overrides.layers.title.color`), and how. */
  readonly issues: readonly { path: string; message: string }[];
  constructor(task: string, issues: readonly { path: string; message: string }[]) {
    super(`${task}: the payload does not meet its contract (${issues.map((i) => `${i.path || '(payload)'}: ${i.message}`).join('; ')})`);
    this.name = 'JobPayloadError';
    this.task = task;
    this.issues = issues;
  }
}

/** Payloads are `unknown` until here, the job boundary: the typed payload, or a JobPayloadError. */
export function parseJobPayload<K extends JobTask>(task: K, raw: unknown): JobPayload<K> {
  const parsed = CONTRACTS[task].safeParse(raw);
  if (parsed.success) return parsed.data;
  throw new JobPayloadError(
    task,
    parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
  );
}
