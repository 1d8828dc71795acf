import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/pool.js';
import { type BannerRow, insertBannerRow } from '../../sql/banners.js';
import { bannerFileKey } from '../../storage/keys.js';
import type { ObjectStorage } from '../../storage/storage.js';

/**
 * Generated files for export tests: a Banner row plus its object in storage, without a render
 * (no generation request, so nothing is announced). `body` is the file's bytes; with
 * `storageKey` the row points at an object already stored (many rows can share one) instead.
 */
export async function seedBanner(
  db: Queryable,
  storage: ObjectStorage,
  input: { workspaceId: string; filename: string; body?: Buffer; storageKey?: string; fileType?: string; designId?: string },
): Promise<BannerRow> {
  const id = randomUUID();
  const key = input.storageKey ?? bannerFileKey(input.workspaceId, id, input.filename);
  if (input.storageKey === undefined) await storage.put(key, input.body ?? Buffer.alloc(0), { contentType: 'application/octet-stream' });
  const now = Math.floor(Date.now() / 1000);
  const designId = input.designId ?? randomUUID();
  const row = await insertBannerRow(db, {
    id,
    workspace_id: input.workspaceId,
    design_id: designId,
    generation_request_id: null,
    format_name: 'post',
    format_uid: null,
    unit: 'px',
    width: 10,
    height: 10,
    file_type: input.fileType ?? 'png',
    storage_key: key,
    filename: input.filename,
    template: { id: designId, name: 'Seeded', created_at: now, updated_at: now },
    project_id: null,
    original_banner_id: null,
  });
  if (!row) throw new Error('seedBanner: not inserted');
  return row;
}
