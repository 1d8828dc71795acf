import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createExport, createStorage, type ObjectStorage } from '@pressroom/platform';
import {
  type MinioServer,
  minioStorageConfig,
  minioTestsSkipped,
  seedBanner,
  startMinio,
  type TestDatabase,
  testDatabase,
} from '@pressroom/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMediaWorkerConfig } from '../config.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FILES = 1_000;
const FILE_BYTES = 256 * 1024; // 1,000 files: 250 MiB in all
const MIB = 1024 * 1024;
// A process that held the files or the archive whole would grow by at least 250 MiB, and would
// keep climbing to the end. Measured on a loaded 2-core machine with MinIO: RSS saws between
// +50 and +120 MiB (8 MiB upload parts freed when the GC gets to them), heap about +20 MiB.
const RSS_GROWTH_LIMIT = 160 * MIB;
const HEAP_GROWTH_LIMIT = 48 * MIB;
// The second half of the run may not climb above the first half's peak by more than this.
const PLATEAU_LIMIT = 64 * MIB;

interface ChildReport {
  result: { status: string; bannerIds?: string[]; bytes?: number };
  baselineRss: number;
  peakRss: number;
  baselineHeap: number;
  peakHeap: number;
  baselineBuffers: number;
  peakBuffers: number;
  rssSeries: number[];
}

/**
 * Issue acceptance: an export of 1,000 files keeps the media worker's memory flat. The export
 * runs in a process of its own (the worker's code, configured from the environment), which
 * samples its RSS and heap every 10 ms while it packs; on S3 (MinIO) when available, which is
 * where a buffering upload would show, else on the local driver.
 */
describe('an export of 1,000 files', () => {
  let db: TestDatabase;
  let dir: string;
  let minio: MinioServer | null = null;
  let storage: ObjectStorage;
  let env: Record<string, string>;

  beforeAll(async () => {
    db = await testDatabase();
    dir = await mkdtemp(join(tmpdir(), 'pressroom-export-memory-'));
    if (!minioTestsSkipped()) {
      minio = await startMinio();
      const s3 = minioStorageConfig(minio);
      storage = await createStorage(s3, { dataDir: dir, publicBaseUrl: 'http://unused' });
      env = {
        S3_BUCKET: s3.s3Bucket!,
        S3_ENDPOINT: s3.s3Endpoint!,
        S3_REGION: s3.s3Region,
        S3_ACCESS_KEY_ID: s3.s3AccessKeyId!,
        S3_SECRET_ACCESS_KEY: s3.s3SecretAccessKey!,
        S3_FORCE_PATH_STYLE: 'true',
      };
    } else {
      storage = await createStorage(loadMediaWorkerConfig({ DATA_DIR: dir }), { dataDir: dir, publicBaseUrl: 'http://localhost:8080' });
      env = { DATA_DIR: dir };
    }
  }, 300_000);
  afterAll(async () => {
    await storage.stop();
    await minio?.stop();
    await db.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps the packing process flat: RSS and heap grow far less than the 250 MiB packed, and stop growing', async () => {
    const ws = (await db.pool.query<{ id: string }>(`INSERT INTO workspaces (name) VALUES ('Memory') RETURNING id`)).rows[0]!.id;
    // One stored object behind 1,000 Banner rows: the export still opens, streams and packs 1,000
    // files (250 MiB), and the test does not spend its time uploading fixtures.
    const first = await seedBanner(db.pool, storage, { workspaceId: ws, filename: 'visual-0.png', body: randomBytes(FILE_BYTES) });
    const ids = [first.id];
    for (let i = 1; i < FILES; i++) {
      const row = await seedBanner(db.pool, storage, { workspaceId: ws, filename: `visual-${i % 500}.png`, storageKey: first.storage_key });
      ids.push(row.id);
    }
    const exportId = await createExport(db.pool, { workspaceId: ws, bannerIds: ids, callbackUrl: null });

    const report = await new Promise<ChildReport>((resolve, reject) => {
      execFile(
        process.execPath,
        ['--expose-gc', '--import', 'tsx', 'media-worker/src/exports/testing/export-child.ts'],
        {
          cwd: ROOT,
          env: { ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'warn', EXPORT_ID: exportId, ...env },
          timeout: 280_000,
          maxBuffer: 4 * MIB,
        },
        (error, stdout, stderr) => {
          try {
            resolve(JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as ChildReport);
          } catch {
            reject(new Error(`export child printed no report (${error?.message ?? ''}):\n${stdout}\n${stderr}`));
          }
        },
      );
    });

    expect(report.result.status).toBe('done');
    expect(report.result.bannerIds).toHaveLength(FILES);
    expect(report.result.bytes).toBeGreaterThan(FILES * FILE_BYTES);
    const rssGrowth = report.peakRss - report.baselineRss;
    const heapGrowth = report.peakHeap - report.baselineHeap;
    console.info(
      `export of ${FILES} files (${((FILES * FILE_BYTES) / MIB).toFixed(0)} MiB) on ${minio ? 's3' : 'local'}: ` +
        `RSS +${(rssGrowth / MIB).toFixed(1)} MiB (peak ${(report.peakRss / MIB).toFixed(0)} MiB), heap +${(heapGrowth / MIB).toFixed(1)} MiB, buffers +${((report.peakBuffers - report.baselineBuffers) / MIB).toFixed(1)} MiB`,
    );
    expect(rssGrowth).toBeLessThan(RSS_GROWTH_LIMIT);
    const half = Math.floor(report.rssSeries.length / 2);
    expect(half).toBeGreaterThan(2);
    const firstHalfPeak = Math.max(...report.rssSeries.slice(0, half));
    const secondHalfPeak = Math.max(...report.rssSeries.slice(half));
    expect(secondHalfPeak - firstHalfPeak).toBeLessThan(PLATEAU_LIMIT);
    expect(heapGrowth).toBeLessThan(HEAP_GROWTH_LIMIT);
  }, 300_000);
});
