import { findDesignForPreviews, lockDesignForChange, withTransaction } from '@pressroom/platform';
import { framesOf, renderPreviews } from './previews.js';
import type { DesignJobDeps } from './process-import.js';
import { recordPreview } from './store-design.js';

/**
 * The `design_previews` job: draws the previews of a design's version after its document changed
 * (PUT /designs/<id>/document, a restore), as the import draws them. A job for a version that is
 * no longer current draws nothing (the newer version has its own job), and its previews are
 * recorded only while that version is still current. The objects are keyed by version, so an
 * older job never overwrites a newer one's image. A frame that cannot be drawn keeps no preview.
 */
export async function refreshPreviews(
  deps: DesignJobDeps,
  designId: string,
  version: number,
  signal: AbortSignal = new AbortController().signal,
): Promise<void> {
  const found = await findDesignForPreviews(deps.db, designId);
  if (!found || found.version !== version) return;
  const frames = framesOf(found.document, found.format_uids).map((f) => ({ ...f, keyId: `${f.keyId}-v${version}` }));
  const previews = await renderPreviews({
    storage: deps.storage,
    render: deps.preview,
    workspaceId: found.workspace_id,
    designId,
    design: found.document,
    frames,
    signal,
  });
  if (previews.warnings.length > 0)
    deps.logger.info({ designId, version, warnings: previews.warnings }, 'design previews: some frames have none');
  await withTransaction(deps.db, async (tx) => {
    const locked = await lockDesignForChange(tx, designId);
    if (locked?.version !== version) return;
    for (const p of previews.stored) await recordPreview(tx, designId, p.frameId, p.key);
  });
}
