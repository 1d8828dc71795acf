import { JobPayloadError } from '@pressroom/model';
import type { JobHelpers } from 'graphile-worker';
import { describe, expect, it } from 'vitest';
import { jobTask } from './job-task.js';

const ID = '0b9e8c1e-5f6a-4c1d-9d2e-1a2b3c4d5e6f';
const helpers = { job: { id: '7', attempts: 1, max_attempts: 3 } } as JobHelpers;

function logger() {
  const errors: { fields: Record<string, unknown>; message: string }[] = [];
  return { errors, error: (fields: Record<string, unknown>, message: string) => errors.push({ fields, message }) };
}

/** An `onInvalid` that remembers what it was asked to end. */
function settled() {
  const calls: { owner: unknown; error: JobPayloadError }[] = [];
  return { calls, onInvalid: async (owner: unknown, error: JobPayloadError) => void calls.push({ owner, error }) };
}

describe('jobTask', () => {
  it('hands the handler the payload its contract parsed', async () => {
    const seen: string[] = [];
    const log = logger();
    const settle = settled();
    await jobTask(
      'export_zip',
      log,
      async (payload) => {
        seen.push(payload.export_id);
      },
      settle.onInvalid,
    )({ v: 1, export_id: ID }, helpers);
    expect(seen).toEqual([ID]);
    expect(log.errors).toEqual([]);
    expect(settle.calls).toEqual([]);
  });

  it('fails a payload that breaks its contract for good: logged with its typed error, never run, never retried', async () => {
    const log = logger();
    let ran = false;
    const task = jobTask(
      'export_zip',
      log,
      async () => {
        ran = true;
      },
      settled().onInvalid,
    );
    // Resolving is what keeps graphile-worker from scheduling another attempt of the same bytes.
    await expect(task({ v: 2, export_id: ID }, helpers)).resolves.toBeUndefined();
    expect(ran).toBe(false);
    expect(log.errors).toHaveLength(1);
    const { fields } = log.errors[0]!;
    expect(fields.err).toBeInstanceOf(JobPayloadError);
    expect(fields).toMatchObject({ code: 'invalid_job_payload', task: 'export_zip', jobId: '7' });
  });

  it('ends the request the broken payload names, through the task’s onInvalid, with the ids read from it', async () => {
    const log = logger();
    const settle = settled();
    await jobTask('export_zip', log, async () => undefined, settle.onInvalid)({ v: 2, export_id: ID, extra: 'x' }, helpers);
    expect(settle.calls).toHaveLength(1);
    expect(settle.calls[0]!.owner).toEqual({ export_id: ID });
    expect(settle.calls[0]!.error.issues).toEqual([expect.objectContaining({ path: 'v' })]);
    expect(log.errors[0]!.fields).toMatchObject({ code: 'invalid_job_payload', owner: { export_id: ID } });
  });

  it('only logs a broken payload whose request cannot be identified (its ids are missing or no uuids)', async () => {
    for (const raw of [{ v: 1, export_id: 'not-a-uuid' }, { v: 1 }, 'garbage', null]) {
      const log = logger();
      const settle = settled();
      await expect(jobTask('export_zip', log, async () => undefined, settle.onInvalid)(raw, helpers)).resolves.toBeUndefined();
      expect(settle.calls).toEqual([]);
      expect(log.errors[0]!.fields).toMatchObject({ code: 'invalid_job_payload', jobId: '7', owner: null });
      expect(log.errors[0]!.fields.issues).not.toEqual([]);
    }
  });

  it('lets a failure to record the outcome through, so graphile-worker tries the recording again', async () => {
    const task = jobTask(
      'export_zip',
      logger(),
      async () => undefined,
      async () => {
        throw new Error('database away');
      },
    );
    await expect(task({ v: 2, export_id: ID }, helpers)).rejects.toThrow('database away');
  });

  it('lets the handler’s own failures through, so graphile-worker retries them', async () => {
    const task = jobTask(
      'export_zip',
      logger(),
      async () => {
        throw new Error('database away');
      },
      settled().onInvalid,
    );
    await expect(task({ v: 1, export_id: ID }, helpers)).rejects.toThrow('database away');
  });

  it('takes no onInvalid for a task nothing waits on', async () => {
    const log = logger();
    await jobTask('generation_retention', log, async () => undefined)({ v: 3 }, helpers);
    expect(log.errors[0]!.fields).toMatchObject({ code: 'invalid_job_payload', task: 'generation_retention', owner: null });
  });
});
