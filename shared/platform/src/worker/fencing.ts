import { AsyncLocalStorage } from 'node:async_hooks';
import { CodedError } from '@pressroom/model';
import type { Task, TaskList } from 'graphile-worker';
import type { Queryable } from '../db/pool.js';
import { holdsJobLease, type JobLease } from '../sql/job-leases.js';

export type { JobLease } from '../sql/job-leases.js';

/**
 * The results a job execution writes that fencing guards (a small fixed set: the `write` label of
 * `pressroom_job_fenced_total`).
 * - outcome: a file's outcome (Banner row, error, credit refund, finalisation, events);
 * - object: a result's bytes put to storage;
 * - part: an animation part recorded (and the encode it enqueues);
 * - webhook: a webhook POST about to be sent;
 * - attempt: a webhook attempt recorded (and the next one scheduled);
 * - export: an export's ZIP recorded;
 * - import: an imported design written.
 */
export const FENCED_WRITES = ['outcome', 'object', 'part', 'webhook', 'attempt', 'export', 'import'] as const;
export type FencedWrite = (typeof FENCED_WRITES)[number];

/** `JOB_FENCING`: `on` in production; `off` only for tests that must show what fencing prevents. */
export const JOB_FENCING_MODES = ['on', 'off'] as const;
export type JobFencingMode = (typeof JOB_FENCING_MODES)[number];

/**
 * This execution no longer owns its job: the worker was cut off longer than the stale window, its
 * job was force-unlocked and ran (or runs) elsewhere. Its result is refused. Thrown, never caught
 * by a task, so graphile-worker records a failure, which it writes only `WHERE locked_by` is this
 * pool: nothing. (Returning would "complete" the job, and graphile-worker deletes a completed job
 * by id alone: the new owner's job row would go.)
 */
export class JobFencedError extends CodedError<'job_fenced'> {
  constructor(
    readonly lease: JobLease,
    readonly write: FencedWrite,
  ) {
    super(
      'job_fenced',
      'JobFencedError',
      `job ${lease.jobId} (attempt ${lease.attempts}) is no longer held by ${lease.lockedBy}: its ${write} write is refused`,
    );
  }
}

const current = new AsyncLocalStorage<JobLease>();

/**
 * Every task of the list runs with its execution's lease (job id, `locked_by`, attempt) in scope,
 * so the writes below it can check ownership without each signature carrying it.
 */
export function fenceTaskList(taskList: TaskList): TaskList {
  const fenced: TaskList = {};
  for (const [name, task] of Object.entries(taskList)) {
    if (task === undefined) continue;
    const run: Task = (payload, helpers) => {
      const { id, locked_by, attempts } = helpers.job;
      if (locked_by === null) return task(payload, helpers);
      return current.run({ jobId: id, lockedBy: locked_by, attempts }, () => task(payload, helpers));
    };
    fenced[name] = run;
  }
  return fenced;
}

/**
 * Refuses a result write when this execution no longer owns its job (throws JobFencedError).
 * Call it first inside the transaction that writes the result (the job row is then share-locked
 * until commit), or just before a side effect that no transaction covers (a storage put, a POST).
 * Outside a fenced job (the control plane, `JOB_FENCING=off`) it does nothing.
 */
export async function assertJobLease(db: Queryable, write: FencedWrite): Promise<void> {
  const lease = current.getStore();
  if (lease === undefined) return;
  if (!(await holdsJobLease(db, lease))) throw new JobFencedError(lease, write);
}

export function isJobFenced(error: unknown): error is JobFencedError {
  return error instanceof JobFencedError;
}
