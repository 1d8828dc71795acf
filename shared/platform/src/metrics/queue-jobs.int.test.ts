import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, testDatabase } from '../testing/database.js';
import { queuePriorityOf, readQueueJobs, readQueueJobsByPriority, startQueueJobsGauge } from './queue-jobs.js';

/** Jobs in each state, made with graphile-worker's own SQL and then moved by hand as a worker would. */
async function seedJobs(db: TestDatabase): Promise<void> {
  const add = async (task: string, runAt = 'now()', priority = 0) =>
    (
      await db.pool.query<{ id: string }>(`SELECT id FROM graphile_worker.add_job($1, '{}'::json, run_at := ${runAt}, priority := $2)`, [
        task,
        priority,
      ])
    ).rows[0]!.id;
  await add('render_static', 'now()', -10);
  await add('render_static');
  await add('render_static', "now() + interval '1 hour'", 10);
  const running = await add('render_static');
  await db.pool.query(`UPDATE graphile_worker._private_jobs SET locked_at = now(), locked_by = 'test-worker' WHERE id = $1`, [running]);
  const failed = await add('export_zip');
  await db.pool.query('UPDATE graphile_worker._private_jobs SET attempts = max_attempts WHERE id = $1', [failed]);
  // A task with no jobs left still answers zeros (a scaler reads 0, not a missing series).
  await db.pool.query(`INSERT INTO graphile_worker._private_tasks (identifier) VALUES ('render_print') ON CONFLICT DO NOTHING`);
}

describe('pressroom_queue_jobs', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await testDatabase();
    await seedJobs(db);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('counts jobs per task by state from graphile-worker tables', async () => {
    const counts = await readQueueJobs(db.pool);
    const of = (task: string) => Object.fromEntries(counts.filter((c) => c.task === task).map((c) => [c.state, c.jobs]));
    expect(of('render_static')).toEqual({ waiting: 2, scheduled: 1, running: 1, failed: 0 });
    expect(of('export_zip')).toEqual({ waiting: 0, scheduled: 0, running: 0, failed: 1 });
    expect(of('render_print')).toEqual({ waiting: 0, scheduled: 0, running: 0, failed: 0 });
  });

  it('counts jobs by priority class: sync, async and bulk queues apart', async () => {
    const counts = await readQueueJobsByPriority(db.pool);
    const of = (priority: string) => Object.fromEntries(counts.filter((c) => c.priority === priority).map((c) => [c.state, c.jobs]));
    expect(of('sync')).toEqual({ waiting: 1, scheduled: 0, running: 0, failed: 0 });
    expect(of('async')).toEqual({ waiting: 1, scheduled: 0, running: 1, failed: 1 });
    expect(of('bulk')).toEqual({ waiting: 0, scheduled: 1, running: 0, failed: 0 });
    expect(of('other')).toEqual({ waiting: 0, scheduled: 0, running: 0, failed: 0 });
    expect([queuePriorityOf(-10), queuePriorityOf(0), queuePriorityOf(10), queuePriorityOf(3)]).toEqual(['sync', 'async', 'bulk', 'other']);
  });

  it('the gauge shows the counts after a refresh, not before', async () => {
    const registry = new Registry();
    const errors: unknown[] = [];
    const gauge = startQueueJobsGauge({ db: db.pool, registry, intervalMs: 0, onError: (e) => errors.push(e) });
    try {
      expect(await registry.getSingleMetricAsString('pressroom_queue_jobs')).not.toMatch(/task="render_static"/);
      await gauge.refresh();
      const text = await registry.getSingleMetricAsString('pressroom_queue_jobs');
      expect(text).toContain('pressroom_queue_jobs{task="render_static",state="waiting"} 2');
      expect(text).toContain('pressroom_queue_jobs{task="render_static",state="running"} 1');
      expect(text).toContain('pressroom_queue_jobs{task="export_zip",state="failed"} 1');
      expect(await registry.getSingleMetricAsString('pressroom_queue_jobs_by_priority')).toContain(
        'pressroom_queue_jobs_by_priority{priority="bulk",state="scheduled"} 1',
      );
      expect(errors).toEqual([]);
    } finally {
      gauge.stop();
    }
  });
});
