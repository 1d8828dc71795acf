import { AppError } from '@pressroom/model';
import type { BannerResource, ObjectStorage } from '@pressroom/platform';
import {
  findGenerationRequest,
  isGenerationRequestFinalized,
  listBannersOfRequest,
  listGenerationErrors,
  presentBanners,
  requestState,
} from '@pressroom/platform';
import type pg from 'pg';

export type SyncOutcome = { banner: BannerResource } | { error: AppError };

/**
 * One read of a sync request: undefined while nothing is recorded. A recorded failure becomes
 * the error the caller sees: content refusals are 400s, anything else a 500.
 */
export async function readSyncOutcome(db: pg.Pool, storage: ObjectStorage, requestId: string): Promise<SyncOutcome | undefined> {
  const banners = await listBannersOfRequest(db, requestId);
  if (banners.length > 0) return { banner: (await presentBanners(db, storage, banners))[0]! };
  return readSyncError(db, requestId);
}

/**
 * One read of a sync request whose file goes to a key of its own and is no Banner
 * (`SyncOutput.key`): stored once the request is finalised without an error.
 */
export async function readStoredOutcome(db: pg.Pool, requestId: string): Promise<{ stored: true } | { error: AppError } | undefined> {
  // Finalised first: a failure is recorded in the same transaction that finalises the request.
  if (!(await isGenerationRequestFinalized(db, requestId))) return undefined;
  return (await readSyncError(db, requestId)) ?? { stored: true };
}

/** The recorded failure of a sync request as the caller sees it: content refusals are 400s, anything else a 500. */
async function readSyncError(db: pg.Pool, requestId: string): Promise<{ error: AppError } | undefined> {
  const first = (await listGenerationErrors(db, requestId))[0];
  if (!first) return undefined;
  if (first.error_id === 'cannot_build_banner' || first.error_id === 'image_fetching_error') {
    return { error: new AppError(first.error_id, first.reason) };
  }
  return { error: new AppError('internal_server_error', 'The render failed.') };
}

/** A generation request as `GET /generation-request/<id>` answers it (the route's schema documents it). */
export type GenerationRequestResource = {
  id: string;
  is_finalized: boolean;
  banners: BannerResource[];
  errors: { template_format_name: string; reason: string }[];
};

/** `GET /generation-request/<id>`: the resource and whether it is finished (200) or not (202). */
export async function readGenerationRequest(
  db: pg.Pool,
  storage: ObjectStorage,
  workspaceId: string,
  id: string,
  now: Date = new Date(),
): Promise<{ finalized: boolean; body: GenerationRequestResource }> {
  const row = await findGenerationRequest(db, workspaceId, id);
  if (!row) throw new AppError('generation_request_not_found', `Generation request ${id} was not found.`);
  const state = requestState(row, now);
  if (state === 'gone') throw new AppError('generation_request_gone', 'Generation requests are kept 7 days; this one has expired.');
  const banners = await presentBanners(db, storage, await listBannersOfRequest(db, id));
  const errors = (await listGenerationErrors(db, id)).map((e) => ({ template_format_name: e.format_name, reason: e.reason }));
  return { finalized: state === 'finalized', body: { id: row.id, is_finalized: state === 'finalized', banners, errors } };
}
