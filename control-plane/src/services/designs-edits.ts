import type { Queryable } from '@pressroom/platform';
import { RESET_REVIEW_SQL } from '@pressroom/platform';
import { VISIBLE_DESIGN_SQL } from './designs-records.js';

export interface DesignNameRow {
  id: string;
  name: string;
  project_id: string;
}

/**
 * Moves a visible design to a live project of the same workspace. Undefined when the design is
 * not visible; `project_not_found` when the destination is not a live project. Moving to the
 * current project changes nothing (not even updated_at); a real move resets the design's review
 * (approval) status.
 */
export async function moveDesign(
  db: Queryable,
  workspaceId: string,
  designId: string,
  projectId: string,
): Promise<DesignNameRow | 'project_not_found' | undefined> {
  const { rows } = await db.query<DesignNameRow & { target_ok: boolean }>(
    `WITH target AS (SELECT id FROM projects WHERE id = $3 AND workspace_id = $1 AND deleted_at IS NULL),
          visible AS (SELECT d.id, d.name, d.project_id ${VISIBLE_DESIGN_SQL} AND d.id = $2),
          moved AS (
            UPDATE designs SET project_id = $3, updated_at = now(), ${RESET_REVIEW_SQL}
             WHERE id = (SELECT id FROM visible) AND EXISTS (SELECT 1 FROM target) AND project_id <> $3
            RETURNING id)
     SELECT v.id, v.name, CASE WHEN EXISTS (SELECT 1 FROM target) THEN $3::uuid ELSE v.project_id END AS project_id,
            EXISTS (SELECT 1 FROM target) AS target_ok
       FROM visible v`,
    [workspaceId, designId, projectId],
  );
  const row = rows[0];
  if (!row) return undefined;
  if (!row.target_ok) return 'project_not_found';
  return { id: row.id, name: row.name, project_id: row.project_id };
}

/** Renames a visible design; the name is already trimmed and checked. */
export async function renameDesign(db: Queryable, workspaceId: string, designId: string, name: string): Promise<DesignNameRow | undefined> {
  const { rows } = await db.query<DesignNameRow>(
    `UPDATE designs SET name = $3, document = jsonb_set(document, '{name}', to_jsonb($3::text)), updated_at = now()
      WHERE id = (SELECT d.id ${VISIBLE_DESIGN_SQL} AND d.id = $2)
     RETURNING id, name, project_id`,
    [workspaceId, designId, name],
  );
  return rows[0];
}

/**
 * Soft-deletes a visible design and bumps its version (what is kept per design version, warm pages
 * and dynamic-image variants, is then never served again). Generated files keep living (banners
 * carry no foreign key).
 */
export async function deleteDesign(db: Queryable, workspaceId: string, designId: string): Promise<DesignNameRow | undefined> {
  const { rows } = await db.query<DesignNameRow>(
    `UPDATE designs SET status = 'DELETED', deleted_at = now(), updated_at = now(), version = version + 1
      WHERE id = (SELECT d.id ${VISIBLE_DESIGN_SQL} AND d.id = $2)
     RETURNING id, name, project_id`,
    [workspaceId, designId],
  );
  return rows[0];
}
