// The farm the bench and soak scripts run on: an embedded Postgres in a temp dir, a control plane
// and render workers as child processes, local storage (or MinIO, with a data dir per process as
// on separate machines), and the example design seeded with its assets. Everything is stopped and
// removed afterwards, whatever happens.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadControlPlaneConfig } from '@pressroom/control-plane/config';
import { createPool, createStorage, migrate, startEmbeddedPostgres } from '@pressroom/platform';
import { type MinioServer, minioProcessEnv, startMinio } from '@pressroom/platform/testing';
import type pg from 'pg';
import { type Farm, freePort, seedExample, startFarm, waitForWorkers } from '../tasks/testing/farm-processes.js';

export interface BenchFarm {
  farm: Farm;
  pool: pg.Pool;
  seed: Awaited<ReturnType<typeof seedExample>>;
  /** Set with `s3`: the bucket every process uses. */
  minio?: MinioServer;
}

export async function withBenchFarm(
  options: {
    workers: number;
    logLevel: string;
    /** Run the roles' compiled entries, as production does (default: sources). */
    compiled?: boolean;
    /** Extra environment of every farm process. */
    env?: Record<string, string>;
    /** Storage on MinIO and a data dir per process: roles laid out as on separate machines. */
    s3?: boolean;
  },
  fn: (bench: BenchFarm) => Promise<void>,
): Promise<void> {
  const pgDir = await mkdtemp(join(tmpdir(), 'pressroom-bench-pg-'));
  const db = await startEmbeddedPostgres({ dataDir: pgDir, port: await freePort() });
  const pool = createPool(db.connectionString, { max: 4 });
  let farm: Farm | undefined;
  let minio: MinioServer | undefined;
  try {
    await migrate(pool);
    if (options.s3) minio = await startMinio();
    const s3 = minio ? minioProcessEnv(minio) : {};
    // Render-worker options (RENDER_CONCURRENCY, PAGE_POOL_SIZE, ...) pass through from the environment.
    farm = await startFarm({
      databaseUrl: db.connectionString,
      workers: options.workers,
      env: { LOG_LEVEL: options.logLevel, ...s3, ...options.env },
      compiled: options.compiled ?? false,
      separateDataDirs: options.s3 === true,
      // A bench may start on a machine busy with other work: give the control plane time.
      readyTimeoutMs: 180_000,
    });
    const storage = await createStorage(loadControlPlaneConfig({ DATA_DIR: farm.dataDir, DATABASE_URL: db.connectionString, ...s3 }), {
      dataDir: farm.dataDir,
      publicBaseUrl: farm.baseUrl,
    });
    try {
      const seed = await seedExample(pool, 'static-summer-sale.json', storage);
      if (options.workers > 0) await waitForWorkers(pool, farm, options.workers);
      await fn({ farm, pool, seed, ...(minio ? { minio } : {}) });
    } finally {
      await storage.stop();
    }
  } finally {
    await farm?.stop();
    await pool.end();
    await db.stop();
    await minio?.stop();
    await rm(pgDir, { recursive: true, force: true });
    for (const dir of farm?.dataDirs ?? []) await rm(dir, { recursive: true, force: true });
  }
}
