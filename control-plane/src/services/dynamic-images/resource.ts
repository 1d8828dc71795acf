import { AppError } from '@pressroom/model';
import {
  countDynamicImageEvent,
  type DesignFormatRow,
  type DynamicImageFlags,
  type DynamicImageRow,
  deleteOldDynamicImageCounters,
  type Queryable,
  type ServedFormatRow,
  selectDesignFormats,
  selectDesignState,
  selectServedFormat,
  upsertDynamicImageRow,
} from '@pressroom/platform';
import type { Workspace } from '../workspaces.js';

/**
 * Dynamic images (docs/dynamic-images.md): one per design, created or updated by
 * `POST /designs/<id>/dynamic-image-url`; each format is served at `<base>/i/<format uid>`.
 */

/** The public URL of one format. */
export function dynamicImageUrl(base: string, formatUid: string): string {
  return `${base.replace(/\/+$/, '')}/i/${formatUid}`;
}

/**
 * The refusals of the POST, in order: 404 for every design the workspace may not address
 * (unknown, deleted, another workspace's, a workspace template, in a deleted project), 400
 * template_not_active while importing, 400 template_not_static for any other type.
 */
export async function assertDynamicCapable(db: Queryable, workspaceId: string, designId: string): Promise<void> {
  const row = await selectDesignState(db, workspaceId, designId);
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
  const { created, ...row } = await upsertDynamicImageRow(db, workspaceId, designId, flags);
  return { row, created };
}

export async function listDesignFormats(db: Queryable, designId: string): Promise<DesignFormatRow[]> {
  return selectDesignFormats(db, designId);
}

/** The Dynamic image resource (the route's schema documents it). */
export type DynamicImageResource = {
  id: string;
  design_id: string;
  formats: { id: string; uid: string; width: number; height: number; unit: 'px'; dynamic_image_url: string }[];
  settings: { enable_rate_limit: boolean; enable_production_mode: boolean; require_signed_urls: boolean };
};

/** The Dynamic image resource. */
export function presentDynamicImage(row: DynamicImageRow, formats: DesignFormatRow[], base: string): DynamicImageResource {
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
export type ServedFormat = Omit<ServedFormatRow, 'workspace_id' | 'workspace_name' | 'plan'> & { workspace: Workspace };

/**
 * The dynamic image serving a format uid, if the format's design has one and is still
 * generatable (CREATED, live project, not a template); undefined otherwise.
 */
export async function findServedFormat(db: Queryable, formatUid: string): Promise<ServedFormat | undefined> {
  const row = await selectServedFormat(db, formatUid);
  if (!row) return undefined;
  const { workspace_id, workspace_name, plan, ...rest } = row;
  return { ...rest, workspace: { id: workspace_id, name: workspace_name, plan } };
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
  const row = await countDynamicImageEvent(db, dynamicImageId, bucket, windowSeconds);
  return { count: row.count, retryAfter: Math.max(1, Number(row.retry_after)) };
}

/** Old windows are dead weight; any instance may sweep them. */
export async function sweepDynamicImageCounters(db: Queryable): Promise<number> {
  return deleteOldDynamicImageCounters(db);
}
