import { randomUUID } from 'node:crypto';
import type { RenderStaticPayload } from '@pressroom/model';
import type pg from 'pg';
import { AI_SPEND_REASON } from '../ai/credits.js';
import { withTransaction } from '../db/pool.js';
import { GENERATION_SPEND_REASON, NO_GENERATION_CREDITS } from '../generation/paid-request.js';
import {
  type BulkRowStart,
  type BulkRunRow,
  countQueuedBulkRows,
  lockBulkRun,
  type PendingBulkRow,
  selectPendingBulkRows,
  setBulkRowStarts,
  setBulkRunStatus,
} from '../sql/bulk-runs.js';
import { type CreditKind, type CreditSpendLine, lockCreditBalances, spendCreditBalanceLines } from '../sql/credits.js';
import { createGenerationRequests } from '../sql/generation-requests.js';
import { addBulkRunFinishJob, addBulkRunPumpJob, addRenderStaticJobs } from '../sql/jobs.js';

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

/** Why a row fails when its AI operations are more than the AI credits left. */
export const NO_AI_CREDITS_FOR_ROW = 'The workspace has no AI credits left for the AI operations of this row.';

/** What a row spends when it starts: generation credits for its files, AI credits per file for its operations. */
export interface RowCost {
  generation: number;
  aiPerFile: number;
  ai: number;
}

/** Pure: a row's price, as a generation of its files is priced (the run's prices per file and per AI operation). */
export function rowCost(
  run: Pick<BulkRunRow, 'credit_per_file' | 'ai_credit_per_operation'>,
  row: Pick<PendingBulkRow, 'formats' | 'ai_operations'>,
): RowCost {
  const files = row.formats.length;
  const aiPerFile = run.ai_credit_per_operation * row.ai_operations;
  return { generation: run.credit_per_file * files, aiPerFile, ai: aiPerFile * files };
}

/** Pure: the credit kinds a step's rows may spend (those whose balance the step locks). */
export function creditKindsOf(costs: readonly RowCost[]): CreditKind[] {
  const kinds: CreditKind[] = [];
  if (costs.some((c) => c.generation > 0)) kinds.push('generation');
  if (costs.some((c) => c.ai > 0)) kinds.push('ai');
  return kinds;
}

/**
 * Pure: which of a step's rows start and which fail, given what each credit kind can still spend.
 * The outcome of opening the rows one by one, in order, as any generation is opened: a row starts
 * when the generation credits left cover its files and the AI credits left its operations, and
 * then spends both; otherwise it fails alone with the reason (generation first) and spends
 * nothing, and the rows after it still get their turn.
 */
export function planRowStarts<R extends Pick<PendingBulkRow, 'idx' | 'formats' | 'ai_operations'>>(
  run: Pick<BulkRunRow, 'credit_per_file' | 'ai_credit_per_operation'>,
  rows: readonly R[],
  spendable: Record<CreditKind, number>,
): { started: { row: R; cost: RowCost }[]; failed: { idx: number; error: string }[] } {
  const left = { ...spendable };
  const started: { row: R; cost: RowCost }[] = [];
  const failed: { idx: number; error: string }[] = [];
  for (const row of rows) {
    const cost = rowCost(run, row);
    if (cost.generation > 0 && cost.generation > left.generation)
      failed.push({ idx: row.idx, error: `rate_limit_exceeded: ${NO_GENERATION_CREDITS}` });
    else if (cost.ai > 0 && cost.ai > left.ai) failed.push({ idx: row.idx, error: `rate_limit_exceeded: ${NO_AI_CREDITS_FOR_ROW}` });
    else {
      left.generation -= cost.generation;
      left.ai -= cost.ai;
      started.push({ row, cost });
    }
  }
  return { started, failed };
}

/** Pure: a started row's ledger lines, as a generation's are written (generation, then AI; none for a kind it does not spend). */
export function rowSpendLines(cost: RowCost, requestId: string): CreditSpendLine[] {
  const lines: CreditSpendLine[] = [];
  if (cost.generation > 0)
    lines.push({ kind: 'generation', amount: cost.generation, reason: GENERATION_SPEND_REASON, reference: requestId });
  if (cost.ai > 0) lines.push({ kind: 'ai', amount: cost.ai, reason: AI_SPEND_REASON, reference: requestId });
  return lines;
}

