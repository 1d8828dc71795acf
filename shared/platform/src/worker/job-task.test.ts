import { JobPayloadError } from '@pressroom/model';
import type { JobHelpers } from 'graphile-worker';
import { describe, expect, it } from 'vitest';
import { jobTask } from './job-task.js';

const ID = '0b9e8c1e-5f6a-4c1d-9d2e-1a2b3c4d5e6f';
const helpers = { job: { id: '7', attempts: 1, max_attempts: 3 } } as JobHelpers;

/** A logger that keeps its errors, and an `onInvalid` that remembers what it was asked to end. */
function edge(onInvalid?: (owner: { export_id: string }, error: JobPayloadError) => Promise<void>) {
  const errors: { fields: Record<string, unknown>; message: string }[] = [];
  const settled: { owner: unknown; error: JobPayloadError }[] = [];
  return {
    errors,
    settled,
    logger: { error: (fields: Record<string, unknown>, message: string) => void errors.push({ fields, message }) },
    onInvalid: onInvalid ?? (async (owner: { export_id: string }, error: JobPayloadError) => void settled.push({ owner, error })),
  };
}

describe('jobTask', () => {
  it('hands the handler the payload its contract parsed', async () => {
    const seen: string[] = [];
    const e = edge();
    await jobTask('export_zip', e, async (payload) => {
      seen.push(payload.export_id);
    })({ v: 1, export_id: ID }, helpers);
    expect(seen).toEqual([ID]);
    expect(e.errors).toEqual([]);
    expect(e.settled).toEqual([]);
  });

  it('fails a payload that breaks its contract for good: logged with its typed error, never run, never retried', async () => {
    const e = edge();
    let ran = false;
    const task = jobTask('export_zip', e, async () => {
      ran = true;
    });
    // Resolving is what keeps graphile-worker from scheduling another attempt of the same bytes.
    await expect(task({ v: 2, export_id: ID }, helpers)).resolves.toBeUndefined();
    expect(ran).toBe(false);
    expect(e.errors).toHaveLength(1);
    const { fields } = e.errors[0]!;
    expect(fields.err).toBeInstanceOf(JobPayloadError);
    expect(fields).toMatchObject({ code: 'invalid_job_payload', task: 'export_zip', jobId: '7' });
  });

  it('ends what the broken payload belongs to through onInvalid, with only the ids read from it', async () => {
    const e = edge();
    await jobTask('export_zip', e, async () => undefined)({ v: 2, export_id: ID, extra: 'x' }, helpers);
    expect(e.settled).toHaveLength(1);
    expect(e.settled[0]!.owner).toEqual({ export_id: ID });
    expect(e.settled[0]!.error.issues).toEqual([expect.objectContaining({ path: 'v' })]);
    expect(e.errors[0]!.fields).toMatchObject({ code: 'invalid_job_payload', owner: { export_id: ID } });
  });

  it('only logs a broken payload whose owner cannot be identified (its ids missing or no uuids)', async () => {
    for (const raw of [{ v: 1, export_id: 'not-a-uuid' }, { v: 1 }, 'garbage', null]) {
      const e = edge();
      await expect(jobTask('export_zip', e, async () => undefined)(raw, helpers)).resolves.toBeUndefined();
      expect(e.settled).toEqual([]);
      expect(e.errors[0]!.fields).toMatchObject({ code: 'invalid_job_payload', jobId: '7', owner: null });
      expect(e.errors[0]!.fields.issues).not.toEqual([]);
    }
  });

  it('lets a failure to record the outcome through, so graphile-worker tries the recording again', async () => {
    const e = edge(async () => {
      throw new Error('database away');
    });
    await expect(jobTask('export_zip', e, async () => undefined)({ v: 2, export_id: ID }, helpers)).rejects.toThrow('database away');
  });

  it('lets the handler’s own failures through, so graphile-worker retries them', async () => {
    const task = jobTask('export_zip', edge(), async () => {
      throw new Error('database away');
    });
    await expect(task({ v: 1, export_id: ID }, helpers)).rejects.toThrow('database away');
  });

  it('requires onInvalid of a task something waits on, and takes none for the others', async () => {
    const { logger, errors } = edge();
    // @ts-expect-error export_zip's export waits on its job: the entry must say how a broken job ends it.
    jobTask('export_zip', { logger }, async () => undefined);
    await jobTask('generation_retention', { logger }, async () => undefined)({ v: 3 }, helpers);
    expect(errors[0]!.fields).toMatchObject({ code: 'invalid_job_payload', task: 'generation_retention', owner: null });
  });
});
