import type { Design } from '@pressroom/model';
import { AppError } from '@pressroom/model';
import type { Queryable } from '@pressroom/platform';
import type { Workspace } from './workspaces.js';

/**
 * Dynamic images (docs/dynamic-images.md): one per design, created or updated by
 * `POST /designs/<id>/dynamic-image-url`; each format is served at `<base>/i/<format uid>`.
 */

export interface DynamicImageFlags {
  enable_rate_limit: boolean;
  enable_production_mode: boolean;
  require_signed_urls: boolean;
}

export interface DynamicImageRow extends DynamicImageFlags {
  id: string;
  design_id: string;
}

/** The public URL of one format. */
export function dynamicImageUrl(base: string, formatUid: string): string {
  return `${base.replace(/\/+$/, '')}/i/${formatUid}`;
}

interface DesignStateRow {
  status: 'CREATED' | 'IMPORTING' | 'DELETED';
  type: Design['type'];
}

/**
 * The refusals of the POST, in order: 404 for every design the workspace may not address
 * (unknown, deleted, another workspace's, a workspace template, in a deleted project), 400
 * template_not_active while importing, 400 template_not_static for any other type.
 */
export async function assertDynamicCapable(db: Queryable, workspaceId: string, designId: string): Promise<void> {
  const { rows } = await db.query<DesignStateRow>(
    `SELECT d.status, d.type FROM designs d JOIN projects p ON p.id = d.project_id AND p.deleted_at IS NULL
      WHERE d.id = $1 AND d.workspace_id = $2 AND NOT d.is_workspace_template AND d.status <> 'DELETED'`,
    [designId, workspaceId],
  );
  const row = rows[0];
  if (!row) throw new AppError('template_not_found', `Design ${designId} was not found.`);
  if (row.status !== 'CREATED')
    throw new AppError('template_not_active', 'The design is still being imported; it cannot have a dynamic image yet.');
  if (row.type !== 'static')
    throw new AppError('template_not_static', `Dynamic images are for static designs; this design is ${row.type}.`);
}

/**
 * Creates the design's dynamic image, or updates the flags that were sent on the existing one
 * (flags not sent keep their value). `created` tells the two apart (201 or 200).
 */
export async function upsertDynamicImage(
  db: Queryable,
  workspaceId: string,
  designId: string,
  flags: Partial<DynamicImageFlags>,
): Promise<{ row: DynamicImageRow; created: boolean }> {
  const { rows } = await db.query<DynamicImageRow & { created: boolean }>(
    `INSERT INTO dynamic_images (workspace_id, design_id, enable_rate_limit, enable_production_mode, require_signed_urls)
     VALUES ($1, $2, coalesce($3, false), coalesce($4, false), coalesce($5, false))
     ON CONFLICT (design_id) DO UPDATE SET
       enable_rate_limit = coalesce($3, dynamic_images.enable_rate_limit),
       enable_production_mode = coalesce($4, dynamic_images.enable_production_mode),
       require_signed_urls = coalesce($5, dynamic_images.require_signed_urls),
       updated_at = CASE WHEN $3::boolean IS NULL AND $4::boolean IS NULL AND $5::boolean IS NULL
                         THEN dynamic_images.updated_at ELSE now() END
     RETURNING id, design_id, enable_rate_limit, enable_production_mode, require_signed_urls, (xmax = 0) AS created`,
    [workspaceId, designId, flags.enable_rate_limit ?? null, flags.enable_production_mode ?? null, flags.require_signed_urls ?? null],
  );
  const { created, ...row } = rows[0]!;
  return { row, created };
}

export interface DynamicFormatRow {
  name: string;
  uid: string;
  width: number;
  height: number;
  unit: string;
}

export async function listDesignFormats(db: Queryable, designId: string): Promise<DynamicFormatRow[]> {
  const { rows } = await db.query<DynamicFormatRow>(
    'SELECT name, uid, width, height, unit FROM design_formats WHERE design_id = $1 ORDER BY position',
    [designId],
  );
  return rows;
}

