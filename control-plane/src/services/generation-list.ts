import type { BannerRow, ObjectStorage, Queryable } from '@pressroom/platform';
import { presentBanners, requestState } from '@pressroom/platform';
import type { Paging } from '../http/paging.js';

interface RequestListRow {
  id: string;
  design_id: string;
  design_name: string | null;
  kind: string;
  file_type: string;
  expected_files: number;
  is_finalized: boolean;
  finalized_at: Date | null;
  created_at: Date;
  purged_at: Date | null;
  total: string;
}

export interface GenerationRequestSummary {
  id: string;
  design_id: string;
  design_name: string | null;
  kind: string;
  file_type: string;
  status: 'in_progress' | 'finalized' | 'gone';
  expected_files: number;
  created_at_ts: number;
  finalized_at_ts: number | null;
  banners: Record<string, unknown>[];
  errors: { template_format_name: string; reason: string }[];
}

const BANNER_COLUMNS = `id, sharing_id, workspace_id, design_id, generation_request_id, format_name, format_uid, unit, width, height,
  file_type, storage_key, filename, version, template, project_id, created_at`;

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
  const { rows } = await db.query<RequestListRow>(
    `SELECT r.id, r.design_id, d.name AS design_name, r.kind, r.file_type, r.expected_files, r.is_finalized, r.finalized_at,
            r.created_at, r.purged_at, count(*) OVER () AS total
       FROM generation_requests r LEFT JOIN designs d ON d.id = r.design_id AND d.workspace_id = r.workspace_id
      WHERE r.workspace_id = $1 AND ($2::uuid IS NULL OR r.design_id = $2::uuid)
      ORDER BY r.created_at DESC, r.id LIMIT $3 OFFSET $4`,
    [workspaceId, filters.designId ?? null, page.limit, page.offset],
  );
  const ids = rows.map((r) => r.id);
  const banners = ids.length
    ? (
        await db.query<BannerRow>(
          `SELECT ${BANNER_COLUMNS} FROM banners WHERE generation_request_id = ANY($1::uuid[]) ORDER BY created_at, format_name`,
          [ids],
        )
      ).rows
    : [];
  const presented = await presentBanners(db, storage, banners);
  const errors = ids.length
    ? (
        await db.query<{ generation_request_id: string; format_name: string; reason: string }>(
          `SELECT generation_request_id, format_name, reason FROM generation_errors
            WHERE generation_request_id = ANY($1::uuid[]) ORDER BY created_at, format_name`,
          [ids],
        )
      ).rows
    : [];
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
  return { items, total: rows.length > 0 ? Number(rows[0]!.total) : await countRequests(db, workspaceId, filters.designId) };
}

async function countRequests(db: Queryable, workspaceId: string, designId: string | undefined): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    'SELECT count(*) AS n FROM generation_requests WHERE workspace_id = $1 AND ($2::uuid IS NULL OR design_id = $2::uuid)',
    [workspaceId, designId ?? null],
  );
  return Number(rows[0]!.n);
}
