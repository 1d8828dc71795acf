import type { Queryable } from '../db/pool.js';
import { findDesignReviews, visualStatusOf } from '../review/review.js';
import { type BannerRow, findProjectSummaries } from '../sql/banners.js';
import type { ObjectStorage } from '../storage/storage.js';
import { fallbackImageFilename, fallbackImageKey } from './fallback.js';
import { type BannerResource, serializeBanner } from './serialize.js';

/** Banner rows as API resources: signed URLs from storage, projects and design reviews from the database. */
export async function presentBanners(db: Queryable, storage: ObjectStorage, rows: readonly BannerRow[]): Promise<BannerResource[]> {
  const projects = await findProjectSummaries(
    db,
    rows.flatMap((r) => (r.project_id ? [r.project_id] : [])),
  );
  const reviews = await findDesignReviews(
    db,
    rows.map((r) => r.design_id),
  );
  return Promise.all(
    rows.map(async (row) => {
      const [url, cdn_url, fallback_image_url] = await Promise.all([
        storage.downloadUrl(row.storage_key, { filename: row.filename }),
        storage.publicUrl(row.storage_key),
        row.file_type === 'zip' ? storage.downloadUrl(fallbackImageKey(row), { filename: fallbackImageFilename(row.filename) }) : undefined,
      ]);
      const review = reviews.get(row.design_id);
      return serializeBanner(
        row,
        { url, cdn_url, ...(fallback_image_url ? { fallback_image_url } : {}) },
        row.project_id ? (projects.get(row.project_id) ?? null) : null,
        review ? visualStatusOf(review) : null,
      );
    }),
  );
}
