import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, testDatabase } from '../testing/database.js';
import { loadExampleDocuments, parseExampleDocument } from './examples.js';

let db: TestDatabase;
let workspace: string;
let project: string;

beforeAll(async () => {
  db = await testDatabase();
  workspace = (await db.pool.query<{ id: string }>(`INSERT INTO workspaces (name) VALUES ('Acme') RETURNING id`)).rows[0]?.id as string;
  project = (await db.pool.query<{ id: string }>(`INSERT INTO projects (workspace_id, name) VALUES ($1, 'Fall') RETURNING id`, [workspace]))
    .rows[0]?.id as string;
});
afterAll(async () => db?.drop());

describe('002-designs', () => {
  it('stores every example document as jsonb and reads it back unchanged', async () => {
    for (const { file, json } of loadExampleDocuments()) {
      const r = parseExampleDocument(json);
      if (!r.ok) throw new Error(file);
      const { rows } = await db.pool.query<{ id: string; document: unknown; status: string }>(
        `INSERT INTO designs (workspace_id, project_id, type, name, document) VALUES ($1, $2, $3, $4, $5) RETURNING id, document, status`,
        [workspace, project, r.design.type, r.design.name, JSON.stringify(r.design)],
      );
      expect(rows[0]?.document, file).toEqual(r.design);
      expect(rows[0]?.status).toBe('CREATED');
    }
  });

  it('gives each format a stable uid and refuses a duplicate format name', async () => {
    const design = (await db.pool.query<{ id: string }>(`SELECT id FROM designs LIMIT 1`)).rows[0]?.id;
    const insert = (name: string) =>
      db.pool.query<{ uid: string }>(
        `INSERT INTO design_formats (design_id, name, position, width, height, unit) VALUES ($1, $2, 0, 1080, 1080, 'px') RETURNING uid`,
        [design, name],
      );
    const { rows } = await insert('square');
    expect(rows[0]?.uid).toMatch(/^[0-9a-f-]{36}$/);
    await expect(insert('square')).rejects.toThrow(/design_formats_design_id_name_key/);
  });

  it('keeps designs and workspace templates apart', async () => {
    const insert = (projectId: string | null, isTemplate: boolean) =>
      db.pool.query(
        `INSERT INTO designs (workspace_id, project_id, is_workspace_template, type, name, document) VALUES ($1, $2, $3, 'static', 'x', '{}')`,
        [workspace, projectId, isTemplate],
      );
    await expect(insert(project, true)).rejects.toThrow(/check/);
    await expect(insert(null, false)).rejects.toThrow(/check/);
    await expect(insert(null, true)).resolves.toBeDefined();
  });

  it('defaults imports to WAITING_FOR_VALIDATION and duplications to INIT', async () => {
    const imp = await db.pool.query<{ status: string; warnings: unknown; result: unknown }>(
      `INSERT INTO design_imports (workspace_id, name, payload) VALUES ($1, 'Import', '{}') RETURNING status, warnings, result`,
      [workspace],
    );
    expect(imp.rows[0]).toEqual({ status: 'WAITING_FOR_VALIDATION', warnings: [], result: null });
    const source = (await db.pool.query<{ id: string }>(`SELECT id FROM designs WHERE is_workspace_template LIMIT 1`)).rows[0]?.id;
    const dup = await db.pool.query<{ status: string }>(
      `INSERT INTO design_duplication_requests (workspace_id, source_design_id, target_project_id) VALUES ($1, $2, $3) RETURNING status`,
      [workspace, source, project],
    );
    expect(dup.rows[0]?.status).toBe('INIT');
    await expect(db.pool.query(`UPDATE design_duplication_requests SET status = 'DONE'`)).rejects.toThrow(/check/);
  });
});
