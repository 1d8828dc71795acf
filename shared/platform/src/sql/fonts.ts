import type { FontCategory, FontStyle, FontWeight, UploadedFontFormat } from '@pressroom/model';
import type { Queryable } from '../db/pool.js';

/** One file of an uploaded family, with its family's name and category. */
export interface WorkspaceFontFileRow {
  font_id: string;
  name: string;
  category: FontCategory;
  sha256: string;
  format: UploadedFontFormat;
  weight: FontWeight;
  style: FontStyle;
  unicode_range: string;
  storage_key: string;
}

/** Every file of the workspace's uploaded families, grouped by family. */
export async function selectWorkspaceFontFiles(db: Queryable, workspaceId: string): Promise<WorkspaceFontFileRow[]> {
  const { rows } = await db.query<WorkspaceFontFileRow>(
    `SELECT f.id AS font_id, f.name, f.category, ff.sha256, ff.format, ff.weight, ff.style, ff.unicode_range, ff.storage_key
       FROM workspace_fonts f JOIN workspace_font_files ff ON ff.font_id = f.id
      WHERE f.workspace_id = $1
      ORDER BY f.id, ff.weight, ff.style, ff.sha256`,
    [workspaceId],
  );
  return rows;
}

/** The family holding the workspace's file of this hash, if any. */
export async function selectFontIdByFileHash(db: Queryable, workspaceId: string, sha256: string): Promise<string | undefined> {
  const { rows } = await db.query<{ font_id: string }>('SELECT font_id FROM workspace_font_files WHERE workspace_id = $1 AND sha256 = $2', [
    workspaceId,
    sha256,
  ]);
  return rows[0]?.font_id;
}

/** The family of this name (compared by `nameKey`), created when the workspace has none; returns its id. */
export async function upsertWorkspaceFontFamily(
  db: Queryable,
  input: { workspaceId: string; name: string; nameKey: string; category: FontCategory },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO workspace_fonts (workspace_id, name, name_key, category) VALUES ($1, $2, $3, $4)
     ON CONFLICT (workspace_id, name_key) DO UPDATE SET name_key = EXCLUDED.name_key
     RETURNING id`,
    [input.workspaceId, input.name, input.nameKey, input.category],
  );
  return rows[0]!.id;
}

/** Deletes the family's file of this weight and style; returns the storage keys it pointed at. */
export async function deleteFontFace(db: Queryable, fontId: string, weight: FontWeight, style: FontStyle): Promise<string[]> {
  const { rows } = await db.query<{ storage_key: string }>(
    `DELETE FROM workspace_font_files WHERE font_id = $1 AND weight = $2 AND style = $3 RETURNING storage_key`,
    [fontId, weight, style],
  );
  return rows.map((r) => r.storage_key);
}

/** Files a face under a family unless the workspace already has a file of this hash. */
export async function insertFontFile(
  db: Queryable,
  f: {
    fontId: string;
    workspaceId: string;
    sha256: string;
    format: UploadedFontFormat;
    weight: FontWeight;
    style: FontStyle;
    unicodeRange: string;
    byteSize: number;
    storageKey: string;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO workspace_font_files (font_id, workspace_id, sha256, format, weight, style, unicode_range, byte_size, storage_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (workspace_id, sha256) DO NOTHING`,
    [f.fontId, f.workspaceId, f.sha256, f.format, f.weight, f.style, f.unicodeRange, f.byteSize, f.storageKey],
  );
}

/** The workspace's designs that are not deleted, with their documents (a font-use scan). */
export async function selectLiveDesignDocuments(
  db: Queryable,
  workspaceId: string,
): Promise<{ id: string; name: string; document: unknown }[]> {
  const { rows } = await db.query<{ id: string; name: string; document: unknown }>(
    `SELECT id, name, document FROM designs WHERE workspace_id = $1 AND status <> 'DELETED' AND deleted_at IS NULL ORDER BY name, id`,
    [workspaceId],
  );
  return rows;
}

/** Deletes an uploaded family of the workspace (its files go with it); returns the files' storage keys. */
export async function deleteWorkspaceFontFamily(db: Queryable, workspaceId: string, fontId: string): Promise<string[]> {
  const { rows } = await db.query<{ storage_key: string }>(
    `WITH gone AS (DELETE FROM workspace_fonts WHERE id = $1 AND workspace_id = $2 RETURNING id)
     SELECT storage_key FROM workspace_font_files WHERE font_id IN (SELECT id FROM gone)`,
    [fontId, workspaceId],
  );
  return rows.map((r) => r.storage_key);
}
