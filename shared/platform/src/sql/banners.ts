import { type TemplateSnapshot, templateSnapshotSchema } from '@pressroom/model';
import type { Queryable } from '../db/pool.js';

/** A banner's project, as the Banner resource shows it. */
export interface ProjectSummary {
  id: string;
  name: string;
  created_at_ts: number;
}

export interface BannerRow {
  id: string;
  sharing_id: string;
  workspace_id: string;
  design_id: string;
  generation_request_id: string | null;
  format_name: string;
  format_uid: string | null;
  unit: string;
  width: number;
  height: number;
  file_type: string;
  storage_key: string;
  filename: string;
  version: number;
  template: TemplateSnapshot;
  project_id: string | null;
  created_at: Date;
}

export type NewBanner = Omit<BannerRow, 'sharing_id' | 'created_at' | 'version'> & { original_banner_id: string | null };

const COLUMNS = `id, sharing_id, workspace_id, design_id, generation_request_id, format_name, format_uid, unit, width, height,
  file_type, storage_key, filename, version, template, project_id, created_at`;

/** The stored template snapshot is a JSON column: parsed with its model contract on every read. */
function parseRow(row: BannerRow): BannerRow {
  return { ...row, template: templateSnapshotSchema.parse(row.template) };
}

/**
 * Inserts the banner row unless (request, format) already has one — a re-run after a worker died.
 * Returns the row when this call inserted it. The version follows the original visual's, and a
 * new version keeps the original's `sharing_id` (its share URL).
 * Render paths record a file through `insertBanner` (record.ts), which also announces it.
 */
export async function insertBannerRow(client: Queryable, b: NewBanner): Promise<BannerRow | undefined> {
  const { rows } = await client.query<BannerRow>(
    `INSERT INTO banners (id, workspace_id, design_id, generation_request_id, format_name, format_uid, unit, width, height,
        file_type, storage_key, filename, template, project_id, original_banner_id, version, sharing_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::jsonb, $14, $15,
        coalesce((SELECT version + 1 FROM banners WHERE id = $15 AND workspace_id = $2), 1),
        coalesce((SELECT sharing_id FROM banners WHERE id = $15 AND workspace_id = $2), gen_random_uuid()))
     ON CONFLICT DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      b.id,
      b.workspace_id,
      b.design_id,
      b.generation_request_id,
      b.format_name,
      b.format_uid,
      b.unit,
      b.width,
      b.height,
      b.file_type,
      b.storage_key,
      b.filename,
      JSON.stringify(b.template),
      b.project_id,
      b.original_banner_id,
    ],
  );
  return rows[0] && parseRow(rows[0]);
}

export async function findBanner(db: Queryable, workspaceId: string, id: string): Promise<BannerRow | undefined> {
  const { rows } = await db.query<BannerRow>(`SELECT ${COLUMNS} FROM banners WHERE id = $1 AND workspace_id = $2`, [id, workspaceId]);
  return rows[0] && parseRow(rows[0]);
}

export async function listBannersOfRequest(db: Queryable, requestId: string): Promise<BannerRow[]> {
  const { rows } = await db.query<BannerRow>(
    `SELECT ${COLUMNS} FROM banners WHERE generation_request_id = $1 ORDER BY created_at, format_name`,
    [requestId],
  );
  return rows.map(parseRow);
}

/** The project of a banner, when it still exists (present when the design has a project; docs/design-format.md). */
export async function findProjectSummaries(db: Queryable, ids: readonly string[]): Promise<Map<string, ProjectSummary>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<ProjectSummary>(
    `SELECT id, name, extract(epoch FROM created_at)::bigint::int AS created_at_ts FROM projects
      WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL`,
    [[...new Set(ids)]],
  );
  return new Map(rows.map((p) => [p.id, p]));
}
