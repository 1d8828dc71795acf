import type { DesignSummaryRecord, DesignType } from '@pressroom/model';
import type { ObjectStorage, Queryable } from '@pressroom/platform';
import type { Paging } from '../http/paging.js';
import { type DesignListFilters, planDesignList } from './designs-list-plan.js';
import { EPOCH, VISIBLE_DESIGN_SQL } from './designs-records.js';

interface SummaryRow {
  id: string;
  name: string;
  type: DesignType;
  created_at: number;
  updated_at: number;
  project_id: string;
  project_name: string;
  preview_key: string | null;
  total: string;
}

/** `GET /designs`: one page of summaries and the number of matches across every page. */
export async function listDesigns(
  db: Queryable,
  storage: ObjectStorage,
  workspaceId: string,
  filters: DesignListFilters,
  page: Paging,
): Promise<{ items: DesignSummaryRecord[]; total: number }> {
  const plan = planDesignList(filters);
  const n = plan.params.length + 2;
  // The preview of the first frame: the first format by position, or page_1.
  const { rows } = await db.query<SummaryRow>(
    `SELECT d.id, d.name, d.type, ${EPOCH('d.created_at')} AS created_at, ${EPOCH('d.updated_at')} AS updated_at,
            p.id AS project_id, p.name AS project_name,
            (SELECT v.storage_key FROM design_previews v
              WHERE v.design_id = d.id AND v.frame_id = coalesce(
                (SELECT f.name FROM design_formats f WHERE f.design_id = d.id ORDER BY f.position LIMIT 1), 'page_1')) AS preview_key,
            count(*) OVER () AS total
       ${VISIBLE_DESIGN_SQL}${plan.where}
      ORDER BY ${plan.orderBy} LIMIT $${n} OFFSET $${n + 1}`,
    [workspaceId, ...plan.params, page.limit, page.offset],
  );
  let total = rows.length > 0 ? Number(rows[0]!.total) : 0;
  if (rows.length === 0 && page.offset > 0) {
    const c = await db.query<{ n: string }>(`SELECT count(*) AS n ${VISIBLE_DESIGN_SQL}${plan.where}`, [workspaceId, ...plan.params]);
    total = Number(c.rows[0]!.n);
  }
  const items: DesignSummaryRecord[] = [];
  for (const { total: _t, preview_key, ...r } of rows) {
    items.push({ ...r, preview_url: preview_key ? await storage.publicUrl(preview_key) : null });
  }
  return { items, total };
}
