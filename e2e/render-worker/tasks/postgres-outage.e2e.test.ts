// A farm on a Postgres this test owns: async generations queued, then `pg_ctl restart -m fast`
// (every connection terminated with 57P01) and a stop of several seconds (ECONNREFUSED/ECONNRESET).
// Every process must stay up, say it waits for the database while it is gone, and every job must
// finish exactly once after it is back.
import { tmpdir } from 'node:os';
import { createPool, migrate } from '@pressroom/platform';
import { type OwnPostgres, ownPostgresAvailable, startOwnPostgres, until } from '@pressroom/platform/testing';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, dumpOutputs, type Farm, freePort, seedExample, startFarm, waitFinal, waitForWorkers } from './testing/farm-processes.js';

const REQUESTS = 6;

describe.skipIf(!ownPostgresAvailable())('a farm whose Postgres restarts and stops', () => {
  let server: OwnPostgres;
  let pool: pg.Pool;
  let farm: Farm;
  let metricsPort = 0;

  beforeAll(async () => {
    server = await startOwnPostgres();
    pool = createPool(server.url, { max: 4 });
    await migrate(pool);
    metricsPort = await freePort();
    // One render worker, so its METRICS_PORT is known.
    farm = await startFarm({
      databaseUrl: server.url,
      workers: 1,
      env: {
        METRICS_PORT: String(metricsPort),
        LOG_LEVEL: 'info',
        // What is under test is the database, not render speed: on a loaded machine a render can
        // pass the 9 s default, fail three times and end the request with an error.
        RENDER_TIMEOUT_MS: '60000',
      },
    });
    await waitForWorkers(pool, farm, 1);
  });

  afterAll(async () => {
    if (farm) await dumpOutputs(farm, `${tmpdir()}/pressroom-postgres-outage-e2e.log`);
    await farm?.stop();
    await pool?.end().catch(() => undefined);
    server?.destroy();
  });

  it('survives a fast restart and a stop mid-queue; /ready says it waits; every job runs exactly once', async () => {
    const seed = await seedExample(pool, 'static-summer-sale.json');
    const ids: string[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const res = await api(farm, seed.key, 'POST', `/async/banner-builder/${seed.designId}/generate`, { image_file_type: 'png' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      ids.push(res.body.generation_request_id as string);
    }
    // Restart while jobs are running and queued.
    await until(
      'a first banner',
      quietly(async () => (await bannerCount(pool, ids)) >= 1),
      { timeoutMs: 60_000, intervalMs: 200 },
    );
    server.restart();
    await pool.query('SELECT 1').catch(() => undefined); // the pool drops its terminated clients

    // Then an outage of several seconds, with jobs still queued.
    await until(
      'four banners',
      quietly(async () => (await bannerCount(pool, ids)) >= 4),
      { timeoutMs: 60_000, intervalMs: 200 },
    ).catch(() => undefined);
    server.stop();
    const worker = farm.workers[0]!;
    const seen = await until(
      'the render worker to answer /ready 503',
      quietly(async () => {
        const res = await fetch(`http://127.0.0.1:${metricsPort}/ready`);
        return res.status === 503 && ((await res.json()) as { status: string });
      }),
      { timeoutMs: 20_000, intervalMs: 200 },
    );
    expect(seen.status).toBe('waiting_for_database');
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(metrics).toMatch(/^pressroom_waiting_for_database\{[^}]*\} 1$/m);
    expect((await fetch(`${farm.baseUrl}/ready`)).status).toBe(503);
    await new Promise((r) => setTimeout(r, 6_000));
    expect(worker.child.exitCode, worker.output()).toBeNull();
    expect(farm.controlPlane.child.exitCode, farm.controlPlane.output()).toBeNull();
    server.start();

    await until(
      'the render worker to answer /ready 200',
      quietly(async () => (await fetch(`http://127.0.0.1:${metricsPort}/ready`)).status === 200),
      {
        timeoutMs: 30_000,
        intervalMs: 200,
      },
    );
    for (const id of ids) {
      const final = await waitFinal(farm, seed.key, id, 120_000);
      expect(final.errors).toEqual([]);
      expect(final.banners).toHaveLength(seed.formats.length);
    }
    // Exactly once: one Banner per request and format, and nothing left in the queue.
    const { rows } = await pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM banners WHERE generation_request_id = ANY($1::uuid[]) GROUP BY generation_request_id, format_name',
      [ids],
    );
    expect(rows).toHaveLength(REQUESTS * seed.formats.length);
    expect(rows.every((r) => r.n === 1)).toBe(true);
    // graphile-worker deletes a job once its task has returned, a moment after the request that job
    // completed became final: wait for the queue to empty (a job still there at the deadline fails).
    const left = async () =>
      (
        await pool.query(`SELECT j.id, j.attempts, j.last_error FROM graphile_worker._private_jobs j
          JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = 'render_static'`)
      ).rows;
    await until(
      'the render_static queue to empty',
      quietly(async () => (await left()).length === 0),
      { timeoutMs: 30_000, intervalMs: 200 },
    ).catch(() => undefined);
    expect(await left()).toEqual([]);
    expect(worker.child.exitCode).toBeNull();
    expect(worker.output()).not.toMatch(/unhandled|uncaught/i);
  }, 300_000);
});

async function bannerCount(pool: pg.Pool, ids: string[]): Promise<number> {
  const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM banners WHERE generation_request_id = ANY($1::uuid[])', [
    ids,
  ]);
  return rows[0]!.n;
}

/** A check of a database or a port that may be down: an error is a "not yet". */
function quietly<T>(check: () => Promise<T>): () => Promise<T | undefined> {
  return () => check().catch(() => undefined);
}
