import { MULTIPAGE_OUTPUT } from '@pressroom/model';
import type { VisualStatus } from '../review/review.js';
import type { BannerRow, ProjectSummary } from '../sql/banners.js';

export interface BannerUrls {
  url: string;
  cdn_url: string;
  /** HTML5 banners (zip): the backup JPEG. */
  fallback_image_url?: string;
}

/** The Banner resource as the API answers it (the control plane's `bannerResponse` documents it). */
export type BannerResource = {
  id: string;
  version: number;
  sharing_id: string;
  file: { type: string; url: string; cdn_url?: string; filename: string; fallback_image_url?: string };
  format: { id?: string; unit: string; width: number; height: number };
  template: BannerRow['template'];
  project?: ProjectSummary;
  image: { type: string; url: string };
  visual_status?: VisualStatus;
};

/**
 * The Banner resource (docs/api.md). Its `version` is the file's integer counter,
 * so the envelope leaves it alone. `image` is the deprecated twin of `file`. `visual_status` is
 * present when the banner's design carries a review status (`visualStatusOf`).
 */
export function serializeBanner(
  row: BannerRow,
  urls: BannerUrls,
  project: ProjectSummary | null,
  visualStatus: VisualStatus | null = null,
): BannerResource {
  const type = row.file_type;
  return {
    id: row.id,
    version: row.version,
    sharing_id: row.sharing_id,
    file: {
      type,
      url: urls.url,
      ...(type === 'zip' ? {} : { cdn_url: urls.cdn_url }),
      filename: row.filename,
      ...(type === 'zip' && urls.fallback_image_url ? { fallback_image_url: urls.fallback_image_url } : {}),
    },
    // A multipage PDF is no format of its design: its Banner has no format.id.
    format: {
      ...(row.format_name === MULTIPAGE_OUTPUT ? {} : { id: row.format_name }),
      unit: row.unit,
      width: row.width,
      height: row.height,
    },
    template: row.template,
    ...(project ? { project } : {}),
    image: { type, url: urls.url },
    ...(visualStatus ? { visual_status: visualStatus } : {}),
  };
}
