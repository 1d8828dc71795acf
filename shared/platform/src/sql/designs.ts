import type { Design, DesignType } from '@pressroom/model';
import type { Queryable } from '../db/pool.js';
import { type DesignListFilters, planDesignList } from './designs-list-plan.js';
import { RESET_REVIEW_SQL } from './review.js';
import { epochOf, VISIBLE_DESIGN_JOIN, visibleDesignsOf } from './visible-design.js';

const VISIBLE = visibleDesignsOf('$1');

/** A visible design with its format uids and preview keys. */
export interface VisibleDesignRow {
  id: string;
  document: Design;
  /** Bumped by every change of the document (migration 023). */
  version: number;
  created_at: number;
  updated_at: number;
  project_id: string | null;
  project_name: string | null;
  format_uids: Record<string, string> | null;
  previews: Record<string, string> | null;
  has_dynamic_image: boolean;
}

/** Undefined for every 404 case (see `visible-design.ts`). */
export async function selectVisibleDesign(db: Queryable, workspaceId: string, designId: string): Promise<VisibleDesignRow | undefined> {
  const { rows } = await db.query<VisibleDesignRow>(
    `SELECT d.id, d.document, d.version, ${epochOf('d.created_at')} AS created_at, ${epochOf('d.updated_at')} AS updated_at,
            p.id AS project_id, p.name AS project_name,
            (SELECT jsonb_object_agg(f.name, f.uid) FROM design_formats f WHERE f.design_id = d.id) AS format_uids,
            (SELECT jsonb_object_agg(v.frame_id, v.storage_key) FROM design_previews v WHERE v.design_id = d.id) AS previews,
            EXISTS (SELECT 1 FROM dynamic_images di WHERE di.design_id = d.id) AS has_dynamic_image
       ${VISIBLE} AND d.id = $2`,
    [workspaceId, designId],
  );
  return rows[0];
}

export interface DesignSummaryRow {
  id: string;
  name: string;
  type: DesignType;
  created_at: number;
  updated_at: number;
  project_id: string;
  project_name: string;
  /** The preview of the first frame: the first format by position, or page_1. */
  preview_key: string | null;
}

/** One page of `GET /designs` and the number of matches across every page. */
export async function selectVisibleDesignPage(
  db: Queryable,
  workspaceId: string,
  filters: DesignListFilters,
  page: { limit: number | null; offset: number },
): Promise<{ rows: DesignSummaryRow[]; total: number }> {
  const plan = planDesignList(filters);
  const n = plan.params.length + 2;
  const { rows } = await db.query<DesignSummaryRow & { total: string }>(
    `SELECT d.id, d.name, d.type, ${epochOf('d.created_at')} AS created_at, ${epochOf('d.updated_at')} AS updated_at,
            p.id AS project_id, p.name AS project_name,
            (SELECT v.storage_key FROM design_previews v
              WHERE v.design_id = d.id AND v.frame_id = coalesce(
                (SELECT f.name FROM design_formats f WHERE f.design_id = d.id ORDER BY f.position LIMIT 1), 'page_1')) AS preview_key,
            count(*) OVER () AS total
       ${VISIBLE}${plan.where}
      ORDER BY ${plan.orderBy} LIMIT $${n} OFFSET $${n + 1}`,
    [workspaceId, ...plan.params, page.limit, page.offset],
  );
  return { rows: rows.map(({ total: _t, ...r }) => r), total: rows.length > 0 ? Number(rows[0]!.total) : 0 };
}

/** The number of matches `selectVisibleDesignPage` pages over (for a page past the end). */
export async function countVisibleDesigns(db: Queryable, workspaceId: string, filters: DesignListFilters): Promise<number> {
  const plan = planDesignList(filters);
  const { rows } = await db.query<{ n: string }>(`SELECT count(*) AS n ${VISIBLE}${plan.where}`, [workspaceId, ...plan.params]);
  return Number(rows[0]!.n);
}

export interface DesignNameRow {
  id: string;
  name: string;
  project_id: string;
}

