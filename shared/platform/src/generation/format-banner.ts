import type { NewBanner } from '../sql/banners.js';
import type { GenerationDesign } from './design-source.js';

/** The ids every job that makes one file of a generation request carries (static, animated). */
export interface FileJobIds {
  banner_id: string;
  workspace_id: string;
  design_id: string;
  generation_request_id: string;
  original_banner_id?: string | null | undefined;
}

/**
 * The Banner row of a file made for one format of a design: what the static and the animated
 * paths record once the file is stored. `size` is the file's own size when it differs from the
 * format's (a thumbnail scaled down by `output_width`).
 */
export function formatBanner(
  job: FileJobIds,
  found: GenerationDesign,
  format: { name: string; unit: string; width: number; height: number },
  file: { type: string; key: string; filename: string; size?: { width: number; height: number } },
): NewBanner {
  return {
    id: job.banner_id,
    workspace_id: job.workspace_id,
    design_id: job.design_id,
    generation_request_id: job.generation_request_id,
    format_name: format.name,
    format_uid: found.formatUids[format.name] ?? null,
    unit: format.unit,
    width: file.size?.width ?? format.width,
    height: file.size?.height ?? format.height,
    file_type: file.type,
    storage_key: file.key,
    filename: file.filename,
    template: { id: found.id, name: found.design.name, created_at: found.createdAt, updated_at: found.updatedAt },
    project_id: found.projectId,
    original_banner_id: job.original_banner_id ?? null,
  };
}
