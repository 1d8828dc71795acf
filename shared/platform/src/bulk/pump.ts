import { randomUUID } from 'node:crypto';
import { AppError, type RenderStaticPayload } from '@pressroom/model';
import type pg from 'pg';
import { chargeAiOperations } from '../ai/credits.js';
import { withTransaction } from '../db/pool.js';
import { openPaidRequest } from '../generation/paid-request.js';
import {
  type BulkRunRow,
  countQueuedBulkRows,
  lockBulkRun,
  markBulkRowFailed,
  markBulkRowQueued,
  type PendingBulkRow,
  selectPendingBulkRows,
  setBulkRunStatus,
} from '../sql/bulk-runs.js';
import { addBulkRunFinishJob, addBulkRunPumpJob, addRenderStaticJob } from '../sql/jobs.js';

export interface PumpOptions {
  /** Most rows of one run with an open request (queued or rendering) at once: the farm's pace. */
  window: number;
  /** Delay before the next look at the run. */
  intervalMs: number;
}

export type PumpStep = { kind: 'gone' } | { kind: 'again'; started: number; failed: number } | { kind: 'finish' };

/** Pure: how many rows to start now, and whether the run has ended (nothing pending, nothing open). */
export function planPump(
  run: Pick<BulkRunRow, 'status' | 'finished_at' | 'result_key'>,
  counts: { queued: number; pending: number },
  window: number,
): { start: number } | { finish: true } | { gone: true } {
  if (run.finished_at !== null || run.result_key !== null || run.status === 'completed' || run.status === 'failed') return { gone: true };
  if (counts.queued === 0 && (counts.pending === 0 || run.status === 'cancelled')) return { finish: true };
  if (run.status === 'cancelled') return { start: 0 };
  return { start: Math.max(0, Math.min(window - counts.queued, counts.pending)) };
}

/** Pure: the stem of a row's file: `_file_name`, else `row-00042`; the format follows when a row makes several. */
export function rowFileStem(row: Pick<PendingBulkRow, 'idx' | 'file_name' | 'formats'>, formatName: string): string {
  const stem = row.file_name ?? `row-${String(row.idx + 1).padStart(5, '0')}`;
  return row.formats.length > 1 ? `${stem}-${formatName}` : stem;
}

/**
 * One step of the runner for one run, in one transaction on the run's lock: up to `window` rows
 * have an open generation request at a time; the next rows get theirs (credits spent per file,
 * as any generation; jobs at the bulk priority). A row the workspace can no longer pay for fails
 * alone (its savepoint undoes its request). Then the next step is queued: again a little later,
 * or the run's finish once no row is pending or open. A crash anywhere leaves the transaction
 * undone and the step's job to run again.
 */
export async function pumpBulkRun(db: pg.Pool, runId: string, options: PumpOptions): Promise<PumpStep> {
  return withTransaction(db, async (client) => {
    const run = await lockBulkRun(client, runId);
    if (!run) return { kind: 'gone' };
    const plan = planPump(run, await countQueuedBulkRows(client, runId), options.window);
    if ('gone' in plan) return { kind: 'gone' };
    if ('finish' in plan) {
      await addBulkRunFinishJob(client, runId);
      return { kind: 'finish' };
    }
    let started = 0;
    let failed = 0;
    const enqueuedAt = Date.now();
    for (const row of plan.start > 0 ? await selectPendingBulkRows(client, runId, plan.start) : []) {
      await client.query('SAVEPOINT bulk_row');
      try {
        await startRow(client, run, row, enqueuedAt);
        await client.query('RELEASE SAVEPOINT bulk_row');
        started++;
      } catch (error) {
        if (!(error instanceof AppError) || error.id !== 'rate_limit_exceeded') throw error;
        await client.query('ROLLBACK TO SAVEPOINT bulk_row');
        await markBulkRowFailed(client, runId, row.idx, `${error.id}: ${error.message}`);
        failed++;
      }
    }
    if (run.status === 'queued') await setBulkRunStatus(client, runId, 'running');
    await addBulkRunPumpJob(client, runId, options.intervalMs);
    return { kind: 'again', started, failed };
  });
}

async function startRow(client: pg.PoolClient, run: BulkRunRow, row: PendingBulkRow, enqueuedAt: number): Promise<void> {
  const requestId = await openPaidRequest(client, {
    workspaceId: run.workspace_id,
    designId: run.design_id,
    kind: 'async',
    callbackUrl: null,
    fileType: row.file_type,
    expectedFiles: row.formats.length,
    creditPerFile: run.credit_per_file,
    bulkRunId: run.id,
  });
  const aiPerFile = run.ai_credit_per_operation * row.ai_operations;
  if (!(await chargeAiOperations(client, { workspaceId: run.workspace_id, requestId, perFile: aiPerFile, files: row.formats.length }))) {
    throw new AppError('rate_limit_exceeded', 'The workspace has no AI credits left for the AI operations of this row.');
  }
  for (const formatName of row.formats) {
    const payload: RenderStaticPayload = {
      v: 1,
      generation_request_id: requestId,
      banner_id: randomUUID(),
      workspace_id: run.workspace_id,
      design_id: run.design_id,
      enqueued_at: enqueuedAt,
      format_name: formatName,
      file_type: row.file_type,
      overrides: row.overrides,
      priority: 'async',
      original_banner_id: null,
      bulk_run_id: run.id,
      file_name: rowFileStem(row, formatName),
    };
    await addRenderStaticJob(client, payload);
  }
  await markBulkRowQueued(client, run.id, row.idx, requestId);
}