/**
 * Moves a visible design to a live project of the same workspace; a real move resets the review.
 * Undefined when the design is not visible; `target_ok` false when the project is not live (nothing
 * moved). Moving to the current project changes nothing (not even updated_at).
 */
export async function moveVisibleDesign(
  db: Queryable,
  workspaceId: string,
  designId: string,
  projectId: string,
): Promise<(DesignNameRow & { target_ok: boolean }) | undefined> {
  const { rows } = await db.query<DesignNameRow & { target_ok: boolean }>(
    `WITH target AS (SELECT id FROM projects WHERE id = $3 AND workspace_id = $1 AND deleted_at IS NULL),
          visible AS (SELECT d.id, d.name, d.project_id ${VISIBLE} AND d.id = $2),
          moved AS (
            UPDATE designs SET project_id = $3, updated_at = now(), ${RESET_REVIEW_SQL}
             WHERE id = (SELECT id FROM visible) AND EXISTS (SELECT 1 FROM target) AND project_id <> $3
            RETURNING id)
     SELECT v.id, v.name, CASE WHEN EXISTS (SELECT 1 FROM target) THEN $3::uuid ELSE v.project_id END AS project_id,
            EXISTS (SELECT 1 FROM target) AS target_ok
       FROM visible v`,
    [workspaceId, designId, projectId],
  );
  return rows[0];
}

/** Renames a visible design (column and document); the name is already trimmed and checked. */
export async function renameVisibleDesign(
  db: Queryable,
  workspaceId: string,
  designId: string,
  name: string,
): Promise<DesignNameRow | undefined> {
  const { rows } = await db.query<DesignNameRow>(
    `UPDATE designs SET name = $3, document = jsonb_set(document, '{name}', to_jsonb($3::text)), updated_at = now()
      WHERE id = (SELECT d.id ${VISIBLE} AND d.id = $2)
     RETURNING id, name, project_id`,
    [workspaceId, designId, name],
  );
  return rows[0];
}

/** Soft-deletes a visible design. */
export async function softDeleteVisibleDesign(db: Queryable, workspaceId: string, designId: string): Promise<DesignNameRow | undefined> {
  const { rows } = await db.query<DesignNameRow>(
    `UPDATE designs SET status = 'DELETED', deleted_at = now(), updated_at = now(), version = version + 1
      WHERE id = (SELECT d.id ${VISIBLE} AND d.id = $2)
     RETURNING id, name, project_id`,
    [workspaceId, designId],
  );
  return rows[0];
}

export interface DesignStateRow {
  status: 'CREATED' | 'IMPORTING' | 'DELETED';
  type: DesignType;
}

/**
 * Status and type of a design of the workspace that is not deleted, not a template and in a live
 * project (an IMPORTING design included, so a caller can tell "not yet" from "not found").
 */
export async function selectDesignState(db: Queryable, workspaceId: string, designId: string): Promise<DesignStateRow | undefined> {
  const { rows } = await db.query<DesignStateRow>(
    `SELECT d.status, d.type FROM designs d ${VISIBLE_DESIGN_JOIN}
      WHERE d.id = $1 AND d.workspace_id = $2 AND NOT d.is_workspace_template AND d.status <> 'DELETED'`,
    [designId, workspaceId],
  );
  return rows[0];
}

/** The stored document of a design by id, whatever its state. */
export async function selectDesignDocument(db: Queryable, designId: string): Promise<Design | undefined> {
  const { rows } = await db.query<{ document: Design }>('SELECT document FROM designs WHERE id = $1', [designId]);
  return rows[0]?.document;
}

export interface DesignFormatRow {
  name: string;
  uid: string;
  width: number;
  height: number;
  unit: string;
}

/** A design's formats in position order. */
export async function selectDesignFormats(db: Queryable, designId: string): Promise<DesignFormatRow[]> {
  const { rows } = await db.query<DesignFormatRow>(
    'SELECT name, uid, width, height, unit FROM design_formats WHERE design_id = $1 ORDER BY position',
    [designId],
  );
  return rows;
}

