import type { BulkRunFinishedPayload } from '@pressroom/model';
import type pg from 'pg';
import { withTransaction } from '../db/pool.js';
import {
  type BulkRunRow,
  findBulkRunOfExport,
  loadBulkRun,
  lockBulkRun,
  markBulkRunFinished,
  selectBulkRunBannerIds,
  setBulkRunResults,
} from '../sql/bulk-runs.js';
import { createExport } from '../sql/exports.js';
import { addExportZipJob } from '../sql/jobs.js';
import { bulkResultKey } from '../storage/keys.js';
import type { ObjectStorage } from '../storage/storage.js';
import { enqueueEvent } from '../webhooks/outbox.js';
import { resultCsv } from './results.js';

export type FinishStep = 'gone' | 'packing' | 'finished';

/**
 * A run whose rows all ended (or were cancelled): the result CSV is written to storage (the same
 * key again on a re-run), then, in one transaction on the run's lock, the ZIP export of its files
 * is created through the export machinery (its `export_zip` job in the same transaction). A run
 * with no file at all ends here; otherwise it ends when its export does (`endBulkRunOfExport`).
 */
export async function finishBulkRun(db: pg.Pool, storage: ObjectStorage, runId: string): Promise<FinishStep> {
  const run = await loadBulkRun(db, runId);
  if (!run || run.result_key !== null || run.finished_at !== null) return 'gone';
  const key = bulkResultKey(run.workspace_id, run.id);
  await storage.put(key, resultCsv(db, storage, run), { contentType: 'text/csv; charset=utf-8' });
  return withTransaction(db, async (client) => {
    const locked = await lockBulkRun(client, runId);
    if (!locked || locked.result_key !== null || locked.finished_at !== null) return 'gone';
    const bannerIds = await selectBulkRunBannerIds(client, runId);
    const exportId =
      bannerIds.length === 0 ? null : await createExport(client, { workspaceId: run.workspace_id, bannerIds, callbackUrl: null });
    await setBulkRunResults(client, runId, { resultKey: key, exportId });
    if (exportId !== null) {
      await addExportZipJob(client, exportId);
      return 'packing';
    }
    await endRun(client, storage, { ...locked, result_key: key }, null, null);
    return 'finished';
  });
}

/**
 * Inside the export's own transaction (media-worker's export task): when the export is a bulk
 * run's ZIP, the run ends with it, and BULK_RUN_FINISHED goes out through the outbox with the
 * archive's URL (null when the ZIP could not be written: the run still ends, saying why).
 */
export async function endBulkRunOfExport(
  client: pg.PoolClient,
  storage: ObjectStorage,
  exportId: string,
  archive: { url: string } | { error: string },
): Promise<boolean> {
  const runId = await findBulkRunOfExport(client, exportId);
  if (runId === undefined) return false;
  const run = await lockBulkRun(client, runId);
  if (!run || run.finished_at !== null) return false;
  await endRun(
    client,
    storage,
    run,
    'url' in archive ? archive.url : null,
    'error' in archive ? `the ZIP could not be written: ${archive.error}` : null,
  );
  return true;
}

async function endRun(
  client: pg.PoolClient,
  storage: ObjectStorage,
  run: BulkRunRow,
  archiveUrl: string | null,
  error: string | null,
): Promise<void> {
  await markBulkRunFinished(client, run.id, error);
  const ended = await loadBulkRun(client, run.id);
  if (!ended) return;
  const payload: BulkRunFinishedPayload = {
    event_type: 'BULK_RUN_FINISHED',
    bulk_run_id: run.id,
    status: ended.status === 'cancelled' ? 'cancelled' : ended.status === 'failed' ? 'failed' : 'completed',
    rows: { done: ended.done, failed: ended.failed, pending: ended.pending + ended.queued },
    result_csv_url: ended.result_key ? await storage.downloadUrl(ended.result_key, { filename: `bulk-run-${run.id}.csv` }) : null,
    archive_url: archiveUrl,
  };
  await enqueueEvent(client, { workspaceId: run.workspace_id, eventType: 'BULK_RUN_FINISHED', payload, callbackUrl: run.callback_url });
}
