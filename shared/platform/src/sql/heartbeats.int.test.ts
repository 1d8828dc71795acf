import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, testDatabase } from '../testing/database.js';
import { deleteHeartbeats, deleteStaleHeartbeats, forceUnlockWorkers, selectLiveCapabilities, upsertHeartbeats } from './heartbeats.js';

describe('sql/heartbeats', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await testDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  const age = (workerId: string, seconds: number) =>
    db.pool.query(`UPDATE worker_heartbeats SET last_seen = now() - make_interval(secs => $2) WHERE worker_id = $1`, [workerId, seconds]);

  it('one live entry per process of a role, its latest capabilities; stale and other roles left out', async () => {
    await upsertHeartbeats(db.pool, { workerIds: ['a1', 'a2'], role: 'render', host: 'h', pid: 1, capabilities: { v: 1 } });
    await upsertHeartbeats(db.pool, { workerIds: ['b1'], role: 'render', host: 'h', pid: 2, capabilities: null });
    await upsertHeartbeats(db.pool, { workerIds: ['m1'], role: 'media', host: 'h', pid: 3, capabilities: { m: true } });
    await upsertHeartbeats(db.pool, { workerIds: ['a2'], role: 'render', host: 'h', pid: 1, capabilities: { v: 2 } });
    await age('b1', 60);
    expect(await selectLiveCapabilities(db.pool, 'render', 8_000)).toEqual([{ v: 2 }]);
    expect(await selectLiveCapabilities(db.pool, 'media', 8_000)).toEqual([{ m: true }]);
  });

  it('a stale heartbeat is claimed by exactly one sweep, and its jobs are released', async () => {
    const job = await db.pool.query<{ id: string }>(`SELECT id FROM graphile_worker.add_job('render_static', '{}'::json)`);
    await db.pool.query(`UPDATE graphile_worker._private_jobs SET locked_at = now(), locked_by = 'b1' WHERE id = $1`, [job.rows[0]!.id]);
    const [first, second] = await Promise.all([deleteStaleHeartbeats(db.pool, 8_000), deleteStaleHeartbeats(db.pool, 8_000)]);
    expect([...first!, ...second!]).toEqual(['b1']);
    await forceUnlockWorkers(db.pool, ['b1']);
    const locked = await db.pool.query('SELECT 1 FROM graphile_worker._private_jobs WHERE locked_by IS NOT NULL');
    expect(locked.rowCount).toBe(0);
  });

  it('deletes the named heartbeats only', async () => {
    await deleteHeartbeats(db.pool, ['a1']);
    const { rows } = await db.pool.query<{ worker_id: string }>('SELECT worker_id FROM worker_heartbeats ORDER BY worker_id');
    expect(rows.map((r) => r.worker_id)).toEqual(['a2', 'm1']);
  });
});
