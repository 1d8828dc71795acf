import type { Design } from '@pressroom/model';
import { insertDesignVersion, type Queryable } from '@pressroom/platform';

export interface NewDesign {
  id: string;
  workspaceId: string;
  /** A design's project; null for a workspace template. */
  projectId: string | null;
  categoryId: string | null;
  design: Design;
  /** What made it: its version 1 says so (`GET /designs/<id>/versions`). */
  madeBy: 'import' | 'duplicate';
}

/**
 * Inserts a design IMPORTING (invisible to every read) with one `design_formats` row per
 * format and its version 1, and returns the format uids by name. Re-running with the same id (a job retried after
 * a killed worker) inserts nothing and returns the uids already stored.
 */
export async function insertDesign(tx: Queryable, d: NewDesign): Promise<Record<string, string>> {
  await tx.query(
    `INSERT INTO designs (id, workspace_id, project_id, is_workspace_template, category_id, type, name, document, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'IMPORTING') ON CONFLICT (id) DO NOTHING`,
    [
      d.id,
      d.workspaceId,
      d.projectId,
      d.projectId === null,
      d.projectId === null ? d.categoryId : null,
      d.design.type,
      d.design.name,
      JSON.stringify(d.design),
    ],
  );
  await insertDesignVersion(tx, { designId: d.id, number: 1, design: d.design, madeBy: d.madeBy });
  if (d.design.type !== 'printer_multipage') {
    // Creation order is format order: the template preview is the first-created format's.
    for (const [i, f] of d.design.formats.entries()) {
      await tx.query(
        `INSERT INTO design_formats (design_id, name, position, width, height, unit, created_at)
         VALUES ($1, $2, $3::int, $4, $5, $6, now() + make_interval(secs => $3::int / 1000000.0)) ON CONFLICT (design_id, name) DO NOTHING`,
        [d.id, f.name, i, f.width, f.height, f.unit],
      );
    }
  }
  const { rows } = await tx.query<{ name: string; uid: string }>('SELECT name, uid FROM design_formats WHERE design_id = $1', [d.id]);
  return Object.fromEntries(rows.map((r) => [r.name, r.uid]));
}

/** Makes an IMPORTING design visible. */
export async function activateDesign(tx: Queryable, designId: string): Promise<void> {
  await tx.query(`UPDATE designs SET status = 'CREATED', updated_at = now() WHERE id = $1 AND status = 'IMPORTING'`, [designId]);
}

export async function recordPreview(tx: Queryable, designId: string, frameId: string, key: string): Promise<void> {
  await tx.query(
    `INSERT INTO design_previews (design_id, frame_id, storage_key) VALUES ($1, $2, $3)
     ON CONFLICT (design_id, frame_id) DO UPDATE SET storage_key = EXCLUDED.storage_key, rendered_at = now()`,
    [designId, frameId, key],
  );
}
