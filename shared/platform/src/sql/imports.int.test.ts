import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, testDatabase } from '../testing/database.js';
import { claimImport, completeImport, insertImport, lockImport, newImportId, selectImport, selectImports } from './imports.js';
import { insertWorkspace } from './workspaces.js';

// The JSON columns of design_imports are read through the model's contracts (imports/stored.ts).
describe('sql/imports', () => {
  let db: TestDatabase;
  let workspaceId: string;
  beforeAll(async () => {
    db = await testDatabase();
    workspaceId = (await insertWorkspace(db.pool, { name: 'w', plan: 'pro' })).id;
  });
  afterAll(async () => {
    await db?.drop();
  });

  const create = async (queued: boolean) =>
    insertImport(db.pool, {
      id: await newImportId(db.pool),
      workspaceId,
      name: 'n',
      targetKind: 'workspace_template',
      targetProjectId: null,
      targetCategoryId: null,
      payload: { name: 'n' },
      uploadsExpected: [
        { asset: 'logo', key: 'k/logo', content_type: 'image/png', max_bytes: 10, target: 'layer', name: 'logo', page: 'page_1' },
      ],
      uploadExpiresAt: new Date(Date.now() + 60_000),
      warnings: [{ code: 'font_weight_adjusted', message: 'm', layer: 'title', path: 'layers[0]' }],
      strict: false,
      queued,
    });

  it('round-trips warnings, uploads and the result; the worker appends its warnings', async () => {
    const row = await create(true);
    expect(row.status).toBe('QUEUED');
    expect(row.warnings).toEqual([{ code: 'font_weight_adjusted', message: 'm', layer: 'title', path: 'layers[0]' }]);
    const claimed = await claimImport(db.pool, row.id);
    expect(claimed?.uploads_expected[0]).toMatchObject({ asset: 'logo', key: 'k/logo', content_type: 'image/png' });
    await completeImport(db.pool, row.id, { kind: 'workspace_template', uuid: row.id }, [
      { code: 'preview_generation_failed', reason: 'render_failed', message: 'x', path: 'formats[0]' },
    ]);
    const done = await selectImport(db.pool, workspaceId, row.id);
    expect(done?.status).toBe('DONE');
    expect(done?.result).toEqual({ kind: 'workspace_template', uuid: row.id });
    expect(done?.warnings.map((w) => w.code)).toEqual(['font_weight_adjusted', 'preview_generation_failed']);
    expect((await selectImports(db.pool, workspaceId, { status: 'DONE', createdAfter: null, createdBefore: null, limit: 10 })).length).toBe(
      1,
    );
  });

  it('a stored column that breaks its contract is refused on read, not passed on', async () => {
    const row = await create(false);
    await db.pool.query(`UPDATE design_imports SET warnings = '[{"code": 1}]' WHERE id = $1`, [row.id]);
    await expect(selectImport(db.pool, workspaceId, row.id)).rejects.toThrow();
    await db.pool.query(`UPDATE design_imports SET warnings = '[]', uploads_expected = '[{"asset": "a"}]' WHERE id = $1`, [row.id]);
    await expect(lockImport(db.pool, workspaceId, row.id)).rejects.toThrow();
  });
});
