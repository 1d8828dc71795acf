import { AppError } from '@pressroom/model';
import type { ExportState, ObjectStorage } from '@pressroom/platform';
import { addExportZipJob, createExport, exportState, findExistingBannerIds, findExport, withTransaction } from '@pressroom/platform';
import type pg from 'pg';
import { uuidParam } from '../http/route.js';

/**
 * `POST /async/banners/export`, after the body parsed: an id that is not a UUID answers
 * endpoint_not_found (the contract's rule for malformed ids), none found answers
 * visual_not_found, a mix keeps the ids found. The export row and its job commit together.
 * Exports are free: no credits are spent.
 */
export async function acceptExport(
  db: pg.Pool,
  workspaceId: string,
  body: { ids: string[]; callback_url?: string | undefined },
): Promise<string> {
  if (body.ids.some((id) => !uuidParam.safeParse(id).success)) throw new AppError('endpoint_not_found', 'No such endpoint.');
  const found = await findExistingBannerIds(
    db,
    workspaceId,
    body.ids.map((id) => id.toLowerCase()),
  );
  if (found.length === 0) throw new AppError('visual_not_found', 'None of the visuals was found.');
  return withTransaction(db, async (client) => {
    const id = await createExport(client, { workspaceId, bannerIds: found, callbackUrl: body.callback_url ?? null });
    await addExportZipJob(client, id);
    return id;
  });
}

/** An export as `GET /exports/<id>` answers it (the route's `exportStatus` documents it). */
export type ExportResource = {
  export_id: string;
  status: Exclude<ExportState, 'gone'>;
  banner_ids: string[];
  archive_url: string | null;
  archive_size: number | null;
  error: string | null;
  created_at_ts: number;
  finished_at_ts: number | null;
};

/** `GET /exports/<id>` (a Pressroom extension): the export's state, with the archive URL once done. */
export async function readExport(db: pg.Pool, storage: ObjectStorage, workspaceId: string, id: string): Promise<ExportResource> {
  const row = await findExport(db, workspaceId, id);
  if (!row) throw new AppError('not_found', `Export ${id} was not found.`);
  const state = exportState(row, new Date());
  if (state === 'gone') throw new AppError('export_gone', `Export ${id} has expired (exports are kept 7 days).`);
  return {
    export_id: row.id,
    status: state,
    banner_ids: row.banner_ids,
    archive_url:
      state === 'done' && row.archive_key ? await storage.downloadUrl(row.archive_key, { filename: `export-${row.id}.zip` }) : null,
    archive_size: state === 'done' ? row.archive_size : null,
    error: state === 'failed' ? row.error : null,
    created_at_ts: Math.floor(row.created_at.getTime() / 1000),
    finished_at_ts: row.finished_at ? Math.floor(row.finished_at.getTime() / 1000) : null,
  };
}
