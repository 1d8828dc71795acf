import type { Design, DesignRecord } from '@pressroom/model';
import type { ObjectStorage, Queryable } from '@pressroom/platform';
import { dynamicImageUrl } from './dynamic-images.js';

/**
 * The one visibility rule of the Designs API: a design is addressable when it is CREATED, not a
 * workspace template, in this workspace and in a live project. Everything else (deleted, still
 * importing, template, another workspace, deleted project) is the same 404 template_not_found,
 * so the join on a live project does the work. `d` and `p` are the aliases every query uses.
 */
export const VISIBLE_DESIGN_SQL = `FROM designs d JOIN projects p ON p.id = d.project_id AND p.deleted_at IS NULL
  WHERE d.workspace_id = $1 AND d.status = 'CREATED' AND NOT d.is_workspace_template`;

interface DesignRow {
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

export const EPOCH = (col: string) => `extract(epoch FROM ${col})::bigint::int`;

/** Loads a visible design with its format uids and preview keys; undefined for every 404 case. */
export async function findDesignRow(db: Queryable, workspaceId: string, designId: string): Promise<DesignRow | undefined> {
  const { rows } = await db.query<DesignRow>(
    `SELECT d.id, d.document, d.version, ${EPOCH('d.created_at')} AS created_at, ${EPOCH('d.updated_at')} AS updated_at,
            p.id AS project_id, p.name AS project_name,
            (SELECT jsonb_object_agg(f.name, f.uid) FROM design_formats f WHERE f.design_id = d.id) AS format_uids,
            (SELECT jsonb_object_agg(v.frame_id, v.storage_key) FROM design_previews v WHERE v.design_id = d.id) AS previews,
            EXISTS (SELECT 1 FROM dynamic_images di WHERE di.design_id = d.id) AS has_dynamic_image
       ${VISIBLE_DESIGN_SQL} AND d.id = $2`,
    [workspaceId, designId],
  );
  return rows[0];
}

/**
 * A design record ready for the shared serializers: preview keys become URLs and stored assets
 * (`storage:<key>`) become hosting URLs, so a read never leaks an internal key.
 */
export async function loadDesignRecord(
  db: Queryable,
  storage: ObjectStorage,
  workspaceId: string,
  designId: string,
  options: { dynamicImageBase?: string } = {},
): Promise<{ record: DesignRecord; resolveSource: (src: string) => string } | undefined> {
  const row = await findDesignRow(db, workspaceId, designId);
  if (!row) return undefined;
  const preview_urls: Record<string, string> = {};
  for (const [frame, key] of Object.entries(row.previews ?? {})) preview_urls[frame] = await storage.publicUrl(key);
  const resolveSource = await sourceResolver(storage, row.document);
  return {
    record: {
      id: row.id,
      design: row.document,
      created_at: row.created_at,
      updated_at: row.updated_at,
      project_id: row.project_id,
      project_name: row.project_name,
      format_uids: row.format_uids ?? {},
      preview_urls,
      ...(row.has_dynamic_image && options.dynamicImageBase !== undefined
        ? { dynamic_image_urls: dynamicImageUrls(options.dynamicImageBase, row.format_uids ?? {}) }
        : {}),
    },
    resolveSource,
  };
}

function dynamicImageUrls(base: string, formatUids: Record<string, string>): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const [name, uid] of Object.entries(formatUids)) urls[name] = dynamicImageUrl(base, uid);
  return urls;
}

/**
 * Turns a stored media reference into a URL a client can fetch. URLs of stored assets are
 * computed up front because serializers are synchronous.
 */
export async function sourceResolver(storage: ObjectStorage, design: Pick<Design, 'assets'>): Promise<(src: string) => string> {
  const urls = new Map<string, string>();
  for (const [name, asset] of Object.entries(design.assets)) {
    urls.set(name, asset.src.startsWith('storage:') ? await storage.publicUrl(asset.src.slice(8)) : asset.src);
  }
  return (src) => {
    if (src.startsWith('asset:')) return urls.get(src.slice(6)) ?? src;
    return src;
  };
}
