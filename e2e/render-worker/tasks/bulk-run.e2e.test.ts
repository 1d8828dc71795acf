// A bulk run of 1,000 rows × 1 format of the example static design on a real farm (docs/bulk.md),
// with kill -9 of the control plane and of the render worker mid-run: the run completes, every
// row has exactly one file, the result CSV and the ZIP hold the 1,000 files matching their rows,
// and three rows' pixels equal a render of the same values. JPEG: the acceptance is about the
// run, not the encoder, and a PNG encode per row made this the longest test in CI (6 min).
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TestDatabase, testDatabase, until } from '@pressroom/platform/testing';
import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, dumpOutputs, type Farm, killTree, seedExample, startFarm, waitFinal, waitForWorkers } from './testing/farm-processes.js';

// BULK_E2E_ROWS: fewer rows while working on the test; the acceptance figure is 1,000.
const ROWS = Number(process.env.BULK_E2E_ROWS ?? 1000);
const COLOURS = ['#d62828', '#2a9d8f', '#264653'];
/** Bounds that only prove "it did not hang": on a 2-core machine shared with other work, 0.3 rows/s was seen. */
const PROGRESS_MS = 40 * 60_000;

describe('a bulk run of 1,000 rows through kill -9 of the control plane and of the render worker', () => {
  let db: TestDatabase;
  let farm: Farm;

  beforeAll(async () => {
    db = await testDatabase();
    // A render's deadline is raised: on a machine shared with other work a render of the example
    // can pass 9 s twice, and a row would fail for the machine's sake, not the run's.
    farm = await startFarm({ databaseUrl: db.url, workers: 1, mediaWorkers: 1, env: { LOG_LEVEL: 'info', RENDER_TIMEOUT_MS: '60000' } });
    await waitForWorkers(db.pool, farm, 1);
  }, 180_000);

  afterAll(async () => {
    if (farm) await dumpOutputs(farm, `${tmpdir()}/pressroom-bulk-run-e2e.log`);
    await farm?.stop();
    await db?.drop();
  });

  const doneRows = async (runId: string) =>
    (
      await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM bulk_rows WHERE run_id = $1 AND status IN ('done', 'failed')`, [
        runId,
      ])
    ).rows[0]!.n;
  /** How long a stage of the run may take (a hang guard) and how often it is looked at. */
  const PROGRESS = { timeoutMs: PROGRESS_MS, intervalMs: 250 };

  it(
    'completes with every row rendered exactly once, a result CSV and a ZIP that match the rows',
    async () => {
      const seed = await seedExample(db.pool, 'static-summer-sale.json');
      const lines = ['headline.payload,headline.color,_file_name'];
      for (let i = 0; i < ROWS; i++) lines.push(`"Row ${i}, bulk",${COLOURS[i % 3]},bulk-${i}`);
      const csv = Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8').toString('base64');
      const created = await api(farm, seed.key, 'POST', `/designs/${seed.designId}/bulk-runs`, {
        source: { type: 'csv', csv_encoded: csv },
        formats: ['square'],
        image_file_type: 'jpeg',
      });
      expect(created.status, JSON.stringify(created.body)).toBe(202);
      const runId = created.body.id as string;
      expect(created.body).toMatchObject({ row_count: ROWS, file_count: ROWS });

      await until('15% of the rows done', async () => (await doneRows(runId)) >= ROWS * 0.15, PROGRESS);
      await farm.restartControlPlane();
      await until('35% of the rows done', async () => (await doneRows(runId)) >= ROWS * 0.35, PROGRESS);
      killTree(farm.workers[0]!);
      farm.addWorker();

      let run: Record<string, unknown> = {};
      await until(
        'the run finished with its ZIP',
        async () => {
          run = (await api(farm, seed.key, 'GET', `/bulk-runs/${runId}`)).body;
          return run.finished_at_ts !== null;
        },
        { ...PROGRESS, timeoutMs: 3 * PROGRESS_MS },
      );
      expect(run).toMatchObject({ status: 'completed', rows: { done: ROWS, failed: 0, pending: 0 }, error: null });
      expect(run.archive_url).toEqual(expect.any(String));

      // Exactly once: one file per row, and 1,000 credits spent.
      const files = await db.pool.query<{ rows: number; files: number }>(
        `SELECT count(DISTINCT r.idx)::int AS rows, count(b.id)::int AS files
         FROM bulk_rows r JOIN banners b ON b.generation_request_id = r.generation_request_id WHERE r.run_id = $1`,
        [runId],
      );
      expect(files.rows[0]).toEqual({ rows: ROWS, files: ROWS });
      const spent = await db.pool.query<{ n: number }>(
        `SELECT coalesce(sum(b.credit_per_file * b.expected_files), 0)::int AS n FROM generation_requests b WHERE b.bulk_run_id = $1`,
        [runId],
      );
      expect(spent.rows[0]!.n).toBe(ROWS);

      // The result CSV: the input columns, then status and the file URL of each row, in order.
      const res = await fetch(`${farm.baseUrl}/bulk-runs/${runId}/results.csv`, { headers: { 'x-api-key': seed.key } });
      expect(res.status).toBe(200);
      const table = parse(Buffer.from(await res.arrayBuffer()), { bom: true, columns: true }) as Record<string, string>[];
      expect(table).toHaveLength(ROWS);
      for (const [i, row] of table.entries()) {
        expect(row).toMatchObject({ 'headline.payload': `Row ${i}, bulk`, _file_name: `bulk-${i}`, _status: 'done', _error: '' });
        expect(row._file_url).toContain(`bulk-${i}.jpeg`);
      }

      // The ZIP: 1,000 files, named by their rows.
      const zipPath = join(farm.dataDir, `bulk-${runId}.zip`);
      await writeFile(zipPath, Buffer.from(await (await fetch(run.archive_url as string)).arrayBuffer()));
      execFileSync('unzip', ['-tq', zipPath]);
      const names = execFileSync('unzip', ['-Z1', zipPath], { encoding: 'utf8', maxBuffer: 1 << 24 })
        .trim()
        .split('\n');
      expect(names.sort()).toEqual(Array.from({ length: ROWS }, (_, i) => `bulk-${i}.jpeg`).sort());

      // Three rows' pixels: the ZIP's file equals a sync render of the same values, and rows differ.
      const raws: Buffer[] = [];
      for (const i of [0, Math.floor(ROWS / 2), ROWS - 1]) {
        const fromZip = execFileSync('unzip', ['-p', zipPath, `bulk-${i}.jpeg`], { maxBuffer: 1 << 26 });
        // Asynchronous, so a loaded machine is not held to the 10-second sync budget.
        const single = await api(farm, seed.key, 'POST', `/async/banner-builder/${seed.designId}/generate`, {
          template_format_names: ['square'],
          image_file_type: 'jpeg',
          elements: { headline: { payload: `Row ${i}, bulk`, color: COLOURS[i % 3] } },
        });
        expect(single.status).toBe(200);
        const final = await waitFinal(farm, seed.key, single.body.generation_request_id, 300_000);
        const expected = Buffer.from(await (await fetch(final.banners[0].file.url)).arrayBuffer());
        const [a, b] = await Promise.all([fromZip, expected].map((file) => sharp(file).removeAlpha().raw().toBuffer()));
        expect(a!.length).toBe(b!.length);
        let diff = 0;
        for (let k = 0; k < a!.length; k++) diff += Math.abs(a![k]! - b![k]!);
        expect(diff / a!.length, `row ${i}`).toBeLessThan(1);
        raws.push(a!);
      }
      expect(raws[0]!.equals(raws[1]!)).toBe(false);
      expect(raws[1]!.equals(raws[2]!)).toBe(false);
    },
    4 * PROGRESS_MS,
  );
});
