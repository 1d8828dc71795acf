import type { Queryable } from '@pressroom/platform';

export interface ProjectRow {
  id: string;
  name: string;
  created_at_ts: number;
}

const COLUMNS = `id, name, extract(epoch FROM created_at)::bigint::int AS created_at_ts`;

export async function listProjects(
  db: Queryable,
  workspaceId: string,
  options: { name: string | undefined; limit: number | null; offset: number },
): Promise<{ items: ProjectRow[]; total: number }> {
  const { rows } = await db.query<ProjectRow & { total: string }>(
    `SELECT ${COLUMNS}, count(*) OVER () AS total FROM projects
      WHERE workspace_id = $1 AND deleted_at IS NULL AND ($2::text IS NULL OR name = $2)
      ORDER BY lower(name), name, created_at LIMIT $3 OFFSET $4`,
    [workspaceId, options.name ?? null, options.limit, options.offset],
  );
  let total = rows.length > 0 ? Number(rows[0]!.total) : 0;
  if (rows.length === 0 && options.offset > 0) {
    const c = await db.query<{ n: string }>(
      'SELECT count(*) AS n FROM projects WHERE workspace_id = $1 AND deleted_at IS NULL AND ($2::text IS NULL OR name = $2)',
      [workspaceId, options.name ?? null],
    );
    total = Number(c.rows[0]!.n);
  }
  return { items: rows.map(({ total: _t, ...p }) => p), total };
}

/** Undefined when the (trimmed) name is taken; the unique index decides, so races cannot duplicate. */
export async function createProject(db: Queryable, workspaceId: string, name: string): Promise<ProjectRow | undefined> {
  const { rows } = await db.query<ProjectRow>(
    `INSERT INTO projects (workspace_id, name) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
    [workspaceId, name],
  );
  return rows[0];
}

export async function findProject(db: Queryable, workspaceId: string, id: string): Promise<ProjectRow | undefined> {
  const { rows } = await db.query<ProjectRow>(
    `SELECT ${COLUMNS} FROM projects WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL`,
    [id, workspaceId],
  );
  return rows[0];
}
