import { type JobPayload, JobPayloadError, type JobTask, parseJobPayload } from '@pressroom/model';
import type { JobHelpers } from 'graphile-worker';

/**
 * A task entry (its payload is `unknown`, as graphile-worker really hands it over) that parses its payload once, at the edge, with the task's contract, and hands
 * the handler a fully typed payload. A payload that breaks the contract is a permanent failure:
 * it is logged with its JobPayloadError (code `invalid_job_payload`, task, issues) and the job
 * ends, never retried, since every attempt would read the same bytes.
 */
export function jobTask<K extends JobTask>(
  task: K,
  logger: { error(fields: Record<string, unknown>, message: string): void },
  handler: (payload: JobPayload<K>, helpers: JobHelpers) => Promise<void>,
): (raw: unknown, helpers: JobHelpers) => Promise<void> {
  return async (raw, helpers) => {
    let payload: JobPayload<K>;
    try {
      payload = parseJobPayload(task, raw);
    } catch (err) {
      if (!(err instanceof JobPayloadError)) throw err;
      logger.error(
        { err, code: err.code, task, issues: err.issues, jobId: helpers.job?.id },
        `${task}: payload breaks its contract; job failed for good`,
      );
      return;
    }
    await handler(payload, helpers);
  };
}
