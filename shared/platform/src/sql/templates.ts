import type { CategoryRecord, Design, DesignType, WorkspaceTemplateRecord } from '@pressroom/model';
import type { Queryable } from '../db/pool.js';
import { epochOf } from './visible-design.js';

/** The live workspace templates of workspace `$1`, with their category (`d`, `c`). */
const TEMPLATES = `FROM designs d LEFT JOIN workspace_template_categories c ON c.id = d.category_id
  WHERE d.workspace_id = $1 AND d.is_workspace_template AND d.status = 'CREATED'`;

export type TemplateRow = Omit<WorkspaceTemplateRecord, 'preview_url'> & {
  /** The uid of the first created format, or page_1. */
  first_frame: string | null;
  /** The stored preview of that frame, if any. */
  preview_key: string | null;
};

export async function selectTemplates(
  db: Queryable,
  workspaceId: string,
  filters: { categoryId: string | null; type: DesignType | null },
): Promise<TemplateRow[]> {
  const { rows } = await db.query<TemplateRow>(
    `SELECT d.id, d.name, d.type, ${epochOf('d.created_at')} AS created_at,
            ${epochOf('d.updated_at')} AS updated_at, d.category_id, c.name AS category_name,
            coalesce((SELECT f.uid::text FROM design_formats f WHERE f.design_id = d.id ORDER BY f.created_at, f.position LIMIT 1), 'page_1') AS first_frame,
            (SELECT v.storage_key FROM design_previews v WHERE v.design_id = d.id
              AND v.frame_id = coalesce((SELECT f.name FROM design_formats f WHERE f.design_id = d.id ORDER BY f.created_at, f.position LIMIT 1), 'page_1')) AS preview_key
       ${TEMPLATES} AND ($2::uuid IS NULL OR d.category_id = $2) AND ($3::text IS NULL OR d.type = $3)
      ORDER BY lower(d.name), d.name, d.id`,
    [workspaceId, filters.categoryId, filters.type],
  );
  return rows;
}

/** True when `templateId` is a live workspace template of the workspace. */
export async function templateExists(db: Queryable, workspaceId: string, templateId: string): Promise<boolean> {
  const { rowCount } = await db.query(`SELECT 1 ${TEMPLATES} AND d.id = $2`, [workspaceId, templateId]);
  return (rowCount ?? 0) > 0;
}

/** A live template's document and stored previews (the duplication job's source). */
export async function selectTemplateSource(
  db: Queryable,
  workspaceId: string,
  templateId: string,
): Promise<{ document: Design; previews: { frame_id: string; storage_key: string }[] | null } | undefined> {
  const { rows } = await db.query<{
    document: Design;
    previews: { frame_id: string; storage_key: string }[] | null;
  }>(
    `SELECT d.document,
            (SELECT jsonb_agg(jsonb_build_object('frame_id', v.frame_id, 'storage_key', v.storage_key)) FROM design_previews v WHERE v.design_id = d.id) AS previews
       FROM designs d WHERE d.id = $1 AND d.workspace_id = $2 AND d.is_workspace_template AND d.status = 'CREATED'`,
    [templateId, workspaceId],
  );
  return rows[0];
}

const CATEGORY_COLUMNS = `id, name, color, icon, ${epochOf('created_at')} AS created_at`;

export async function selectTemplateCategories(db: Queryable, workspaceId: string): Promise<CategoryRecord[]> {
  const { rows } = await db.query<CategoryRecord>(
    `SELECT ${CATEGORY_COLUMNS} FROM workspace_template_categories WHERE workspace_id = $1 ORDER BY lower(name), name, id`,
    [workspaceId],
  );
  return rows;
}

/** A new category; colour and icon default to grey and `folder`. */
export async function insertTemplateCategory(
  db: Queryable,
  workspaceId: string,
  c: { name: string; color: string | null; icon: string | null },
): Promise<CategoryRecord> {
  const { rows } = await db.query<CategoryRecord>(
    `INSERT INTO workspace_template_categories (workspace_id, name, color, icon)
     VALUES ($1, $2, coalesce($3, '#6B7280'), coalesce($4, 'folder'))
     RETURNING ${CATEGORY_COLUMNS}`,
    [workspaceId, c.name, c.color, c.icon],
  );
  return rows[0]!;
}

/** True when `categoryId` is a category of the workspace. */
export async function templateCategoryExists(db: Queryable, workspaceId: string, categoryId: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM workspace_template_categories WHERE id = $1 AND workspace_id = $2', [
    categoryId,
    workspaceId,
  ]);
  return (rowCount ?? 0) > 0;
}
