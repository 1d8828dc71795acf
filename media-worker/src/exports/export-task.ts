import { EXPORT_ZIP_TASK, newExportEvent } from '@pressroom/model';
import {
  assertJobLease,
  EXPORT_MAX_ATTEMPTS,
  endBulkRunOfExport,
  enqueueEvent,
  exportArchiveKey,
  INVALID_JOB_PAYLOAD_REASON,
  isJobFenced,
  jobTask,
  listExportFiles,
  loadExport,
  lockExport,
  markExportDone,
  markExportFailed,
  withTransaction,
} from '@pressroom/platform';
import type { Task } from 'graphile-worker';
import type { MediaDeps } from '../deps.js';
import { exportMetrics } from './metrics.js';
import { writeZip } from './write-zip.js';

export type ExportDeps = Pick<MediaDeps, 'db' | 'storage' | 'logger'>;

export type ExportResult =
  | { status: 'done'; bannerIds: string[]; bytes: number }
  | { status: 'failed'; reason: string }
  | { status: 'skipped' };

/**
 * Packs one export: streams its files into `exports/<id>.zip`, then, in one transaction, marks it
 * done and enqueues NEW_EXPORT (outbox) to its callback_url and the subscriptions listening for
 * it. A re-run after a crash writes the same key again; a finished export is never redone.
 */
export async function runExport(deps: ExportDeps, exportId: string, signal?: AbortSignal): Promise<ExportResult> {
  const row = await loadExport(deps.db, exportId);
  if (!row || row.status !== 'pending' || row.purged_at) return { status: 'skipped' };
  const files = await listExportFiles(deps.db, row);
  if (files.length === 0) {
    await failExport(deps, row.id, 'none of the files exist any more');
    return { status: 'failed', reason: 'none of the files exist any more' };
  }
  const key = exportArchiveKey(row.workspace_id, row.id);
  await assertJobLease(deps.db, 'object');
  const written = await writeZip(deps.storage, key, files, signal);
  if (written.ids.length === 0) {
    await deps.storage.delete(key);
    await failExport(deps, row.id, 'none of the files could be read from storage');
    return { status: 'failed', reason: 'none of the files could be read from storage' };
  }
  const size = (await deps.storage.head(key))?.size ?? written.bytes;
  const archiveUrl = await deps.storage.downloadUrl(key, { filename: `export-${row.id}.zip` });
  const finished = await withTransaction(deps.db, async (client) => {
    await assertJobLease(client, 'export');
    const locked = await lockExport(client, row.id);
    if (locked?.status !== 'pending' || locked.purged_at) return false;
    await markExportDone(client, row.id, { key, size, bannerIds: written.ids });
    await enqueueEvent(client, {
      workspaceId: row.workspace_id,
      eventType: 'NEW_EXPORT',
      payload: newExportEvent({ exportId: row.id, archiveUrl, bannerIds: written.ids }),
      callbackUrl: row.callback_url,
    });
    // A bulk run's ZIP: the run ends with it (docs/bulk.md).
    await endBulkRunOfExport(client, deps.storage, row.id, { url: archiveUrl });
    return true;
  });
  return finished ? { status: 'done', bannerIds: written.ids, bytes: size } : { status: 'skipped' };
}

/** The export failed for good; a bulk run whose ZIP it was ends too, saying so. */
async function failExport(deps: ExportDeps, exportId: string, reason: string): Promise<void> {
  await withTransaction(deps.db, async (client) => {
    await markExportFailed(client, exportId, reason);
    await endBulkRunOfExport(client, deps.storage, exportId, { error: reason });
  });
}

/** `export_zip`: parses the job at the boundary; the last failed attempt marks the export failed. */
export function exportZipTask(deps: ExportDeps & Pick<MediaDeps, 'metrics'>): Task {
  const metrics = exportMetrics(deps.metrics);
  // A job that cannot be read fails its export, as its last failed attempt would.
  const onInvalid = async ({ export_id: exportId }: { export_id: string }) => {
    await failExport(deps, exportId, INVALID_JOB_PAYLOAD_REASON);
    metrics.exports.inc({ outcome: 'failed' });
  };
  return jobTask(EXPORT_ZIP_TASK, { logger: deps.logger, onInvalid }, async ({ export_id: exportId }, helpers) => {
    const stopTimer = metrics.seconds.startTimer();
    try {
      const result = await runExport(deps, exportId, helpers.abortSignal);
      if (result.status === 'skipped') return;
      stopTimer();
      metrics.exports.inc({ outcome: result.status });
      if (result.status === 'done') metrics.bytes.inc(result.bytes);
      deps.logger.info({ exportId: exportId, status: result.status }, 'export finished');
    } catch (error) {
      if (!isJobFenced(error) && helpers.job.attempts >= Math.min(helpers.job.max_attempts, EXPORT_MAX_ATTEMPTS)) {
        await failExport(deps, exportId, 'the archive could not be written');
        metrics.exports.inc({ outcome: 'failed' });
      }
      throw error;
    }
  });
}
