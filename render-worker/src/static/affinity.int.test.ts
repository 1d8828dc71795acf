import { randomUUID } from 'node:crypto';
import { addRenderStaticJob, beat } from '@pressroom/platform';
import { type TestDatabase, testDatabase } from '@pressroom/platform/testing';
import { Logger, run } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affinityForbiddenFlags } from './affinity.js';

/**
 * Affinity on a real Postgres and a real graphile-worker runner: a job of a design another live
 * worker holds warm is flagged for it; this worker leaves it alone while the hold lasts (its clock
 * is injected: no wall-clock race) and takes it once the hold has passed.
 */
const designId = randomUUID();
const payload = (design: string) => ({
  v: 1 as const,
  generation_request_id: randomUUID(),
  banner_id: randomUUID(),
  workspace_id: randomUUID(),
  design_id: design,
  format_name: 'square',
  file_type: 'jpeg' as const,
  overrides: { layers: {}, vars: {} },
  priority: 'sync' as const,
  enqueued_at: Date.now(),
});

describe('render affinity', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await testDatabase();
    await beat(db.pool, ['pool-a'], 'render-worker', { v: 1, warm: { key: 'A', designs: [designId] } });
    await beat(db.pool, ['pool-b'], 'render-worker', { v: 1, warm: { key: 'B', designs: [] } });
  });
  afterAll(async () => {
    await db?.drop();
  });

  const flagsOf = async (design: string) =>
    (
      await db.pool.query<{ flags: Record<string, true> | null }>(
        `SELECT flags FROM graphile_worker._private_jobs WHERE payload->>'design_id' = $1`,
        [design],
      )
    ).rows[0]?.flags ?? null;

  it('flags a job for the live worker that holds its design warm, and no other', async () => {
    await addRenderStaticJob(db.pool, payload(designId));
    expect(Object.keys((await flagsOf(designId)) ?? {})).toEqual([expect.stringMatching(/^warm:A:\d+$/)]);
    const cold = randomUUID();
    await addRenderStaticJob(db.pool, payload(cold));
    expect(await flagsOf(cold)).toBeNull();
  });

  it('another worker leaves the job for the hold, then takes it', async () => {
    await db.pool.query('DELETE FROM graphile_worker._private_jobs');
    const { rows } = await db.pool.query<{ ms: string }>('SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS ms');
    let clock = Number(rows[0]!.ms);
    await addRenderStaticJob(db.pool, payload(designId));
    let polls = 0;
    const forbidden = affinityForbiddenFlags(db.pool, { ownKey: 'B', holdMs: 400, staleAfterMs: 60_000, refreshMs: 0, now: () => clock });
    const taken: string[] = [];
    let done: () => void = () => undefined;
    const took = new Promise<void>((resolve) => {
      done = resolve;
    });
    const runner = await run({
      pgPool: db.pool,
      concurrency: 1,
      pollInterval: 50,
      noHandleSignals: true,
      logger: new Logger(() => () => undefined),
      forbiddenFlags: async () => {
        polls++;
        return forbidden();
      },
      taskList: {
        render_static: async (job) => {
          taken.push((job as { design_id: string }).design_id);
          done();
        },
      },
    });
    try {
      // Several polls inside the hold: the job stays where it is.
      while (polls < 4) await new Promise((r) => setTimeout(r, 20));
      expect(taken).toEqual([]);
      clock += 450;
      await took;
      expect(taken).toEqual([designId]);
    } finally {
      await runner.stop();
    }
  });
});
