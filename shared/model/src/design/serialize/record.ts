import type { Design } from '../types.js';

/** A stored design plus what the database and storage know about it. */
export interface DesignRecord {
  id: string;
  design: Design;
  /** Unix seconds. */
  created_at: number;
  updated_at: number;
  /** Null when the project cannot be resolved. */
  project_id: string | null;
  project_name: string | null;
  /** Format name → stable uuid (`design_formats.uid`). */
  format_uids: Record<string, string>;
  /** Format name or page id → preview image URL. */
  preview_urls: Record<string, string>;
  /** Format name → dynamic image URL, for formats that have one. */
  dynamic_image_urls?: Record<string, string>;
}

export interface ReadOptions {
  /** `i=advanced`: include group layers. */
  advanced?: boolean;
  /** Turns a stored source (`asset:hero`, `storage:…`) into a URL a client can fetch. */
  resolveSource?: (src: string) => string;
}

/** The fields every design read starts with. Deprecated aliases equal their replacements. */
export function designHeader(r: DesignRecord) {
  return {
    id: r.id,
    name: r.design.name,
    type: r.design.type,
    created_at: r.created_at,
    updated_at: r.updated_at,
    project_id: r.project_id,
    project_name: r.project_name,
    category_id: r.project_id,
    category_name: r.project_name,
  };
}
