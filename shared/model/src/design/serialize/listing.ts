import type { DesignType } from '../../properties/layer-types.js';
import { type DesignRecord, designHeader } from './record.js';

/** Row shape for listings, which need not load the whole document. */
export interface DesignSummaryRecord {
  id: string;
  name: string;
  type: DesignType;
  created_at: number;
  updated_at: number;
  project_id: string | null;
  project_name: string | null;
  /** Preview of the first format (first page on multipage). */
  preview_url: string | null;
}

/** One item of `GET /designs` (SDK `DesignListItem`): no template_id, plus preview_url. */
export function serializeDesignListItem(s: DesignSummaryRecord) {
  return {
    id: s.id,
    name: s.name,
    type: s.type,
    created_at: s.created_at,
    updated_at: s.updated_at,
    project_id: s.project_id,
    project_name: s.project_name,
    category_id: s.project_id,
    category_name: s.project_name,
    ...(s.preview_url ? { preview_url: s.preview_url } : {}),
  };
}

/** Convenience when the whole record is at hand. */
export function summaryOf(r: DesignRecord): DesignSummaryRecord {
  const first = r.design.type === 'printer_multipage' ? r.design.pages[0]?.id : r.design.formats[0]?.name;
  const h = designHeader(r);
  return { ...h, preview_url: first ? (r.preview_urls[first] ?? null) : null };
}
