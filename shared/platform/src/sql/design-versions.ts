/**
 * The statements of design versions (migration 023): the document PUT's update of a design, its
 * format rows, and the numbered versions kept beside it. Callers check visibility first (the
 * Designs API's one rule); these statements take a design id that is already known visible.
 */
import type { Asset, Design, DesignFormat } from '@pressroom/model';
import type { Queryable } from '../db/pool.js';

/** What made a version: the import (or a template's duplication), a document PUT, a restore. */
export const DESIGN_VERSION_MAKERS = ['import', 'duplicate', 'put', 'restore'] as const;
export type DesignVersionMaker = (typeof DESIGN_VERSION_MAKERS)[number];

export interface DesignVersionSummary {
  number: number;
  made_by: DesignVersionMaker;
  restored_from: number | null;
  /** Unix seconds. */
  created_at: number;
}

export interface DesignVersion extends DesignVersionSummary {
  document: Design;
}

const SUMMARY = `number, made_by, restored_from, extract(epoch FROM created_at)::bigint::int AS created_at`;

/**
 * Locks a live design's row for a change of its document and returns its current version and
 * type. Undefined when the design is not CREATED (deleted or still importing).
 */
export async function lockDesignForChange(
  tx: Queryable,
  designId: string,
): Promise<{ version: number; type: Design['type']; document: Design } | undefined> {
  const { rows } = await tx.query<{ version: number; type: Design['type']; document: Design }>(
    `SELECT version, type, document FROM designs WHERE id = $1 AND status = 'CREATED' FOR UPDATE`,
    [designId],
  );
  return rows[0];
}

/**
 * The document PUT's update of a design: the new document and name, the version bumped by one,
 * `updated_at` now. Id, project, status and review stay. Returns the new version number.
 */
export async function replaceDesignDocument(tx: Queryable, designId: string, design: Design): Promise<number> {
  const { rows } = await tx.query<{ version: number }>(
    `UPDATE designs SET document = $2, name = $3, version = version + 1, updated_at = now() WHERE id = $1 RETURNING version`,
    [designId, JSON.stringify(design), design.name],
  );
  return rows[0]!.version;
}

/**
 * Makes the format rows match a document's formats by name: a format that keeps its name keeps
 * its row, so its uid and dynamic-image URL; a new name gets a new row; a name gone loses its row.
 * Multipage designs have no format rows (pass an empty list).
 */
export async function syncDesignFormats(tx: Queryable, designId: string, formats: readonly DesignFormat[]): Promise<void> {
  const names = formats.map((f) => f.name);
  await tx.query(`DELETE FROM design_formats WHERE design_id = $1 AND NOT (name = ANY($2::text[]))`, [designId, names]);
  for (const [i, f] of formats.entries()) {
    await tx.query(
      `INSERT INTO design_formats (design_id, name, position, width, height, unit, created_at)
       VALUES ($1, $2, $3::int, $4, $5, $6, now() + make_interval(secs => $3::int / 1000000.0))
       ON CONFLICT (design_id, name) DO UPDATE SET position = EXCLUDED.position, width = EXCLUDED.width,
         height = EXCLUDED.height, unit = EXCLUDED.unit`,
      [designId, f.name, i, f.width, f.height, f.unit],
    );
  }
}

/** Forgets the design's previews: they show a document the design no longer has. */
export async function dropDesignPreviews(tx: Queryable, designId: string): Promise<void> {
  await tx.query('DELETE FROM design_previews WHERE design_id = $1', [designId]);
}

/**
 * The current document as a version row when it has none yet (a design stored before versions,
 * or by a path that wrote no row): what the import made.
 */
export async function ensureCurrentDesignVersion(tx: Queryable, designId: string): Promise<void> {
  await tx.query(
    `INSERT INTO design_versions (design_id, number, document, made_by, created_at)
     SELECT id, version, document, 'import', created_at FROM designs WHERE id = $1
     ON CONFLICT (design_id, number) DO NOTHING`,
    [designId],
  );
}

/** Adds a version; a retried job writing the same number again changes nothing. */
export async function insertDesignVersion(
  tx: Queryable,
  v: {
    designId: string;
    number: number;
    design: Design;
    madeBy: DesignVersionMaker;
    restoredFrom?: number | null;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO design_versions (design_id, number, document, made_by, restored_from)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (design_id, number) DO NOTHING`,
    [v.designId, v.number, JSON.stringify(v.design), v.madeBy, v.restoredFrom ?? null],
  );
}

/** Newest first. */
export async function listDesignVersions(db: Queryable, designId: string): Promise<DesignVersionSummary[]> {
  const { rows } = await db.query<DesignVersionSummary>(
    `SELECT ${SUMMARY} FROM design_versions WHERE design_id = $1 ORDER BY number DESC`,
    [designId],
  );
  return rows;
}

export async function findDesignVersion(db: Queryable, designId: string, number: number): Promise<DesignVersion | undefined> {
  const { rows } = await db.query<DesignVersion>(`SELECT ${SUMMARY}, document FROM design_versions WHERE design_id = $1 AND number = $2`, [
    designId,
    number,
  ]);
  return rows[0];
}

/**
 * Every asset the design's versions have stored in Pressroom (`storage:` src), by name; a later
 * version's wins. A document PUT may name these by file name (they are the design's own files).
 */
export async function storedAssetsOfDesign(db: Queryable, designId: string): Promise<Record<string, Asset>> {
  const { rows } = await db.query<{ name: string; asset: Asset }>(
    `SELECT DISTINCT ON (a.key) a.key AS name, a.value AS asset
       FROM design_versions v, jsonb_each(v.document->'assets') a
      WHERE v.design_id = $1 AND a.value->>'src' LIKE 'storage:%'
      ORDER BY a.key, v.number DESC`,
    [designId],
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.asset]));
}

/** What a previews job needs: the live design's workspace, version, document and format uids. */
export async function findDesignForPreviews(
  db: Queryable,
  designId: string,
): Promise<{ workspace_id: string; version: number; document: Design; format_uids: Record<string, string> } | undefined> {
  const { rows } = await db.query<{ workspace_id: string; version: number; document: Design; format_uids: Record<string, string> | null }>(
    `SELECT d.workspace_id, d.version, d.document,
            (SELECT jsonb_object_agg(f.name, f.uid) FROM design_formats f WHERE f.design_id = d.id) AS format_uids
       FROM designs d WHERE d.id = $1 AND d.status = 'CREATED'`,
    [designId],
  );
  const row = rows[0];
  return row && { ...row, format_uids: row.format_uids ?? {} };
}