/**
 * One step of the runner for one run, in one transaction on the run's lock: up to `window` rows
 * have an open generation request at a time; the next rows get theirs (credits spent per file,
 * as any generation; jobs at the bulk priority). The step's rows start together, in a few
 * statements whatever their number: the workspace's credit balances are locked, the rows it can
 * no longer pay for fail alone (`planRowStarts`), and the others' requests, spends, jobs and
 * states are written set-based. Then the next step is queued: again a little later, or the run's
 * finish once no row is pending or open. A crash anywhere leaves the transaction undone and the
 * step's job to run again.
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
    const rows = plan.start > 0 ? await selectPendingBulkRows(client, runId, plan.start) : [];
    const { started, failed } = rows.length > 0 ? await startRows(client, run, rows) : { started: 0, failed: 0 };
    if (run.status === 'queued') await setBulkRunStatus(client, runId, 'running');
    await addBulkRunPumpJob(client, runId, options.intervalMs);
    return { kind: 'again', started, failed };
  });
}

/** Pure: the render job of one file of a started row. */
export function rowRenderPayload(
  run: Pick<BulkRunRow, 'id' | 'workspace_id' | 'design_id'>,
  row: PendingBulkRow,
  file: { requestId: string; bannerId: string; formatName: string; enqueuedAt: number },
): RenderStaticPayload {
  return {
    v: 1,
    generation_request_id: file.requestId,
    banner_id: file.bannerId,
    workspace_id: run.workspace_id,
    design_id: run.design_id,
    enqueued_at: file.enqueuedAt,
    format_name: file.formatName,
    file_type: row.file_type,
    overrides: row.overrides,
    priority: 'async',
    original_banner_id: null,
    bulk_run_id: run.id,
    file_name: rowFileStem(row, file.formatName),
  };
}

/** The step's rows: the balances locked, the plan made, then one statement per kind of write. */
async function startRows(
  client: pg.PoolClient,
  run: BulkRunRow,
  rows: readonly PendingBulkRow[],
): Promise<{ started: number; failed: number }> {
  const balances = await lockCreditBalances(client, run.workspace_id, creditKindsOf(rows.map((row) => rowCost(run, row))));
  const plan = planRowStarts(run, rows, { generation: balances.get('generation') ?? 0, ai: balances.get('ai') ?? 0 });
  const opened = plan.started.map((s) => ({ ...s, requestId: randomUUID() }));
  await createGenerationRequests(
    client,
    opened.map(({ row, cost, requestId }) => ({
      id: requestId,
      workspaceId: run.workspace_id,
      designId: run.design_id,
      kind: 'async',
      callbackUrl: null,
      fileType: row.file_type,
      expectedFiles: row.formats.length,
      creditPerFile: run.credit_per_file,
      bulkRunId: run.id,
      aiCreditPerFile: cost.aiPerFile,
    })),
  );
  const lines = opened.flatMap(({ cost, requestId }) => rowSpendLines(cost, requestId));
  const spent = await spendCreditBalanceLines(client, run.workspace_id, lines);
  // The balances are locked since they were read: a shortfall here is a defect, and undoes the step.
  if (spent !== lines.length)
    throw new Error(`bulk run ${run.id}: ${lines.length - spent} of the step's credit spends found the balance short`);
  const enqueuedAt = Date.now();
  await addRenderStaticJobs(
    client,
    opened.flatMap(({ row, requestId }) =>
      row.formats.map((formatName) => rowRenderPayload(run, row, { requestId, bannerId: randomUUID(), formatName, enqueuedAt })),
    ),
  );
  const starts: BulkRowStart[] = [...opened.map(({ row, requestId }) => ({ idx: row.idx, requestId })), ...plan.failed];
  await setBulkRowStarts(client, run.id, starts);
  return { started: opened.length, failed: plan.failed.length };
}
