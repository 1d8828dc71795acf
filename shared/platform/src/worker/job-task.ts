import { type JobOwner, type JobPayload, JobPayloadError, type JobTask, parseJobPayload, readJobOwner } from '@pressroom/model';
import type { JobHelpers } from 'graphile-worker';

/** What the request of a job that cannot be read is told (a file's `reason`, an export's `error`). */
export const INVALID_JOB_PAYLOAD_REASON =
  'The job could not be read: its payload does not meet its contract (invalid_job_payload); the farm could not produce this.';

/**
 * How a task ends the request of a job whose payload broke its contract, given the ids read from
 * it (`JOB_OWNERS`): required for every task whose job something waits on, absent for the rest.
 */
export type OnInvalidPayload<K extends JobTask> = [JobOwner<K>] extends [never]
  ? []
  : [onInvalid: (owner: JobOwner<K>, error: JobPayloadError) => Promise<void>];

/**
 * A task entry (its payload is `unknown`, as graphile-worker really hands it over) that parses its payload once, at the edge, with the task's contract, and hands
 * the handler a fully typed payload. A payload that breaks the contract is a permanent failure:
 * it is logged with its JobPayloadError (code `invalid_job_payload`, task, issues) and the job
 * ends, never retried, since every attempt would read the same bytes. Its request is not left
 * waiting: when the ids of what it belongs to can be read (`readJobOwner`), `onInvalid` records
 * the same failed outcome any other failure records; should that throw, graphile-worker retries.
 */
export function jobTask<K extends JobTask>(
  task: K,
  logger: { error(fields: Record<string, unknown>, message: string): void },
  handler: (payload: JobPayload<K>, helpers: JobHelpers) => Promise<void>,
  ...settle: OnInvalidPayload<K>
): (raw: unknown, helpers: JobHelpers) => Promise<void> {
  const onInvalid = settle[0] as ((owner: JobOwner<K>, error: JobPayloadError) => Promise<void>) | undefined;
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
