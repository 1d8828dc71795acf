import { randomUUID } from 'node:crypto';
import {
  advertiseCapabilities,
  BULK_JOB_FLAG,
  checkColorProfileOnFarm,
  NO_AI_CAPABILITIES,
  RENDER_PRINT,
  type RenderPrintPayload,
} from '@pressroom/model';
import { addRenderPrintJob, createLogger, createMetricsRegistry, liveRenderWorkers, startWorkerRuntime } from '@pressroom/platform';
import { type TestDatabase, testDatabase, until } from '@pressroom/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderWorkerForbiddenFlags } from './profile-routing.js';

/**
 * Routing print jobs by colour profile on a real Postgres with two real worker runtimes
 * (graphile-worker, heartbeats), each forbidding what the render worker's entry makes it forbid:
 * the worker without ISO Uncoated takes every job it may (those naming ISO Coated, and those
 * naming none) and leaves the ISO Uncoated ones queued, however often it polls; the worker that
 * holds ISO Uncoated takes them once it runs.
 */
const ECI = 'be2ab219-8fe4-4d85-91ba-65bdc9ddaf01';
const UNCOATED = 'e0c86a8a-050c-41f1-885a-0f74b9baac50';
/** The waits below: two worker runtimes polling on a loaded machine. */
const WAIT = { timeoutMs: 20_000, intervalMs: 25 };

const payload = (colorProfile?: string): RenderPrintPayload => ({
  v: 1,
  generation_request_id: randomUUID(),
  banner_id: randomUUID(),
  workspace_id: randomUUID(),
  design_id: randomUUID(),
  output_name: 'a6',
  pages: [{ frame: 'a6', overrides: { layers: {}, vars: {} } }],
  options: { crop_marks: false, safe_zone: false, ...(colorProfile === undefined ? {} : { color_profile: colorProfile }) },
  priority: 'async',
  enqueued_at: Date.now(),
});

describe('print jobs routed by colour profile across two render workers', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await testDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  /** A render worker's runtime holding `profiles`, recording the jobs it takes under `name`. */
  const worker = (name: string, profiles: string[], taken: { worker: string; profile: string | undefined }[], polls: { n: number }) => {
    const forbidden = renderWorkerForbiddenFlags(profiles, null);
    return startWorkerRuntime({
      role: 'render-worker',
      db: db.pool,
      concurrency: 2,
      pollIntervalMs: 50,
      heartbeatIntervalMs: 200,
      logger: createLogger('test', 'silent'),
      metrics: createMetricsRegistry('render-worker'),
      capabilities: advertiseCapabilities(NO_AI_CAPABILITIES, profiles),
      forbiddenFlags: () => {
        polls.n++;
        return forbidden();
      },
      flagLimits: { [BULK_JOB_FLAG]: 1 },
      taskList: {
        [RENDER_PRINT]: async (job) => {
          taken.push({ worker: name, profile: (job as RenderPrintPayload).options.color_profile });
        },
      },
    });
  };

  it('only the worker holding the profile takes a job naming it; jobs naming none go anywhere', async () => {
    const taken: { worker: string; profile: string | undefined }[] = [];
    const polls = { n: 0 };
    const without = await worker('without', [ECI], taken, polls);
    let holder: Awaited<ReturnType<typeof worker>> | null = null;
    try {
      const jobs = [payload(UNCOATED), payload(), payload(ECI), payload(UNCOATED), payload(), payload(UNCOATED)];
      for (const job of jobs) await addRenderPrintJob(db.pool, job);
      await until('the jobs the worker without ISO Uncoated may take', () => taken.length >= 3, WAIT);
      // Many more polls: the ISO Uncoated jobs stay queued, unlocked.
      const after = polls.n;
      await until('ten more polls', () => polls.n >= after + 10, WAIT);
      expect(taken.every((t) => t.worker === 'without' && t.profile !== UNCOATED)).toBe(true);
      const { rows } = await db.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE locked_at IS NULL AND payload->'options'->>'color_profile' = $1`,
        [UNCOATED],
      );
      expect(rows[0]!.n).toBe(3);
      // The submit check reads these two workers' heartbeats: one holder is enough.
      holder = await worker('holder', [ECI, UNCOATED], taken, { n: 0 });
      expect(checkColorProfileOnFarm(UNCOATED, await liveRenderWorkers(db.pool, 60_000))).toBeNull();
      await until('every job', () => taken.length === jobs.length, WAIT);
      expect(taken.filter((t) => t.profile === UNCOATED)).toEqual([
        { worker: 'holder', profile: UNCOATED },
        { worker: 'holder', profile: UNCOATED },
        { worker: 'holder', profile: UNCOATED },
      ]);
      // A job naming none still goes to whichever worker polls first.
      const plain = payload();
      await addRenderPrintJob(db.pool, plain);
      await until('a job naming no profile', () => taken.length === jobs.length + 1, WAIT);
    } finally {
      await holder?.stop();
      await without.stop();
    }
  });
});
