import type { Design } from '@pressroom/model';
import {
  claimDuplication,
  completeDuplication,
  designAssetKey,
  designPreviewKey,
  failDuplicationRequest,
  projectIdIsLive,
  type Queryable,
  selectTemplateSource,
  withTransaction,
} from '@pressroom/platform';
import type { DesignJobDeps } from './process-import.js';
import { activateDesign, insertDesign, recordPreview } from './store-design.js';

/**
 * The `design_duplicate` job: INIT → IN_PROGRESS → COMPLETED, or ERROR when the template or the
 * project went away meanwhile. The copy gets the request's id as its design id, so a retried
 * job completes the same copy. Stored assets and previews are copied, not shared, so deleting
 * the template later never breaks the copy.
 */
export async function processDuplication(deps: DesignJobDeps, requestId: string): Promise<void> {
  const req = await claimDuplication(deps.db, requestId);
  if (!req) return;
  const source = await selectTemplateSource(deps.db, req.workspace_id, req.source_design_id);
  const projectLive = await projectIdIsLive(deps.db, req.target_project_id);
  if (!source || !projectLive) {
    await failDuplication(deps.db, requestId, source ? 'target project deleted' : 'workspace template deleted');
    return;
  }
  const design: Design = structuredClone(source.document);
  if (req.name) design.name = req.name;
  for (const [name, asset] of Object.entries(design.assets)) {
    if (!asset.src.startsWith('storage:')) continue;
    const bytes = await deps.storage.get(asset.src.slice(8));
    const key = designAssetKey(req.workspace_id, requestId, name);
    await deps.storage.put(key, bytes, { contentType: asset.content_type ?? 'application/octet-stream', contentLength: bytes.length });
    design.assets[name] = { ...asset, src: `storage:${key}` };
  }
  await withTransaction(deps.db, async (tx) => {
    const uids = await insertDesign(tx, {
      id: requestId,
      workspaceId: req.workspace_id,
      projectId: req.target_project_id,
      categoryId: null,
      design,
      madeBy: 'duplicate',
    });
    for (const p of source.previews ?? []) {
      const head = await deps.storage.head(p.storage_key);
      if (!head) continue;
      const key = designPreviewKey(req.workspace_id, requestId, uids[p.frame_id] ?? p.frame_id);
      const bytes = await deps.storage.get(p.storage_key);
      await deps.storage.put(key, bytes, { contentType: 'image/png', contentLength: bytes.length });
      await recordPreview(tx, requestId, p.frame_id, key);
    }
    await activateDesign(tx, requestId);
    await completeDuplication(tx, requestId, requestId);
  });
}

export async function failDuplication(db: Queryable, requestId: string, reason: string): Promise<void> {
  await failDuplicationRequest(db, requestId, reason);
}
