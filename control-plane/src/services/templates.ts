import type { CategoryRecord, DesignType, WorkspaceTemplateRecord } from '@pressroom/model';
import {
  addDesignDuplicateJob,
  type DuplicationRow,
  designPreviewKey,
  insertDuplicationRequest,
  insertTemplateCategory,
  type ObjectStorage,
  projectIsLive,
  type Queryable,
  selectDuplication,
  selectTemplateCategories,
  selectTemplates,
  templateExists,
} from '@pressroom/platform';

/** Duplication requests answer 410 after this (docs/designs-api.md). */
export const DUPLICATION_RETENTION_MS = 7 * 24 * 3600 * 1000;

/**
 * `GET /workspace-templates`. The preview URL is always present (docs/api.md): the key of the first
 * created format's preview, whether or not the image was stored.
 */
export async function listTemplates(
  db: Queryable,
  storage: ObjectStorage,
  workspaceId: string,
  filters: { categoryId?: string | undefined; type?: DesignType | undefined },
): Promise<WorkspaceTemplateRecord[]> {
  const rows = await selectTemplates(db, workspaceId, { categoryId: filters.categoryId ?? null, type: filters.type ?? null });
  const out: WorkspaceTemplateRecord[] = [];
  for (const { first_frame, preview_key, ...r } of rows) {
    const key = preview_key ?? designPreviewKey(workspaceId, r.id, first_frame ?? 'page_1');
    out.push({ ...r, preview_url: await storage.publicUrl(key) });
  }
  return out;
}

export async function listCategories(db: Queryable, workspaceId: string): Promise<CategoryRecord[]> {
  return selectTemplateCategories(db, workspaceId);
}

export async function createCategory(
  db: Queryable,
  workspaceId: string,
  c: { name: string; color?: string; icon?: string },
): Promise<CategoryRecord> {
  return insertTemplateCategory(db, workspaceId, { name: c.name, color: c.color ?? null, icon: c.icon ?? null });
}

/**
 * `POST /workspace-templates/<id>/use`: records the request (INIT) and enqueues the copy in one
 * transaction. 'template' / 'project' name what was not found.
 */
export async function requestDuplication(
  tx: Queryable,
  workspaceId: string,
  templateId: string,
  input: { projectId: string; name: string | undefined },
): Promise<{ id: string } | 'template' | 'project'> {
  if (!(await templateExists(tx, workspaceId, templateId))) return 'template';
  if (!(await projectIsLive(tx, workspaceId, input.projectId))) return 'project';
  const request = await insertDuplicationRequest(tx, { workspaceId, templateId, projectId: input.projectId, name: input.name ?? null });
  await addDesignDuplicateJob(tx, request.id);
  return request;
}

export async function findDuplication(db: Queryable, workspaceId: string, id: string): Promise<DuplicationRow | undefined> {
  return selectDuplication(db, workspaceId, id);
}

/** The SDK's `DuplicationRequestStatus`. */
export function serializeDuplication(r: DuplicationRow) {
  return {
    request_id: r.id,
    status: r.status,
    created_at_ts: r.created_at_ts,
    completed_at_ts: r.completed_at_ts,
    errored_at_ts: r.errored_at_ts,
    target_project: { id: r.project_id, name: r.project_name, created_at_ts: r.project_created_at_ts },
    designs:
      r.status === 'COMPLETED' && r.result_design_id
        ? [{ original_design_id: r.source_design_id, target_design_id: r.result_design_id, target_design_name: r.result_design_name ?? '' }]
        : [],
  };
}