/** The Dynamic image resource. */
export function presentDynamicImage(row: DynamicImageRow, formats: DynamicFormatRow[], base: string) {
  return {
    id: row.id,
    design_id: row.design_id,
    formats: formats.map((f) => ({
      id: f.name,
      uid: f.uid,
      width: f.width,
      height: f.height,
      unit: 'px',
      dynamic_image_url: dynamicImageUrl(base, f.uid),
    })),
    // Pressroom extension: the settings, so a client can see what the last POST left.
    settings: {
      enable_rate_limit: row.enable_rate_limit,
      enable_production_mode: row.enable_production_mode,
      require_signed_urls: row.require_signed_urls,
    },
  };
}

/** What the public route needs about one format uid, in one query. */
export interface ServedFormat extends DynamicImageRow {
  workspace: Workspace;
  format_name: string;
  format_uid: string;
  design_type: Design['type'];
  default_file_type: string | null;
  /** Changes whenever the design's document does (`designs.version`, bumped by every change). */
  design_version: string;
}

/**
 * The dynamic image serving a format uid, if the format's design has one and is still
 * generatable (CREATED, live project, not a template); undefined otherwise.
 */
export async function findServedFormat(db: Queryable, formatUid: string): Promise<ServedFormat | undefined> {
  const { rows } = await db.query<
    Omit<ServedFormat, 'workspace'> & { workspace_id: string; workspace_name: string; plan: Workspace['plan'] }
  >(
    `SELECT di.id, di.design_id, di.enable_rate_limit, di.enable_production_mode, di.require_signed_urls,
            f.name AS format_name, f.uid AS format_uid, d.type AS design_type, d.document->>'default_file_type' AS default_file_type,
            d.version::text AS design_version,
            w.id AS workspace_id, w.name AS workspace_name, w.plan
       FROM design_formats f
       JOIN dynamic_images di ON di.design_id = f.design_id
       JOIN designs d ON d.id = f.design_id AND d.status = 'CREATED' AND NOT d.is_workspace_template
       JOIN projects p ON p.id = d.project_id AND p.deleted_at IS NULL
       JOIN workspaces w ON w.id = d.workspace_id
      WHERE f.uid = $1`,
    [formatUid],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { workspace_id, workspace_name, plan, ...rest } = row;
  return { ...rest, workspace: { id: workspace_id, name: workspace_name, plan } };
}

/** The stored design document (validation of a query the process has not seen yet). */
export async function loadDesignDocument(db: Queryable, designId: string): Promise<Design | undefined> {
  const { rows } = await db.query<{ document: Design }>('SELECT document FROM designs WHERE id = $1', [designId]);
  return rows[0]?.document;
}

/**
 * Counts one event in a fixed window aligned to the database clock (so several control planes
 * agree) and returns the new count and the seconds until the window rolls over.
 */
export async function countDynamicEvent(
  db: Queryable,
  dynamicImageId: string,
  bucket: string,
  windowSeconds: number,
): Promise<{ count: number; retryAfter: number }> {
  const { rows } = await db.query<{ count: number; retry_after: string }>(
    `INSERT INTO dynamic_image_counters AS c (dynamic_image_id, bucket, window_start, count)
     VALUES ($1, $2, to_timestamp(floor(extract(epoch FROM now()) / $3::int) * $3::int), 1)
     ON CONFLICT (dynamic_image_id, bucket, window_start) DO UPDATE SET count = c.count + 1
     RETURNING c.count, ceil(extract(epoch FROM c.window_start) + $3::int - extract(epoch FROM now())) AS retry_after`,
    [dynamicImageId, bucket, windowSeconds],
  );
  const row = rows[0]!;
  return { count: row.count, retryAfter: Math.max(1, Number(row.retry_after)) };
}

/** Old windows are dead weight; any instance may sweep them. */
export async function sweepDynamicImageCounters(db: Queryable): Promise<number> {
  const { rowCount } = await db.query(`DELETE FROM dynamic_image_counters WHERE window_start < now() - interval '2 days'`);
  return rowCount ?? 0;
}
