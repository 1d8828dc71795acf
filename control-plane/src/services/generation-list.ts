import type { BannerResource, GenerationKind, ObjectStorage, Queryable } from '@pressroom/platform';
import {
  countGenerationRequests,
  listBannersOfRequests,
  listErrorsOfRequests,
  listGenerationRequestPage,
  presentBanners,
  requestState,
} from '@pressroom/platform';
import type { Paging } from '../http/paging.js';

export interface GenerationRequestSummary {
  id: string;
  design_id: string;
  design_name: string | null;
  kind: GenerationKind;
  file_type: string;
  status: 'in_progress' | 'finalized' | 'gone';
  expected_files: number;
  created_at_ts: number;
  finalized_at_ts: number | null;
  banners: BannerResource[];
  errors: { template_format_name: string; reason: string }[];
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * `GET /generation-requests` (a Pressroom extension): the workspace's requests, newest first,
 * each with its files and per-format errors, read in three queries whatever the page size.
 */
export async function listGenerationRequests(
  db: Queryable,
  storage: ObjectStorage,
  workspaceId: string,
  filters: { designId: string | undefined },
  page: Paging,
  now: Date = new Date(),
): Promise<{ items: GenerationRequestSummary[]; total: number }> {
  const rows = await listGenerationRequestPage(db, workspaceId, filters.designId ?? null, page);
  const ids = rows.map((r) => r.id);
  const banners = ids.length ? await listBannersOfRequests(db, ids) : [];
  const presented = await presentBanners(db, storage, banners);
  const errors = ids.length ? await listErrorsOfRequests(db, ids) : [];
  const items = rows.map((r) => ({
    id: r.id,
    design_id: r.design_id,
    design_name: r.design_name,
    kind: r.kind,
    file_type: r.file_type,
    status: requestState(r, now),
    expected_files: r.expected_files,
    created_at_ts: seconds(r.created_at),
    finalized_at_ts: r.finalized_at ? seconds(r.finalized_at) : null,
    banners: presented.filter((_b, i) => banners[i]!.generation_request_id === r.id),
    errors: errors.filter((e) => e.generation_request_id === r.id).map((e) => ({ template_format_name: e.format_name, reason: e.reason })),
  }));
  return {
    items,
    total: rows.length > 0 ? Number(rows[0]!.total) : await countGenerationRequests(db, workspaceId, filters.designId ?? null),
  };
}
