import { presentBanners } from '@pressroom/shared/banners/present';
import { findBanner } from '@pressroom/shared/banners/store';
import { AppError } from '@pressroom/shared/errors/index';
import type { ObjectStorage } from '@pressroom/shared/storage/index';
import type pg from 'pg';

/** `GET /banners/<id>`: a generated file of the workspace; anything else is visual_not_found. */
export async function readBanner(db: pg.Pool, storage: ObjectStorage, workspaceId: string, id: string): Promise<Record<string, unknown>> {
  const row = await findBanner(db, workspaceId, id);
  if (!row) throw new AppError('visual_not_found', `Visual ${id} was not found.`);
  return (await presentBanners(db, storage, [row]))[0]!;
}