/** The first (by name) CREATED static design of the workspace that is not a template: the demo's render line. */
export async function selectFirstStaticDesignId(db: Queryable, workspaceId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM designs
      WHERE workspace_id = $1 AND type = 'static' AND status = 'CREATED' AND NOT is_workspace_template
      ORDER BY name LIMIT 1`,
    [workspaceId],
  );
  return rows[0]?.id;
}

/**
 * Inserts a design IMPORTING (invisible to every read) unless one with this id exists (a job
 * retried after a killed worker). A design without a project is a workspace template.
 */
export async function insertImportingDesign(
  db: Queryable,
  d: { id: string; workspaceId: string; projectId: string | null; categoryId: string | null; design: Design },
): Promise<void> {
  await db.query(
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
}

/**
 * Inserts a format row unless the design has one of this name. Creation order is format order
 * (the template preview is the first-created format's), so `created_at` is offset by position.
 */
export async function insertDesignFormat(
  db: Queryable,
  designId: string,
  f: { name: string; position: number; width: number; height: number; unit: string },
): Promise<void> {
  await db.query(
    `INSERT INTO design_formats (design_id, name, position, width, height, unit, created_at)
     VALUES ($1, $2, $3::int, $4, $5, $6, now() + make_interval(secs => $3::int / 1000000.0)) ON CONFLICT (design_id, name) DO NOTHING`,
    [designId, f.name, f.position, f.width, f.height, f.unit],
  );
}

/** Format name → uid. */
export async function selectDesignFormatUids(db: Queryable, designId: string): Promise<Record<string, string>> {
  const { rows } = await db.query<{ name: string; uid: string }>('SELECT name, uid FROM design_formats WHERE design_id = $1', [designId]);
  return Object.fromEntries(rows.map((r) => [r.name, r.uid]));
}

/** IMPORTING → CREATED. */
export async function activateImportingDesign(db: Queryable, designId: string): Promise<void> {
  await db.query(`UPDATE designs SET status = 'CREATED', updated_at = now() WHERE id = $1 AND status = 'IMPORTING'`, [designId]);
}

/** IMPORTING → DELETED: hides a half-made design. */
export async function deleteImportingDesign(db: Queryable, designId: string): Promise<void> {
  await db.query(`UPDATE designs SET status = 'DELETED', deleted_at = now() WHERE id = $1 AND status = 'IMPORTING'`, [designId]);
}

/** Records (or replaces) the stored preview of one frame. */
export async function upsertDesignPreview(db: Queryable, designId: string, frameId: string, key: string): Promise<void> {
  await db.query(
    `INSERT INTO design_previews (design_id, frame_id, storage_key) VALUES ($1, $2, $3)
     ON CONFLICT (design_id, frame_id) DO UPDATE SET storage_key = EXCLUDED.storage_key, rendered_at = now()`,
    [designId, frameId, key],
  );
}

/** What generation reads of a visible design (`generation/design-source.ts`). */
export interface GenerationDesignRow {
  id: string;
  workspace_id: string;
  project_id: string;
  document: Design & { naming_scheme?: string | null; default_file_type?: string | null };
  version: number;
  created_at: number;
  updated_at: number;
  format_uids: Record<string, string> | null;
}

export async function selectGenerationDesign(
  db: Queryable,
  workspaceId: string,
  designId: string,
): Promise<GenerationDesignRow | undefined> {
  const { rows } = await db.query<GenerationDesignRow>(
    `SELECT d.id, d.workspace_id, d.project_id, d.document, d.version,
            ${epochOf('d.created_at')} AS created_at, ${epochOf('d.updated_at')} AS updated_at,
            (SELECT jsonb_object_agg(f.name, f.uid) FROM design_formats f WHERE f.design_id = d.id) AS format_uids
       ${visibleDesignsOf('$1')} AND d.id = $2`,
    [workspaceId, designId],
  );
  return rows[0];
}
