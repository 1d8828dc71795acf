import type { Design } from '@pressroom/model';
import type { Queryable } from '@pressroom/platform';
import { designAssetKey, designPreviewKey, withTransaction } from '@pressroom/platform';
import type { DesignJobDeps } from './process-import.js';
import { activateDesign, insertDesign, recordPreview } from './store-design.js';

interface Claimed {
  workspace_id: string;
  source_design_id: string;
  target_project_id: string;
  name: string | null;
}

interface Source {
  document: Design;
  previews: { frame_id: string; storage_key: string }[] | null;
}

/**
 * The `design_duplicate` job: INIT → IN_PROGRESS → COMPLETED, or ERROR when the template or the
 * project went away meanwhile. The copy gets the request's id as its design id, so a retried
 * job completes the same copy. Stored assets and previews are copied, not shared, so deleting
 * the template later never breaks the copy.
 */
export async function processDuplication(deps: DesignJobDeps, requestId: string): Promise<void> {
  const { rows } = await deps.db.query<Claimed>(
    `UPDATE design_duplication_requests SET status = 'IN_PROGRESS'
      WHERE id = $1 AND status IN ('INIT', 'IN_PROGRESS')
     RETURNING workspace_id, source_design_id, target_project_id, name`,
    [requestId],
  );
  const req = rows[0];
  if (!req) return;
  const src = await deps.db.query<Source>(
    `SELECT d.document,
            (SELECT jsonb_agg(jsonb_build_object('frame_id', v.frame_id, 'storage_key', v.storage_key)) FROM design_previews v WHERE v.design_id = d.id) AS previews
       FROM designs d WHERE d.id = $1 AND d.workspace_id = $2 AND d.is_workspace_template AND d.status = 'CREATED'`,
    [req.source_design_id, req.workspace_id],
  );
  const source = src.rows[0];
  const project = await deps.db.query('SELECT 1 FROM projects WHERE id = $1 AND deleted_at IS NULL', [req.target_project_id]);
  if (!source || !project.rowCount) {
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
    await tx.query(
      `UPDATE design_duplication_requests SET status = 'COMPLETED', completed_at = now(), result_design_id = $2 WHERE id = $1`,
      [requestId, requestId],
    );
  });
}

export async function failDuplication(db: Queryable, requestId: string, reason: string): Promise<void> {
  await db.query(
    `UPDATE design_duplication_requests SET status = 'ERROR', errored_at = now(), error = $2 WHERE id = $1 AND status IN ('INIT', 'IN_PROGRESS')`,
    [requestId, reason],
  );
}
