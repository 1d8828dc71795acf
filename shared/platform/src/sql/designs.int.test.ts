import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadExampleDesign } from '../design/examples.js';
import { type TestDatabase, testDatabase } from '../testing/database.js';
import {
  activateImportingDesign,
  insertDesignFormat,
  insertImportingDesign,
  selectDesignState,
  selectVisibleDesign,
  selectVisibleDesignPage,
} from './designs.js';
import { selectServedFormat, upsertDynamicImageRow } from './dynamic-images.js';
import { insertProject } from './projects.js';
import { insertWorkspace } from './workspaces.js';

// The visible-design predicate (sql/visible-design.ts) is composed by the design read, the list and
// the dynamic image's served format: each must see the live design and none of the others.
describe('sql/designs: one visibility rule for every read', () => {
  let db: TestDatabase;
  let workspaceId: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    db = await testDatabase();
    const design = loadExampleDesign('static-summer-sale.json');
    workspaceId = (await insertWorkspace(db.pool, { name: 'w', plan: 'pro' })).id;
    const other = (await insertWorkspace(db.pool, { name: 'other', plan: 'pro' })).id;
    const live = (await insertProject(db.pool, workspaceId, 'live'))!.id;
    const gone = (await insertProject(db.pool, workspaceId, 'gone'))!.id;
    const foreign = (await insertProject(db.pool, other, 'foreign'))!.id;
    const make = async (name: string, ws: string, projectId: string | null, activate: boolean) => {
      const { rows } = await db.pool.query<{ id: string }>('SELECT gen_random_uuid() AS id');
      const id = rows[0]!.id;
      await insertImportingDesign(db.pool, { id, workspaceId: ws, projectId, categoryId: null, design: { ...design, name } });
      await insertDesignFormat(db.pool, id, { name: 'f', position: 0, width: 100, height: 100, unit: 'px' });
      if (activate) await activateImportingDesign(db.pool, id);
      await upsertDynamicImageRow(db.pool, ws, id, {});
      ids[name] = id;
    };
    await make('visible', workspaceId, live, true);
    await make('importing', workspaceId, live, false);
    await make('template', workspaceId, null, true);
    await make('in-deleted-project', workspaceId, gone, true);
    await make('deleted', workspaceId, live, true);
    await make('foreign', other, foreign, true);
    await db.pool.query(`UPDATE designs SET status = 'DELETED', deleted_at = now() WHERE id = $1`, [ids.deleted]);
    await db.pool.query('UPDATE projects SET deleted_at = now() WHERE id = $1', [gone]);
  });
  afterAll(async () => {
    await db?.drop();
  });

  const uidOf = async (designId: string) =>
    (await db.pool.query<{ uid: string }>('SELECT uid FROM design_formats WHERE design_id = $1', [designId])).rows[0]!.uid;

  it('the design read finds only the visible design', async () => {
    for (const [name, id] of Object.entries(ids)) {
      expect(Boolean(await selectVisibleDesign(db.pool, workspaceId, id)), name).toBe(name === 'visible');
    }
  });

  it('the list shows only the visible design', async () => {
    const page = await selectVisibleDesignPage(db.pool, workspaceId, { sort: 'name' }, { limit: 100, offset: 0 });
    expect(page.rows.map((r) => r.name)).toEqual(['visible']);
    expect(page.total).toBe(1);
  });

  it('a dynamic image serves only visible designs (by format uid: in any workspace)', async () => {
    for (const [name, id] of Object.entries(ids)) {
      expect(Boolean(await selectServedFormat(db.pool, await uidOf(id))), name).toBe(name === 'visible' || name === 'foreign');
    }
  });

  it('the dynamic-image check tells an importing design from a missing one', async () => {
    expect(await selectDesignState(db.pool, workspaceId, ids.importing!)).toEqual({ status: 'IMPORTING', type: 'static' });
    expect(await selectDesignState(db.pool, workspaceId, ids.deleted!)).toBeUndefined();
    expect(await selectDesignState(db.pool, workspaceId, ids['in-deleted-project']!)).toBeUndefined();
  });
});
