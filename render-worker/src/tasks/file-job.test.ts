import { RenderRefusedError } from '@pressroom/model';
import { JobFencedError } from '@pressroom/platform';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { judgeFailedAttempt } from './file-job.js';
import { createRenderMetrics } from './metrics.js';

const file = { formatName: 'square', internalReason: 'The render failed.' };

function attempt(attempts: number, options: { maxAttempts?: number; aborted?: boolean } = {}) {
  const abort = new AbortController();
  if (options.aborted) abort.abort();
  return { job: { attempts, max_attempts: options.maxAttempts ?? 3 }, abortSignal: abort.signal };
}

async function judge(error: unknown, helpers: ReturnType<typeof attempt>) {
  const renderMetrics = createRenderMetrics(new Registry());
  const judged = judgeFailedAttempt({ renderMetrics }, helpers, error, file);
  const counted = (await renderMetrics.failures.get()).values.filter((v) => v.value > 0).map((v) => v.labels.class);
  return { judged, counted };
}

describe('judgeFailedAttempt: one judgement of a failed render attempt, for a file and an animation part alike', () => {
  it('throws back a fenced execution without counting it: another execution owns the job', async () => {
    const fenced = new JobFencedError({ jobId: '1', lockedBy: 'w', attempts: 1 }, 'outcome');
    expect(await judge(fenced, attempt(3))).toEqual({ judged: { throw: 'fenced' }, counted: [] });
  });

  it('throws back an infrastructure failure while attempts are left, and at shutdown even on the last', async () => {
    expect((await judge(new Error('pool closed'), attempt(1))).judged).toEqual({ throw: 'retry', failure: 'internal' });
    expect((await judge(new Error('pool closed'), attempt(3, { aborted: true }))).judged).toEqual({ throw: 'shutdown' });
  });

  it('records an infrastructure failure on its last attempt as internal, with the caller’s reason', async () => {
    const { judged, counted } = await judge(new Error('pool closed'), attempt(3));
    expect(judged).toEqual({
      failure: 'internal',
      outcome: { kind: 'error', formatName: 'square', errorId: 'internal_server_error', reason: 'The render failed.' },
    });
    expect(counted).toEqual(['internal']);
  });

  it('records a design fault at once, even at shutdown, with its own message', async () => {
    const refused = new RenderRefusedError('headline cannot fit its box');
    for (const helpers of [attempt(1), attempt(1, { aborted: true })]) {
      expect((await judge(refused, helpers)).judged).toEqual({
        failure: 'refused',
        outcome: { kind: 'error', formatName: 'square', errorId: 'cannot_build_banner', reason: 'headline cannot fit its box' },
      });
    }
  });
});
