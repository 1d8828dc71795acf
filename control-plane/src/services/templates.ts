import type { CategoryRecord, DesignType, WorkspaceTemplateRecord } from '@pressroom/model';
import type { Queryable } from '@pressroom/platform';
import { addDesignDuplicateJob, designPreviewKey, type ObjectStorage } from '@pressroom/platform';

/** Duplication requests answer 410 after this (docs/designs-api.md). */
export const DUPLICATION_RETENTION_MS = 7 * 24 * 3600 * 1000;

interface TemplateRow {
  id: string;
  name: string;
  type: DesignType;
  created_at: number;
  updated_at: number;
  category_id: string | null;
  category_name: string | null;
  first_frame: string | null;
  preview_key: string | null;
}

const TEMPLATE_SQL = `FROM designs d LEFT JOIN workspace_template_categories c ON c.id = d.category_id
  WHERE d.workspace_id = $1 AND d.is_workspace_template AND d.status = 'CREATED'`;

/**
 * `GET /workspace-templates`. The preview URL is always present (docs/api.md): the key of the first
 * created format's preview, whether or not the image was stored.
 */
export async function listTemplates(
  db: Queryable,
  storage: ObjectStorage,
  workspaceId: string,
  filters: { categoryId?: string | undefined; type?: DesignType | undefined },
): Promise<WorkspaceTemplateRecord[]> {
  const { rows } = await db.query<TemplateRow>(
    `SELECT d.id, d.name, d.type, extract(epoch FROM d.created_at)::bigint::int AS created_at,
            extract(epoch FROM d.updated_at)::bigint::int AS updated_at, d.category_id, c.name AS category_name,
            coalesce((SELECT f.uid::text FROM design_formats f WHERE f.design_id = d.id ORDER BY f.created_at, f.position LIMIT 1), 'page_1') AS first_frame,
            (SELECT v.storage_key FROM design_previews v WHERE v.design_id = d.id
              AND v.frame_id = coalesce((SELECT f.name FROM design_formats f WHERE f.design_id = d.id ORDER BY f.created_at, f.position LIMIT 1), 'page_1')) AS preview_key
       ${TEMPLATE_SQL} AND ($2::uuid IS NULL OR d.category_id = $2) AND ($3::text IS NULL OR d.type = $3)
      ORDER BY lower(d.name), d.name, d.id`,
    [workspaceId, filters.categoryId ?? null, filters.type ?? null],
  );
  const out: WorkspaceTemplateRecord[] = [];
  for (const { first_frame, preview_key, ...r } of rows) {
    const key = preview_key ?? designPreviewKey(workspaceId, r.id, first_frame ?? 'page_1');
    out.push({ ...r, preview_url: await storage.publicUrl(key) });
  }
  return out;
}

export async function listCategories(db: Queryable, workspaceId: string): Promise<CategoryRecord[]> {
  const { rows } = await db.query<CategoryRecord>(
    `SELECT id, name, color, icon, extract(epoch FROM created_at)::bigint::int AS created_at
       FROM workspace_template_categories WHERE workspace_id = $1 ORDER BY lower(name), name, id`,
    [workspaceId],
  );
  return rows;
}

export async function createCategory(
  db: Queryable,
  workspaceId: string,
  c: { name: string; color?: string; icon?: string },
): Promise<CategoryRecord> {
  const { rows } = await db.query<CategoryRecord>(
    `INSERT INTO workspace_template_categories (workspace_id, name, color, icon)
     VALUES ($1, $2, coalesce($3, '#6B7280'), coalesce($4, 'folder'))
     RETURNING id, name, color, icon, extract(epoch FROM created_at)::bigint::int AS created_at`,
    [workspaceId, c.name, c.color ?? null, c.icon ?? null],
  );
  return rows[0]!;
}

/**
 * `POST /workspace-templates/<id>/use`: records the request (INIT) and enqueues the copy in one
 * transaction. 'template' / 'project' name what was not found.
 */
export async function requestDuplication(
  tx: Queryable,
  workspaceId: string,
  templateId: string,
  input: { projectId: string; name: string | undefined },
): Promise<{ id: string } | 'template' | 'project'> {
  const t = await tx.query(`SELECT 1 ${TEMPLATE_SQL} AND d.id = $2`, [workspaceId, templateId]);
  if (!t.rowCount) return 'template';
  const p = await tx.query('SELECT 1 FROM projects WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL', [
    input.projectId,
    workspaceId,
  ]);
  if (!p.rowCount) return 'project';
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO design_duplication_requests (workspace_id, source_design_id, target_project_id, name) VALUES ($1, $2, $3, $4) RETURNING id`,
    [workspaceId, templateId, input.projectId, input.name ?? null],
  );
  await addDesignDuplicateJob(tx, rows[0]!.id);
  return rows[0]!;
}

export interface DuplicationRow {
  id: string;
  status: 'INIT' | 'IN_PROGRESS' | 'COMPLETED' | 'ERROR';
  created_at: Date;
  created_at_ts: number;
  completed_at_ts: number | null;
  errored_at_ts: number | null;
  source_design_id: string;
  result_design_id: string | null;
  result_design_name: string | null;
  project_id: string;
  project_name: string;
  project_created_at_ts: number;
}

export async function findDuplication(db: Queryable, workspaceId: string, id: string): Promise<DuplicationRow | undefined> {
  const { rows } = await db.query<DuplicationRow>(
    `SELECT r.id, r.status, r.created_at, extract(epoch FROM r.created_at)::bigint::int AS created_at_ts,
            extract(epoch FROM r.completed_at)::bigint::int AS completed_at_ts,
            extract(epoch FROM r.errored_at)::bigint::int AS errored_at_ts,
            r.source_design_id, r.result_design_id, d.name AS result_design_name,
            p.id AS project_id, p.name AS project_name, extract(epoch FROM p.created_at)::bigint::int AS project_created_at_ts
       FROM design_duplication_requests r JOIN projects p ON p.id = r.target_project_id
       LEFT JOIN designs d ON d.id = r.result_design_id
      WHERE r.id = $1 AND r.workspace_id = $2`,
    [id, workspaceId],
  );
  return rows[0];
}

/** The SDK's `DuplicationRequestStatus`. */
export function serializeDuplication(r: DuplicationRow) {
  return {
    request_id: r.id,
    status: r.status,
    created_at_ts: r.created_at_ts,
    completed_at_ts: r.completed_at_ts,
    errored_at_ts: r.errored_at_ts,
    target_project: { id: r.project_id, name: r.project_name, created_at_ts: r.project_created_at_ts },
    designs:
      r.status === 'COMPLETED' && r.result_design_id
        ? [{ original_design_id: r.source_design_id, target_design_id: r.result_design_id, target_design_name: r.result_design_name ?? '' }]
        : [],
  };
}
