import type { Design, DesignRecord } from '@pressroom/model';
import { type ObjectStorage, type Queryable, selectVisibleDesign } from '@pressroom/platform';
import { dynamicImageUrl } from './dynamic-images/resource.js';

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
  const row = await selectVisibleDesign(db, workspaceId, designId);
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
