import { type DesignNameRow, moveVisibleDesign, type Queryable, renameVisibleDesign, softDeleteVisibleDesign } from '@pressroom/platform';

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
  const row = await moveVisibleDesign(db, workspaceId, designId, projectId);
  if (!row) return undefined;
  if (!row.target_ok) return 'project_not_found';
  return { id: row.id, name: row.name, project_id: row.project_id };
}

/** Renames a visible design; the name is already trimmed and checked. */
export async function renameDesign(db: Queryable, workspaceId: string, designId: string, name: string): Promise<DesignNameRow | undefined> {
  return renameVisibleDesign(db, workspaceId, designId, name);
}

/**
 * Soft-deletes a visible design and bumps its version (what is kept per design version, warm pages
 * and dynamic-image variants, is then never served again). Generated files keep living (banners
 * carry no foreign key).
 */
export async function deleteDesign(db: Queryable, workspaceId: string, designId: string): Promise<DesignNameRow | undefined> {
  return softDeleteVisibleDesign(db, workspaceId, designId);
}
