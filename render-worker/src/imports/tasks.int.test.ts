import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DESIGN_IMPORT_TASK } from '@pressroom/model';
import { createLogger, insertImport, LocalObjectStorage, newImportId, selectImport } from '@pressroom/platform';
import { type TestDatabase, testDatabase } from '@pressroom/platform/testing';
import type { JobHelpers } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designTaskList } from './tasks.js';

describe('design_import: a job whose payload breaks its contract', () => {
  let db: TestDatabase;
  let storage: LocalObjectStorage;

  beforeAll(async () => {
    db = await testDatabase();
    storage = new LocalObjectStorage({
      dataDir: await mkdtemp(join(tmpdir(), 'pressroom-import-task-')),
      publicBaseUrl: 'http://localhost:8080',
      urlSigningSecret: 'x'.repeat(32),
      downloadUrlTtlSeconds: 60,
    });
  });
  afterAll(() => db.drop());

  it('fails its import (FAILED, invalid_job_payload) instead of leaving it QUEUED for ever', async () => {
    const ws = (await db.pool.query<{ id: string }>(`INSERT INTO workspaces (name) VALUES ('Imports') RETURNING id`)).rows[0]!.id;
    const id = await newImportId(db.pool);
    await insertImport(db.pool, {
      id,
      workspaceId: ws,
      name: 'Card',
      targetKind: 'design',
      targetProjectId: null,
      targetCategoryId: null,
      payload: {},
      uploadsExpected: [],
      uploadExpiresAt: new Date(Date.now() + 60_000),
      warnings: [],
      strict: false,
      queued: true,
    });
    // As graphile-worker hands a job over: its payload is unknown.
    const run = designTaskList({ db: db.pool, storage, logger: createLogger('test', 'silent'), preview: null })[DESIGN_IMPORT_TASK] as (
      raw: unknown,
      helpers: JobHelpers,
    ) => Promise<void>;
    const helpers = { job: { id: '1', attempts: 1, max_attempts: 3 } } as JobHelpers;
    // A job from a newer control plane: a contract version this worker does not know.
    await run({ v: 2, import_id: id }, helpers);
    expect(await selectImport(db.pool, ws, id)).toMatchObject({
      status: 'FAILED',
      error: { code: 'invalid_job_payload', message: expect.stringContaining('invalid_job_payload') },
    });
  });
});
