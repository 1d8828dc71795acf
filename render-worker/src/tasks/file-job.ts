import type { FileJobOwner, PriorityClass } from '@pressroom/model';
import {
  type FileErrorId,
  type FileOutcome,
  fileOutcomeExists,
  isJobFenced,
  recordInvalidFileJob,
  recordOutcome,
} from '@pressroom/platform';
import type { JobHelpers } from 'graphile-worker';
import type { RenderDeps } from '../deps.js';
import { isBulkPriority } from '../static/interactive-gate.js';
import { classifyFailure, designFaultReason, type FailureClass, isDesignFault } from './failures.js';

/** The file error a failure class is recorded as. */
export const ERROR_ID: Record<FailureClass, FileErrorId> = {
  refused: 'cannot_build_banner',
  fetch: 'image_fetching_error',
  timeout: 'cannot_build_banner',
  crash: 'cannot_build_banner',
  internal: 'internal_server_error',
};

/**
 * A failed attempt of a job that renders a file (or a part of one), judged once: `throw` when it
 * goes back to graphile-worker (another execution owns the job, the worker is shutting down, or
 * an infrastructure failure has attempts left), else the error outcome its file is recorded with
 * (a design fault at once, any other failure on its last attempt). Counts the failure's class.
 */
export function judgeFailedAttempt(
  deps: Pick<RenderDeps, 'renderMetrics'>,
  helpers: { job: Pick<JobHelpers['job'], 'attempts' | 'max_attempts'>; abortSignal: AbortSignal },
  error: unknown,
  file: { formatName: string; internalReason: string },
):
  | { throw: 'fenced' | 'shutdown' }
  | { throw: 'retry'; failure: FailureClass }
  | { failure: FailureClass; outcome: Extract<FileOutcome, { kind: 'error' }> } {
  // Another execution owns the job now: nothing of this one is recorded, not even a failure.
  if (isJobFenced(error)) return { throw: 'fenced' };
  const failure = classifyFailure(error);
  deps.renderMetrics.failures.inc({ class: failure });
  const designFault = isDesignFault(failure, helpers.job.attempts);
  if (!designFault && helpers.abortSignal.aborted) return { throw: 'shutdown' }; // another worker takes it
  if (!designFault && helpers.job.attempts < helpers.job.max_attempts) return { throw: 'retry', failure };
  return {
    failure,
    outcome: {
      kind: 'error',
      formatName: file.formatName,
      errorId: designFault ? ERROR_ID[failure] : 'internal_server_error',
      reason: designFault ? designFaultReason(failure, error) : file.internalReason,
    },
  };
}

export interface FileJob {
  requestId: string;
  /** The `format_name` the outcome is recorded under. */
  outputName: string;
  /** Metric label of the output type. */
  output: string;
  priority: PriorityClass;
  enqueuedAt: number;
}

export type Stage = (name: string, seconds: number) => void;

/**
 * What every job that renders one file of a generation request does around its render: the
 * queue-wait metric, a re-run after a stored outcome only re-notifies, the outcome is recorded,
 * infrastructure failures are thrown for graphile-worker to retry (or for another worker at
 * shutdown) until the last attempt, and content refusals are recorded at once.
 */
export async function runFileJob(
  deps: RenderDeps,
  helpers: JobHelpers,
  job: FileJob,
  render: (stage: Stage) => Promise<FileOutcome>,
  /** Runs once the outcome is recorded by this run (not on a re-run that found it recorded). */
  onRecorded?: (outcome: FileOutcome) => Promise<void>,
): Promise<void> {
  const stage: Stage = (name, seconds) => deps.renderMetrics.stageSeconds.observe({ stage: name, output: job.output }, seconds);
  stage('queue_wait', Math.max(0, Date.now() - job.enqueuedAt) / 1000);
  // A sync render holds the worker's bulk renders at their next step until it has recorded its file.
  const endInteractive = job.priority === 'sync' ? deps.gate?.enter() : undefined;
  try {
    await renderAndRecord(deps, helpers, job, stage, render, onRecorded);
  } finally {
    endInteractive?.();
  }
}

async function renderAndRecord(
  deps: RenderDeps,
  helpers: JobHelpers,
  job: FileJob,
  stage: Stage,
  render: (stage: Stage) => Promise<FileOutcome>,
  onRecorded: ((outcome: FileOutcome) => Promise<void>) | undefined,
): Promise<void> {
  const bulk = isBulkPriority(helpers.job.priority);
  if (bulk) await deps.gate?.clear(helpers.abortSignal);
  if (await fileOutcomeExists(deps.db, job.requestId, job.outputName)) return;
  try {
    const outcome = await render(stage);
    if (bulk) await deps.gate?.clear(helpers.abortSignal);
    const t = performance.now();
    const { recorded, bulkRow } = await recordOutcome(deps.db, job.requestId, outcome, deps.storage);
    if (bulkRow) deps.renderMetrics.bulkRows.inc({ outcome: bulkRow });
    // The outcome's transaction, pg_notify included: the last step before a sync caller wakes.
    stage('record', (performance.now() - t) / 1000);
    if (recorded && onRecorded) await onRecorded(outcome);
    deps.renderMetrics.totalSeconds.observe(
      { output: job.output, priority: job.priority },
      Math.max(0, Date.now() - job.enqueuedAt) / 1000,
    );
  } catch (error) {
    const judged = judgeFailedAttempt(deps, helpers, error, {
      formatName: job.outputName,
      internalReason: 'The render failed; the farm could not produce this file.',
    });
    if ('throw' in judged) {
      if (judged.throw === 'retry')
        // Said here, with its class, so an operator sees why a file took long before it succeeded.
        deps.logger.warn(
          {
            err: error,
            failure: judged.failure,
            requestId: job.requestId,
            format: job.outputName,
            attempt: helpers.job.attempts,
            maxAttempts: helpers.job.max_attempts,
          },
          'render attempt failed; graphile-worker retries it',
        );
      throw error;
    }
    deps.logger.warn({ err: error, failure: judged.failure, requestId: job.requestId, format: job.outputName }, 'render failed');
    await recordOutcome(deps.db, job.requestId, judged.outcome, deps.storage);
  }
}

/**
 * `onInvalid` of every file job of the render pool: a job that cannot be read fails its file
 * like an internal failure on the last attempt (the same outcome, counted in the same class).
 */
export function failInvalidFileJob(deps: RenderDeps): (owner: FileJobOwner) => Promise<void> {
  return async (owner) => {
    deps.renderMetrics.failures.inc({ class: 'internal' });
    await recordInvalidFileJob(deps.db, deps.storage, owner);
  };
}
