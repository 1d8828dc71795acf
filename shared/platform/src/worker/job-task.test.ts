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

describe('jobTask', () => {
  it('hands the handler the payload its contract parsed', async () => {
    const seen: string[] = [];
    const log = logger();
    await jobTask('export_zip', log, async (payload) => {
      seen.push(payload.export_id);
    })({ v: 1, export_id: ID }, helpers);
    expect(seen).toEqual([ID]);
    expect(log.errors).toEqual([]);
  });

  it('fails a payload that breaks its contract for good: logged with its typed error, never run, never retried', async () => {
    const log = logger();
    let ran = false;
    const task = jobTask('export_zip', log, async () => {
      ran = true;
    });
    // Resolving is what keeps graphile-worker from scheduling another attempt of the same bytes.
    await expect(task({ v: 2, export_id: ID }, helpers)).resolves.toBeUndefined();
    expect(ran).toBe(false);
    expect(log.errors).toHaveLength(1);
    const { fields } = log.errors[0]!;
    expect(fields.err).toBeInstanceOf(JobPayloadError);
    expect(fields).toMatchObject({ code: 'invalid_job_payload', task: 'export_zip', jobId: '7' });
  });

  it('lets the handler’s own failures through, so graphile-worker retries them', async () => {
    const task = jobTask('export_zip', logger(), async () => {
      throw new Error('database away');
    });
    await expect(task({ v: 1, export_id: ID }, helpers)).rejects.toThrow('database away');
  });
});
