import type { DesignSummaryRecord } from '@pressroom/model';
import {
  countVisibleDesigns,
  type DesignListFilters,
  type ObjectStorage,
  type Queryable,
  selectVisibleDesignPage,
} from '@pressroom/platform';
import type { Paging } from '../http/paging.js';

/** `GET /designs`: one page of summaries and the number of matches across every page. */
export async function listDesigns(
  db: Queryable,
  storage: ObjectStorage,
  workspaceId: string,
  filters: DesignListFilters,
  page: Paging,
): Promise<{ items: DesignSummaryRecord[]; total: number }> {
  const { rows, total: pageTotal } = await selectVisibleDesignPage(db, workspaceId, filters, page);
  let total = pageTotal;
  if (rows.length === 0 && page.offset > 0) total = await countVisibleDesigns(db, workspaceId, filters);
  const items: DesignSummaryRecord[] = [];
  for (const { preview_key, ...r } of rows) {
    items.push({ ...r, preview_url: preview_key ? await storage.publicUrl(preview_key) : null });
  }
  return { items, total };
}
