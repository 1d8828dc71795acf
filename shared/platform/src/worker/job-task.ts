import { type JobOwner, type JobPayload, JobPayloadError, type JobTask, parseJobPayload, readJobOwner } from '@pressroom/model';
import type { JobHelpers } from 'graphile-worker';

/** What the request of a job that cannot be read is told (a file's `reason`, an export's `error`). */
export const INVALID_JOB_PAYLOAD_REASON =
  'The job could not be read: its payload does not meet its contract (invalid_job_payload); the farm could not produce this.';

type JobLogger = { error(fields: Record<string, unknown>, message: string): void };

/**
 * What a task entry is given besides its handler: its logger and, for every task whose job
 * something waits on (`JOB_OWNERS`), `onInvalid`, required there: how it ends what a job whose
 * payload broke its contract belongs to, given the ids read from that payload.
 */
export type JobTaskEdge<K extends JobTask> = { logger: JobLogger } & ([JobOwner<K>] extends [never]
  ? unknown
  : { onInvalid: (owner: JobOwner<K>, error: JobPayloadError) => Promise<void> });

/**
 * A task entry (its payload is `unknown`, as graphile-worker really hands it over) that parses its payload once, at the edge, with the task's contract, and hands
 * the handler a fully typed payload. A payload that breaks the contract is a permanent failure:
 * it is logged with its JobPayloadError (code `invalid_job_payload`, task, issues) and the job
 * ends, never retried, since every attempt would read the same bytes. What it belongs to is not
 * left waiting: when its ids can be read (`readJobOwner`), `onInvalid` records the same failed
 * outcome any other failure records; should that throw, graphile-worker retries the job.
 */
export function jobTask<K extends JobTask>(
  task: K,
  edge: JobTaskEdge<K>,
  handler: (payload: JobPayload<K>, helpers: JobHelpers) => Promise<void>,
): (raw: unknown, helpers: JobHelpers) => Promise<void> {
  const { logger, onInvalid } = edge as { logger: JobLogger; onInvalid?: (owner: JobOwner<K>, error: JobPayloadError) => Promise<void> };
  return async (raw, helpers) => {
    let payload: JobPayload<K>;
    try {
      payload = parseJobPayload(task, raw);
    } catch (err) {
      if (!(err instanceof JobPayloadError)) throw err;
      const owner = onInvalid ? readJobOwner(task, raw) : null;
      logger.error(
        { err, code: err.code, task, issues: err.issues, jobId: helpers.job?.id, owner },
        owner
          ? `${task}: payload breaks its contract; job failed for good, its outcome recorded as failed`
          : `${task}: payload breaks its contract; job failed for good`,
      );
      if (owner && onInvalid) await onInvalid(owner, err);
      return;
    }
    await handler(payload, helpers);
  };
}
