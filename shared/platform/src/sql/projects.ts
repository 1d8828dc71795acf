import type { Queryable } from '../db/pool.js';

export interface ProjectRow {
  id: string;
  name: string;
  created_at_ts: number;
}

const COLUMNS = `id, name, extract(epoch FROM created_at)::bigint::int AS created_at_ts`;

/** One page of a workspace's live projects (optionally of one exact name), with the count across pages. */
export async function selectProjectsPage(
  db: Queryable,
  workspaceId: string,
  options: { name: string | null; limit: number | null; offset: number },
): Promise<{ rows: ProjectRow[]; total: number }> {
  const { rows } = await db.query<ProjectRow & { total: string }>(
    `SELECT ${COLUMNS}, count(*) OVER () AS total FROM projects
      WHERE workspace_id = $1 AND deleted_at IS NULL AND ($2::text IS NULL OR name = $2)
      ORDER BY lower(name), name, created_at LIMIT $3 OFFSET $4`,
    [workspaceId, options.name, options.limit, options.offset],
  );
  return { rows: rows.map(({ total: _t, ...p }) => p), total: rows.length > 0 ? Number(rows[0]!.total) : 0 };
}

/** The number of live projects `selectProjectsPage` pages over (for a page past the end). */
export async function countProjects(db: Queryable, workspaceId: string, name: string | null): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    'SELECT count(*) AS n FROM projects WHERE workspace_id = $1 AND deleted_at IS NULL AND ($2::text IS NULL OR name = $2)',
    [workspaceId, name],
  );
  return Number(rows[0]!.n);
}

/** Undefined when the name is taken; the unique index decides, so races cannot duplicate. */
export async function insertProject(db: Queryable, workspaceId: string, name: string): Promise<ProjectRow | undefined> {
  const { rows } = await db.query<ProjectRow>(
    `INSERT INTO projects (workspace_id, name) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
    [workspaceId, name],
  );
  return rows[0];
}

export async function selectProject(db: Queryable, workspaceId: string, id: string): Promise<ProjectRow | undefined> {
  const { rows } = await db.query<ProjectRow>(
    `SELECT ${COLUMNS} FROM projects WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL`,
    [id, workspaceId],
  );
  return rows[0];
}

/** True when `id` is a live project of the workspace. */
export async function projectIsLive(db: Queryable, workspaceId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM projects WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL', [
    id,
    workspaceId,
  ]);
  return (rowCount ?? 0) > 0;
}

/** True when `id` is a live project, whichever workspace (a job re-checking the target it was given). */
export async function projectIdIsLive(db: Queryable, id: string | null): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM projects WHERE id = $1 AND deleted_at IS NULL', [id]);
  return (rowCount ?? 0) > 0;
}
