import type { Queryable } from '../db/pool.js';
import { RETENTION_MS } from '../generation/requests-store.js';

export type ExportStatus = 'pending' | 'done' | 'failed';

export interface ExportRow {
  id: string;
  workspace_id: string;
  banner_ids: string[];
  callback_url: string | null;
  status: ExportStatus;
  archive_key: string | null;
  archive_size: number | null;
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
  purged_at: Date | null;
}

const COLUMNS = `id, workspace_id, banner_ids, callback_url, status, archive_key, archive_size::float8 AS archive_size, error,
  created_at, finished_at, purged_at`;

/** Of `ids`, those that are generated files of the workspace, in the order asked, without repeats. */
export async function findExistingBannerIds(db: Queryable, workspaceId: string, ids: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT b.id FROM unnest($2::uuid[]) WITH ORDINALITY AS asked(id, n)
       JOIN banners b ON b.id = asked.id AND b.workspace_id = $1
      GROUP BY b.id ORDER BY min(asked.n)`,
    [workspaceId, [...ids]],
  );
  return rows.map((r) => r.id);
}

export async function createExport(
  db: Queryable,
  input: { workspaceId: string; bannerIds: string[]; callbackUrl: string | null },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    'INSERT INTO exports (workspace_id, banner_ids, callback_url) VALUES ($1, $2::uuid[], $3) RETURNING id',
    [input.workspaceId, input.bannerIds, input.callbackUrl],
  );
  return rows[0]!.id;
}

export async function findExport(db: Queryable, workspaceId: string, id: string): Promise<ExportRow | undefined> {
  const { rows } = await db.query<ExportRow>(`SELECT ${COLUMNS} FROM exports WHERE id = $1 AND workspace_id = $2`, [id, workspaceId]);
  return rows[0];
}

/** The worker's read, locked so two runs of one export cannot both finish it. */
export async function lockExport(db: Queryable, id: string): Promise<ExportRow | undefined> {
  const { rows } = await db.query<ExportRow>(`SELECT ${COLUMNS} FROM exports WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0];
}

export async function loadExport(db: Queryable, id: string): Promise<ExportRow | undefined> {
  const { rows } = await db.query<ExportRow>(`SELECT ${COLUMNS} FROM exports WHERE id = $1`, [id]);
  return rows[0];
}

/** The files to pack, in the export's order: storage key and the Banner's file name. */
export async function listExportFiles(
  db: Queryable,
  exportRow: Pick<ExportRow, 'workspace_id' | 'banner_ids'>,
): Promise<{ id: string; storage_key: string; filename: string }[]> {
  const { rows } = await db.query<{ id: string; storage_key: string; filename: string }>(
    `SELECT b.id, b.storage_key, b.filename FROM unnest($2::uuid[]) WITH ORDINALITY AS e(id, n)
       JOIN banners b ON b.id = e.id AND b.workspace_id = $1 ORDER BY e.n`,
    [exportRow.workspace_id, exportRow.banner_ids],
  );
  return rows;
}

export async function markExportDone(
  db: Queryable,
  id: string,
  archive: { key: string; size: number; bannerIds: string[] },
): Promise<void> {
  await db.query(
    `UPDATE exports SET status = 'done', archive_key = $2, archive_size = $3, banner_ids = $4::uuid[], finished_at = now(), error = NULL
      WHERE id = $1`,
    [id, archive.key, archive.size, archive.bannerIds],
  );
}

export async function markExportFailed(db: Queryable, id: string, error: string): Promise<void> {
  await db.query(`UPDATE exports SET status = 'failed', error = $2, finished_at = now() WHERE id = $1 AND status = 'pending'`, [id, error]);
}

/**
 * The retention sweep: exports past 7 days become tombstones (410) and their archives are
 * deleted. Returns the archive keys to delete; the caller deletes them after the commit, so a
 * crash leaves at worst an orphan object, never a live export without its archive.
 */
export async function purgeExpiredExports(db: Queryable, now: Date = new Date()): Promise<string[]> {
  const { rows } = await db.query<{ archive_key: string | null }>(
    `UPDATE exports SET purged_at = $1
      WHERE purged_at IS NULL AND coalesce(finished_at, created_at) < $1::timestamptz - make_interval(secs => $2::double precision / 1000)
      RETURNING archive_key`,
    [now, RETENTION_MS],
  );
  return rows.flatMap((r) => (r.archive_key ? [r.archive_key] : []));
}
