import { AppError } from '@pressroom/model';
import type { BannerResource, ObjectStorage } from '@pressroom/platform';
import { findBanner, presentBanners } from '@pressroom/platform';
import type pg from 'pg';

/** `GET /banners/<id>`: a generated file of the workspace; anything else is visual_not_found. */
export async function readBanner(db: pg.Pool, storage: ObjectStorage, workspaceId: string, id: string): Promise<BannerResource> {
  const row = await findBanner(db, workspaceId, id);
  if (!row) throw new AppError('visual_not_found', `Visual ${id} was not found.`);
  return (await presentBanners(db, storage, [row]))[0]!;
}
