import { execFileSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  addSubscription,
  createExport,
  createLogger,
  createMetricsRegistry,
  createStorage,
  exportArchiveKey,
  loadExport,
  type ObjectStorage,
} from '@pressroom/platform';
import {
  minioStorageConfig,
  minioTestsSkipped,
  seedBanner,
  startMinio,
  type TestDatabase,
  testDatabase,
} from '@pressroom/platform/testing';
import type { JobHelpers } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMediaWorkerConfig } from '../config.js';
import { exportZipTask, runExport } from './export-task.js';

const drivers = [{ driver: 'local' }, ...(minioTestsSkipped() ? [] : [{ driver: 's3' }])];

describe.each(drivers)('export_zip on $driver storage', ({ driver }) => {
  let db: TestDatabase;
  let storage: ObjectStorage;
  let dir: string;
  let stopMinio: () => Promise<void> = async () => undefined;
  let ws: string;
  const logger = createLogger('test', 'silent');

  beforeAll(async () => {
    db = await testDatabase();
    dir = await mkdtemp(join(tmpdir(), 'pressroom-export-'));
    if (driver === 's3') {
      const minio = await startMinio();
      stopMinio = () => minio.stop();
      storage = await createStorage(minioStorageConfig(minio), { dataDir: dir, publicBaseUrl: 'http://unused' });
    } else {
      storage = await createStorage(loadMediaWorkerConfig({}), { dataDir: dir, publicBaseUrl: 'http://localhost:8080' });
    }
    ws = (await db.pool.query<{ id: string }>(`INSERT INTO workspaces (name) VALUES ('Export') RETURNING id`)).rows[0]!.id;
  });
  afterAll(async () => {
    await storage.stop();
    await stopMinio();
    await db.drop();
    await rm(dir, { recursive: true, force: true });
  });

  async function download(key: string): Promise<string> {
    const file = join(dir, `${Math.random().toString(36).slice(2)}.zip`);
    await pipeline(await storage.getStream(key), createWriteStream(file));
    return file;
  }

  it('packs the Banners under their file names made unique, skips a file missing from storage, and announces NEW_EXPORT', async () => {
    const seed = (filename: string, body: string) => seedBanner(db.pool, storage, { workspaceId: ws, filename, body: Buffer.from(body) });
    const a = await seed('card.png', 'first card');
    const b = await seed('card.png', 'second card');
    const c = await seed('story.mp4', 'a video');
    const lost = await seed('lost.png', 'gone');
    await storage.delete(lost.storage_key);
    const onExport = await addSubscription(db.pool, { workspaceId: ws, url: 'https://example.com/exports', eventTypes: ['NEW_EXPORT'] });
    await addSubscription(db.pool, { workspaceId: ws, url: 'https://example.com/banners', eventTypes: ['NEW_BANNER'] });
    const exportId = await createExport(db.pool, {
      workspaceId: ws,
      bannerIds: [a.id, lost.id, b.id, c.id],
      callbackUrl: 'https://example.com/callback',
    });

    const result = await runExport({ db: db.pool, storage, logger }, exportId);
    expect(result).toMatchObject({ status: 'done', bannerIds: [a.id, b.id, c.id] });

    const zip = await download(exportArchiveKey(ws, exportId));
    execFileSync('unzip', ['-tq', zip]);
    expect(execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n')).toEqual(['card.png', 'card-2.png', 'story.mp4']);
    expect(execFileSync('unzip', ['-p', zip, 'card-2.png'], { encoding: 'utf8' })).toBe('second card');
    expect(execFileSync('unzip', ['-p', zip, 'story.mp4'], { encoding: 'utf8' })).toBe('a video');

    const row = await loadExport(db.pool, exportId);
    expect(row).toMatchObject({ status: 'done', banner_ids: [a.id, b.id, c.id], archive_key: exportArchiveKey(ws, exportId) });

    const events = await db.pool.query<{ id: string; payload: Record<string, unknown> }>(
      `SELECT id, payload FROM webhook_events WHERE workspace_id = $1 AND event_type = 'NEW_EXPORT'`,
      [ws],
    );
    expect(events.rows).toHaveLength(1);
    const payload = events.rows[0]!.payload;
    expect(payload).toMatchObject({ event_type: 'NEW_EXPORT', export_id: exportId, banner_ids: [a.id, b.id, c.id] });
    if (driver === 's3') {
      // The signed URL downloads the same archive.
      const res = await fetch(String(payload['archive_url']));
      expect(res.status).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBe(row!.archive_size);
    } else {
      expect(String(payload['archive_url'])).toMatch(/^http:\/\/localhost:8080\/files\//);
    }
    const deliveries = await db.pool.query<{ target_kind: string; subscription_id: string | null; schedule: string }>(
      'SELECT target_kind, subscription_id, schedule FROM webhook_deliveries WHERE event_id = $1 ORDER BY target_kind',
      [events.rows[0]!.id],
    );
    // The callback on the export schedule, the NEW_EXPORT subscription, and not the NEW_BANNER one.
    expect(deliveries.rows).toEqual([
      { target_kind: 'callback', subscription_id: null, schedule: 'export' },
      { target_kind: 'subscription', subscription_id: onExport.id, schedule: 'standard' },
    ]);

    // A re-run (a worker killed after the commit) neither repacks nor announces twice.
    expect(await runExport({ db: db.pool, storage, logger }, exportId)).toEqual({ status: 'skipped' });
    const again = await db.pool.query(`SELECT 1 FROM webhook_events WHERE workspace_id = $1 AND event_type = 'NEW_EXPORT'`, [ws]);
    expect(again.rowCount).toBe(1);
  });

  it('an export none of whose files can be read fails without an archive or an event', async () => {
    const lost = await seedBanner(db.pool, storage, { workspaceId: ws, filename: 'x.png', body: Buffer.from('x') });
    await storage.delete(lost.storage_key);
    const exportId = await createExport(db.pool, { workspaceId: ws, bannerIds: [lost.id], callbackUrl: null });
    expect(await runExport({ db: db.pool, storage, logger }, exportId)).toMatchObject({ status: 'failed' });
    expect(await loadExport(db.pool, exportId)).toMatchObject({ status: 'failed', archive_key: null });
    expect(await storage.head(exportArchiveKey(ws, exportId))).toBeUndefined();
  });

  it('the export_zip task parses its job, packs, fails the export of a broken job, and counts the outcomes and the bytes', async () => {
    const metrics = createMetricsRegistry('media-worker');
    const task = exportZipTask({ db: db.pool, storage, logger, metrics });
    const helpers = { abortSignal: new AbortController().signal, job: { attempts: 1, max_attempts: 3 } } as unknown as JobHelpers;
    const file = await seedBanner(db.pool, storage, { workspaceId: ws, filename: 'a.png', body: Buffer.from('abc') });
    const exportId = await createExport(db.pool, { workspaceId: ws, bannerIds: [file.id], callbackUrl: null });
    // A job of an unknown contract version is never run, and its export does not stay pending for ever: it fails.
    const broken = await createExport(db.pool, { workspaceId: ws, bannerIds: [file.id], callbackUrl: null });
    await task({ v: 2, export_id: broken }, helpers);
    expect(await loadExport(db.pool, broken)).toMatchObject({
      status: 'failed',
      archive_key: null,
      error: expect.stringContaining('invalid_job_payload'),
    });
    await task({ v: 1, export_id: exportId }, helpers);
    const row = await loadExport(db.pool, exportId);
    expect(row).toMatchObject({ status: 'done' });
    const text = await metrics.metrics();
    expect(text).toContain('pressroom_exports_total{outcome="done",role="media-worker"} 1');
    expect(text).toContain('pressroom_exports_total{outcome="failed",role="media-worker"} 1');
    expect(text).toContain(`pressroom_export_bytes_total{role="media-worker"} ${row!.archive_size}`);
    expect(text).toContain('pressroom_export_duration_seconds_count{role="media-worker"} 1');
  });
});
