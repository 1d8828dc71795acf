import type { DesignType, WorkspacePlan } from '@pressroom/model';
import type { Queryable } from '../db/pool.js';
import { VISIBLE_DESIGN_JOIN, VISIBLE_DESIGN_WHERE } from './visible-design.js';

export interface DynamicImageFlags {
  enable_rate_limit: boolean;
  enable_production_mode: boolean;
  require_signed_urls: boolean;
}

export interface DynamicImageRow extends DynamicImageFlags {
  id: string;
  design_id: string;
}

/**
 * Creates the design's dynamic image, or updates the flags that were sent on the existing one
 * (flags not sent keep their value; updated_at moves only when one was sent). `created` tells
 * the insert from the update.
 */
export async function upsertDynamicImageRow(
  db: Queryable,
  workspaceId: string,
  designId: string,
  flags: Partial<DynamicImageFlags>,
): Promise<DynamicImageRow & { created: boolean }> {
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
  return rows[0]!;
}

/** What the public route needs about one format uid, in one query. */
export interface ServedFormatRow extends DynamicImageRow {
  format_name: string;
  format_uid: string;
  design_type: DesignType;
  default_file_type: string | null;
  /** Changes whenever the design's document does (`designs.version`, bumped by every change). */
  design_version: string;
  workspace_id: string;
  workspace_name: string;
  plan: WorkspacePlan;
}

/** The dynamic image serving a format uid, when the format's design has one and is visible. */
export async function selectServedFormat(db: Queryable, formatUid: string): Promise<ServedFormatRow | undefined> {
  const { rows } = await db.query<ServedFormatRow>(
    `SELECT di.id, di.design_id, di.enable_rate_limit, di.enable_production_mode, di.require_signed_urls,
            f.name AS format_name, f.uid AS format_uid, d.type AS design_type, d.document->>'default_file_type' AS default_file_type,
            d.version::text AS design_version,
            w.id AS workspace_id, w.name AS workspace_name, w.plan
       FROM design_formats f
       JOIN dynamic_images di ON di.design_id = f.design_id
       JOIN designs d ON d.id = f.design_id
       ${VISIBLE_DESIGN_JOIN}
       JOIN workspaces w ON w.id = d.workspace_id
      WHERE f.uid = $1 AND ${VISIBLE_DESIGN_WHERE}`,
    [formatUid],
  );
  return rows[0];
}

/**
 * Counts one event in a fixed window aligned to the database clock (so several control planes
 * agree); returns the new count and the seconds left in the window (may be 0 or less at the edge).
 */
export async function countDynamicImageEvent(
  db: Queryable,
  dynamicImageId: string,
  bucket: string,
  windowSeconds: number,
): Promise<{ count: number; retry_after: string }> {
  const { rows } = await db.query<{ count: number; retry_after: string }>(
    `INSERT INTO dynamic_image_counters AS c (dynamic_image_id, bucket, window_start, count)
     VALUES ($1, $2, to_timestamp(floor(extract(epoch FROM now()) / $3::int) * $3::int), 1)
     ON CONFLICT (dynamic_image_id, bucket, window_start) DO UPDATE SET count = c.count + 1
     RETURNING c.count, ceil(extract(epoch FROM c.window_start) + $3::int - extract(epoch FROM now())) AS retry_after`,
    [dynamicImageId, bucket, windowSeconds],
  );
  return rows[0]!;
}

/** Deletes counter windows older than two days; returns how many. */
export async function deleteOldDynamicImageCounters(db: Queryable): Promise<number> {
  const { rowCount } = await db.query(`DELETE FROM dynamic_image_counters WHERE window_start < now() - interval '2 days'`);
  return rowCount ?? 0;
}
