import { randomUUID } from 'node:crypto';
import { BULK_JOB_FLAG, RENDER_STATIC } from '@pressroom/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { createMetricsRegistry } from '../metrics/registry.js';
import { addRenderStaticJob } from '../sql/jobs.js';
import { type TestDatabase, testDatabase } from '../testing/database.js';
import { until } from '../testing/until.js';
import { startWorkerRuntime } from './runtime.js';

/**
 * A flag ceiling on a real Postgres and a real runtime: a bulk run's jobs carry the bulk flag; a
 * worker whose one bulk slot is held leaves the run's next jobs queued, though two of its slots
 * are idle and nudged by the enqueue, and still takes a sync render at once.
 */
const payload = (bulk: boolean) => ({
  v: 1 as const,
  generation_request_id: randomUUID(),
  banner_id: randomUUID(),
  workspace_id: randomUUID(),
  design_id: randomUUID(),
  format_name: 'square',
  file_type: 'jpeg' as const,
  overrides: { layers: {}, vars: {} },
  priority: 'sync' as const,
  enqueued_at: Date.now(),
  ...(bulk ? { bulk_run_id: randomUUID() } : {}),
});

describe('flag limits in the worker runtime', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await testDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('flags a bulk run job, and no other', async () => {
    const bulk = payload(true);
    const interactive = payload(false);
    await addRenderStaticJob(db.pool, bulk);
    await addRenderStaticJob(db.pool, interactive);
    const { rows } = await db.pool.query<{ design: string; flags: Record<string, true> | null }>(
      `SELECT payload->>'design_id' AS design, flags FROM graphile_worker._private_jobs`,
    );
    const flagsOf = (id: string) => rows.find((r) => r.design === id)?.flags ?? null;
    expect(flagsOf(bulk.design_id)).toEqual({ [BULK_JOB_FLAG]: true });
    expect(flagsOf(interactive.design_id)).toBeNull();
    await db.pool.query('DELETE FROM graphile_worker._private_jobs');
  });

  it('with its one bulk slot held, a worker leaves the other bulk jobs queued and takes the sync one', async () => {
    const bulkJobs = [payload(true), payload(true), payload(true)];
    for (const job of bulkJobs) await addRenderStaticJob(db.pool, job);
    const started: string[] = [];
    const releases: (() => void)[] = [];
    const metrics = createMetricsRegistry('render-worker');
    const runtime = await startWorkerRuntime({
      role: 'render-worker',
      db: db.pool,
      concurrency: 3,
      pollIntervalMs: 50,
      heartbeatIntervalMs: 200,
      logger: createLogger('test', 'silent'),
      metrics,
      flagLimits: { [BULK_JOB_FLAG]: 1 },
      taskList: {
        [RENDER_STATIC]: async (job) => {
          const p = job as { design_id: string; bulk_run_id?: string };
          started.push(p.design_id);
          if (p.bulk_run_id) await new Promise<void>((r) => releases.push(r));
        },
      },
    });
    try {
      await until('the first bulk job', () => started.length >= 1);
      // Many polls of the two idle slots: the other bulk jobs stay queued.
      await new Promise((r) => setTimeout(r, 500));
      expect(started).toHaveLength(1);
      expect(await metrics.getSingleMetricAsString('pressroom_flag_limited_jobs_running')).toMatch(
        /pressroom_flag_limited_jobs_running{flag="bulk"[^}]*} 1/,
      );
      const sync = payload(false);
      await addRenderStaticJob(db.pool, sync);
      await until('the sync job', () => started.includes(sync.design_id));
      expect(started).toHaveLength(2);
      // Each bulk job that ends lets exactly the next one in.
      releases.shift()?.();
      await until('the second bulk job', () => started.length === 3);
      await new Promise((r) => setTimeout(r, 300));
      expect(started).toHaveLength(3);
      releases.shift()?.();
      await until('the third bulk job', () => started.length === 4);
      expect(new Set(started)).toEqual(new Set([...bulkJobs.map((j) => j.design_id), sync.design_id]));
    } finally {
      for (const release of releases.splice(0)) release();
      await runtime.stop();
    }
  });
});
