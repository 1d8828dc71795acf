import { randomUUID } from 'node:crypto';
import { BULK_JOB_FLAG, BULK_JOB_PRIORITY, BULK_RUN_PUMP_TASK, RENDER_STATIC } from '@pressroom/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCredits, setCredits } from '../credits/credits.js';
import { insertBulkRows, insertBulkRun, type NewBulkRow } from '../sql/bulk-runs.js';
import { type TestDatabase, testDatabase } from '../testing/database.js';
import { type CountingPool, countingPool } from '../testing/statement-count.js';
import { beat } from '../worker/heartbeat.js';
import { pumpBulkRun } from './pump.js';

/** The runner's step on real Postgres (docs/bulk.md, "Running"): what it starts, charges and fails, and what it costs. */
describe('pumpBulkRun, on real Postgres', () => {
  let db: TestDatabase;
  let counted: CountingPool;

  beforeAll(async () => {
    db = await testDatabase();
    counted = countingPool(db.url);
  });
  afterAll(async () => {
    await counted.pool.end();
    await db.drop();
  });

  async function workspace(credits: { generation: number; extra?: number; ai?: number }): Promise<string> {
    const id = (await db.pool.query<{ id: string }>(`INSERT INTO workspaces (name) VALUES ('Bulk') RETURNING id`)).rows[0]!.id;
    await setCredits(db.pool, id, 'generation', credits.generation);
    await setCredits(db.pool, id, 'ai', credits.ai ?? 0);
    if (credits.extra)
      await db.pool.query(`UPDATE credit_balances SET extra = $2 WHERE workspace_id = $1 AND kind = 'generation'`, [id, credits.extra]);
    return id;
  }

  async function run(
    workspaceId: string,
    rows: { formats: string[]; ai?: number; fileName?: string }[],
    price: { perFile: number; perAiOperation: number } = { perFile: 1, perAiOperation: 0 },
  ): Promise<string> {
    const formats = [...new Set(rows.flatMap((r) => r.formats))];
    const runId = await insertBulkRun(db.pool, {
      workspaceId,
      designId: randomUUID(),
      headers: ['headline.payload'],
      targets: ['headline.payload'],
      formats,
      fileType: 'jpeg',
      rowCount: rows.length,
      fileCount: rows.reduce((n, r) => n + r.formats.length, 0),
      creditPerFile: price.perFile,
      aiCreditPerOperation: price.perAiOperation,
      callbackUrl: null,
      idempotencyKey: null,
      requestHash: null,
    });
    await insertBulkRows(
      db.pool,
      runId,
      rows.map(
        (r, idx): NewBulkRow => ({
          idx,
          line: idx + 2,
          cells: [`Row ${idx}`],
          overrides: { layers: { headline: { payload: `Row ${idx}` } } } as unknown as NewBulkRow['overrides'],
          formats: r.formats,
          file_type: 'jpeg',
          file_name: r.fileName ?? null,
          ai_operations: r.ai ?? 0,
        }),
      ),
    );
    return runId;
  }

  it('a step that starts 50 rows sends no more statements than one that starts 5 (set-based, not per row)', async () => {
    const ws = await workspace({ generation: 1000, ai: 1000 });
    const costOf = async (n: number) => {
      const rows = Array.from({ length: n }, (_, i) => ({ formats: i % 2 ? ['square', 'story'] : ['square'], ai: i % 3 }));
      const runId = await run(ws, rows, { perFile: 1, perAiOperation: 1 });
      counted.reset();
      const step = await pumpBulkRun(counted.pool, runId, { window: n, intervalMs: 1000 });
      expect(step).toEqual({ kind: 'again', started: n, failed: 0 });
      return counted.statements();
    };
    const five = await costOf(5);
    const fifty = await costOf(50);
    expect(fifty).toBe(five);
    // BEGIN, the run's lock, its counts, its rows, the credits, the requests, the spend, the jobs,
    // the rows' states, the run's status, the next step, COMMIT.
    expect(fifty).toBeLessThanOrEqual(12);
  });

  it('rows the credits no longer cover fail alone, with their reason, in row order; the others start, charged per file', async () => {
    // 6 generation credits (4 of the allowance, then 2 of the top-up), 3 AI credits; 1 credit per file and per AI operation.
    const ws = await workspace({ generation: 4, extra: 2, ai: 3 });
    const runId = await run(
      ws,
      [
        { formats: ['square'] }, // 1 → 5 left
        { formats: ['square', 'story'], ai: 1, fileName: 'two' }, // 2 → 3 left; AI 2 → 1 left
        { formats: ['square', 'story'], ai: 2 }, // AI 4 > 1: fails, its generation credits untouched
        { formats: ['square', 'story'] }, // 2 → 1 left
        { formats: ['square', 'story'] }, // 2 > 1: fails
        { formats: ['square'], ai: 1 }, // 1 → 0 left; AI 1 → 0 left
        { formats: ['square'] }, // 1 > 0: fails
      ],
      { perFile: 1, perAiOperation: 1 },
    );
    expect(await pumpBulkRun(db.pool, runId, { window: 10, intervalMs: 1000 })).toEqual({ kind: 'again', started: 4, failed: 3 });

    const rows = await db.pool.query<{ idx: number; status: string; error: string | null; request: string | null }>(
      'SELECT idx, status, error, generation_request_id AS request FROM bulk_rows WHERE run_id = $1 ORDER BY idx',
      [runId],
    );
    const noGeneration = 'rate_limit_exceeded: The workspace has no generation credits left.';
    const noAi = 'rate_limit_exceeded: The workspace has no AI credits left for the AI operations of this row.';
    expect(rows.rows.map((r) => [r.idx, r.status, r.error, r.request !== null])).toEqual([
      [0, 'queued', null, true],
      [1, 'queued', null, true],
      [2, 'failed', noAi, false],
      [3, 'queued', null, true],
      [4, 'failed', noGeneration, false],
      [5, 'queued', null, true],
      [6, 'failed', noGeneration, false],
    ]);
    const credits = await readCredits(db.pool, ws);
    expect(credits.generation).toEqual({ available: 0, limit: 4, consumed: 4, extra: 0 });
    expect(credits.ai).toEqual({ available: 0, limit: 3, consumed: 3, extra: 0 });

    // Each started row's request: its files, its prices, and one ledger line per kind it spent.
    const requestOf = new Map(rows.rows.filter((r) => r.request).map((r) => [r.request!, r.idx]));
    const requests = await db.pool.query<{
      id: string;
      expected_files: number;
      credit_per_file: number;
      ai_credit_per_file: number;
      bulk_run_id: string;
    }>('SELECT id, expected_files, credit_per_file, ai_credit_per_file, bulk_run_id FROM generation_requests WHERE workspace_id = $1', [
      ws,
    ]);
    expect(
      requests.rows.map((r) => [requestOf.get(r.id), r.expected_files, r.credit_per_file, r.ai_credit_per_file, r.bulk_run_id]).sort(),
    ).toEqual([
      [0, 1, 1, 0, runId],
      [1, 2, 1, 1, runId],
      [3, 2, 1, 0, runId],
      [5, 1, 1, 1, runId],
    ]);
    const ledger = await db.pool.query<{ kind: string; amount: string; reason: string; reference: string }>(
      `SELECT kind, amount, reason, reference FROM credit_ledger WHERE workspace_id = $1 AND reason <> 'set' ORDER BY id`,
      [ws],
    );
    expect(ledger.rows.map((l) => [requestOf.get(l.reference), l.kind, Number(l.amount), l.reason])).toEqual([
      [0, 'generation', -1, 'generation'],
      [1, 'generation', -2, 'generation'],
      [1, 'ai', -2, 'ai_operations'],
      [3, 'generation', -2, 'generation'],
      [5, 'generation', -1, 'generation'],
      [5, 'ai', -1, 'ai_operations'],
    ]);

    // One render job per file, at the bulk priority with the bulk flag, named by the row; and the next step.
    const jobs = await db.pool.query<{
      task: string;
      priority: number;
      flags: Record<string, boolean> | null;
      payload: Record<string, unknown>;
    }>(
      `SELECT t.identifier AS task, j.priority, j.flags, j.payload FROM graphile_worker._private_jobs j
         JOIN graphile_worker._private_tasks t ON t.id = j.task_id
        WHERE j.payload->>'bulk_run_id' = $1 ORDER BY t.identifier, j.payload->>'file_name'`,
      [runId],
    );
    const renders = jobs.rows.filter((j) => j.task === RENDER_STATIC);
    expect(
      renders.map((j) => [requestOf.get(String(j.payload['generation_request_id'])), j.payload['format_name'], j.payload['file_name']]),
    ).toEqual([
      [0, 'square', 'row-00001'],
      [3, 'square', 'row-00004-square'],
      [3, 'story', 'row-00004-story'],
      [5, 'square', 'row-00006'],
      [1, 'square', 'two-square'],
      [1, 'story', 'two-story'],
    ]);
    for (const j of renders) {
      expect(j.priority).toBe(BULK_JOB_PRIORITY);
      expect(j.flags).toEqual({ [BULK_JOB_FLAG]: true });
      expect(j.payload).toMatchObject({ v: 1, workspace_id: ws, file_type: 'jpeg', priority: 'async', original_banner_id: null });
    }
    expect(new Set(renders.map((j) => j.payload['banner_id'])).size).toBe(6);
    expect(jobs.rows.filter((j) => j.task === BULK_RUN_PUMP_TASK)).toHaveLength(1);
    expect((await db.pool.query('SELECT status FROM bulk_runs WHERE id = $1', [runId])).rows[0]).toEqual({ status: 'running' });
  });

  it("each file's job picks its own warm worker, as a job added alone does (worker/affinity.ts)", async () => {
    const ws = await workspace({ generation: 100 });
    const runId = await run(
      ws,
      Array.from({ length: 40 }, () => ({ formats: ['square'] })),
    );
    const designId = (await db.pool.query<{ design_id: string }>('SELECT design_id FROM bulk_runs WHERE id = $1', [runId])).rows[0]!
      .design_id;
    await beat(db.pool, ['pool-a'], 'render-worker', { v: 1, warm: { key: 'A', designs: [designId] } });
    await beat(db.pool, ['pool-b'], 'render-worker', { v: 1, warm: { key: 'B', designs: [designId] } });
    await beat(db.pool, ['pool-c'], 'render-worker', { v: 1, warm: { key: 'C', designs: [] } });
    expect(await pumpBulkRun(db.pool, runId, { window: 40, intervalMs: 1000 })).toMatchObject({ started: 40 });
    const flags = await db.pool.query<{ flags: Record<string, boolean> }>(
      `SELECT j.flags FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
        WHERE t.identifier = $2 AND j.payload->>'bulk_run_id' = $1`,
      [runId, RENDER_STATIC],
    );
    const warm = flags.rows.map((r) => {
      expect(Object.keys(r.flags).sort()).toEqual([BULK_JOB_FLAG, expect.stringMatching(/^warm:[AB]:\d+$/)]);
      return Object.keys(r.flags)
        .find((f) => f.startsWith('warm:'))!
        .split(':')[1];
    });
    // 40 jobs each drawing A or B: both are drawn (all alike by chance: 2 in 2^40).
    expect(new Set(warm)).toEqual(new Set(['A', 'B']));
  });
});
