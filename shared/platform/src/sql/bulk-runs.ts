import type { BulkRowStatus, BulkRunStatus, NormalisedOverrides, StaticFileType } from '@pressroom/model';
import type { Queryable } from '../db/pool.js';

/**
 * The bulk run aggregate (docs/bulk.md): `bulk_runs` and its `bulk_rows`. One function per
 * statement; each takes the caller's pool or client, so it runs inside the caller's transaction.
 */

export interface BulkRunRow {
  id: string;
  workspace_id: string;
  design_id: string;
  status: BulkRunStatus;
  headers: string[];
  targets: (string | null)[];
  formats: string[];
  file_type: string;
  row_count: number;
  file_count: number;
  credit_per_file: number;
  ai_credit_per_operation: number;
  callback_url: string | null;
  idempotency_key: string | null;
  request_hash: string | null;
  result_key: string | null;
  export_id: string | null;
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
}

/** A run with its rows counted by state. */
export interface BulkRunWithCounts extends BulkRunRow {
  done: number;
  failed: number;
  pending: number;
  /** Rows whose generation request is open (queued or rendering). */
  queued: number;
}

const COLUMNS = `r.id, r.workspace_id, r.design_id, r.status, r.headers, r.targets, r.formats, r.file_type, r.row_count, r.file_count,
  r.credit_per_file, r.ai_credit_per_operation, r.callback_url, r.idempotency_key, r.request_hash, r.result_key, r.export_id, r.error,
  r.created_at, r.finished_at`;

const COUNTS = `(SELECT count(*) FILTER (WHERE s.status = 'done')::int AS done,
         count(*) FILTER (WHERE s.status IN ('failed', 'cancelled'))::int AS failed,
         count(*) FILTER (WHERE s.status = 'pending')::int AS pending,
         count(*) FILTER (WHERE s.status = 'queued')::int AS queued
    FROM bulk_rows s WHERE s.run_id = r.id) c`;

export interface NewBulkRun {
  workspaceId: string;
  designId: string;
  headers: string[];
  targets: (string | null)[];
  formats: string[];
  fileType: string;
  rowCount: number;
  fileCount: number;
  creditPerFile: number;
  aiCreditPerOperation: number;
  callbackUrl: string | null;
  idempotencyKey: string | null;
  requestHash: string | null;
}

export async function insertBulkRun(client: Queryable, run: NewBulkRun): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO bulk_runs (workspace_id, design_id, headers, targets, formats, file_type, row_count, file_count, credit_per_file,
       ai_credit_per_operation, callback_url, idempotency_key, request_hash)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
    [
      run.workspaceId,
      run.designId,
      run.headers,
      JSON.stringify(run.targets),
      run.formats,
      run.fileType,
      run.rowCount,
      run.fileCount,
      run.creditPerFile,
      run.aiCreditPerOperation,
      run.callbackUrl,
      run.idempotencyKey,
      run.requestHash,
    ],
  );
  return rows[0]!.id;
}

export interface NewBulkRow {
  idx: number;
  line: number | null;
  cells: unknown[];
  overrides: NormalisedOverrides;
  formats: string[];
  /** A static design's file type, as the control plane accepted it for the row. */
  file_type: StaticFileType;
  file_name: string | null;
  ai_operations: number;
}

/** Many rows in one statement (the service writes them in batches as the sheet streams in). */
export async function insertBulkRows(client: Queryable, runId: string, rows: readonly NewBulkRow[]): Promise<void> {
  if (rows.length === 0) return;
  await client.query(
    `INSERT INTO bulk_rows (run_id, idx, line, cells, overrides, formats, file_type, file_name, ai_operations)
     SELECT $1, x.idx, x.line, x.cells, x.overrides, x.formats, x.file_type, x.file_name, x.ai_operations
       FROM jsonb_to_recordset($2::jsonb)
         AS x(idx int, line int, cells jsonb, overrides jsonb, formats text[], file_type text, file_name text, ai_operations int)`,
    [runId, JSON.stringify(rows)],
  );
}

/**
 * Once every row is stored: the run's counts, and the formats and file types its rows chose (the
 * service learns all of them while streaming the sheet).
 */
export async function setBulkRunTotals(
  client: Queryable,
  runId: string,
  totals: { rowCount: number; fileCount: number; formats: readonly string[]; fileType: string },
): Promise<void> {
  await client.query('UPDATE bulk_runs SET row_count = $2, file_count = $3, formats = $4, file_type = $5 WHERE id = $1', [
    runId,
    totals.rowCount,
    totals.fileCount,
    totals.formats,
    totals.fileType,
  ]);
}

export async function findBulkRun(db: Queryable, workspaceId: string, id: string): Promise<BulkRunWithCounts | undefined> {
  const { rows } = await db.query<BulkRunWithCounts>(
    `SELECT ${COLUMNS}, c.* FROM bulk_runs r, LATERAL ${COUNTS} WHERE r.id = $1 AND r.workspace_id = $2`,
    [id, workspaceId],
  );
  return rows[0];
}

export async function loadBulkRun(db: Queryable, id: string): Promise<BulkRunWithCounts | undefined> {
  const { rows } = await db.query<BulkRunWithCounts>(`SELECT ${COLUMNS}, c.* FROM bulk_runs r, LATERAL ${COUNTS} WHERE r.id = $1`, [id]);
  return rows[0];
}

export async function findBulkRunByKey(db: Queryable, workspaceId: string, key: string): Promise<BulkRunWithCounts | undefined> {
  const { rows } = await db.query<BulkRunWithCounts>(
    `SELECT ${COLUMNS}, c.* FROM bulk_runs r, LATERAL ${COUNTS} WHERE r.workspace_id = $1 AND r.idempotency_key = $2`,
    [workspaceId, key],
  );
  return rows[0];
}

export async function listBulkRuns(
  db: Queryable,
  workspaceId: string,
  filter: { designId: string | null; limit: number; offset: number },
): Promise<{ runs: BulkRunWithCounts[]; total: number }> {
  const where = 'r.workspace_id = $1 AND ($2::uuid IS NULL OR r.design_id = $2)';
  const [list, total] = await Promise.all([
    db.query<BulkRunWithCounts>(
      `SELECT ${COLUMNS}, c.* FROM bulk_runs r, LATERAL ${COUNTS} WHERE ${where} ORDER BY r.created_at DESC, r.id LIMIT $3 OFFSET $4`,
      [workspaceId, filter.designId, filter.limit, filter.offset],
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM bulk_runs r WHERE ${where}`, [workspaceId, filter.designId]),
  ]);
  return { runs: list.rows, total: total.rows[0]?.n ?? 0 };
}

/** The run row, locked: the runner's step, a cancel and the finish take their turns. */
export async function lockBulkRun(client: Queryable, id: string): Promise<BulkRunRow | undefined> {
  const { rows } = await client.query<BulkRunRow>(`SELECT ${COLUMNS} FROM bulk_runs r WHERE r.id = $1 FOR UPDATE`, [id]);
  return rows[0];
}

export async function setBulkRunStatus(client: Queryable, id: string, status: BulkRunStatus, error: string | null = null): Promise<void> {
  await client.query('UPDATE bulk_runs SET status = $2, error = coalesce($3, error) WHERE id = $1', [id, status, error]);
}

/** Rows not started yet end as `cancelled`: they are never rendered and never charged. */
export async function cancelPendingBulkRows(client: Queryable, runId: string): Promise<number> {
  const { rowCount } = await client.query(`UPDATE bulk_rows SET status = 'cancelled' WHERE run_id = $1 AND status = 'pending'`, [runId]);
  return rowCount ?? 0;
}

/** How many of the run's rows have an open generation request. */
export async function countQueuedBulkRows(client: Queryable, runId: string): Promise<{ queued: number; pending: number }> {
  const { rows } = await client.query<{ queued: number; pending: number }>(
    `SELECT count(*) FILTER (WHERE status = 'queued')::int AS queued, count(*) FILTER (WHERE status = 'pending')::int AS pending
       FROM bulk_rows WHERE run_id = $1 AND status IN ('pending', 'queued')`,
    [runId],
  );
  return rows[0] ?? { queued: 0, pending: 0 };
}

export interface PendingBulkRow {
  idx: number;
  overrides: NormalisedOverrides;
  formats: string[];
  /** A static design's file type, as the control plane accepted it for the row. */
  file_type: StaticFileType;
  file_name: string | null;
  ai_operations: number;
}

/** The next rows to start, in order. */
export async function selectPendingBulkRows(client: Queryable, runId: string, limit: number): Promise<PendingBulkRow[]> {
  const { rows } = await client.query<PendingBulkRow>(
    `SELECT idx, overrides, formats, file_type, file_name, ai_operations FROM bulk_rows
      WHERE run_id = $1 AND status = 'pending' ORDER BY idx LIMIT $2`,
    [runId, limit],
  );
  return rows;
}

/** How a runner's step left a pending row: queued with its generation request, or failed with its reason. */
export type BulkRowStart = { idx: number; requestId: string } | { idx: number; error: string };

/** The step's rows, each queued or failed, in one statement. */
export async function setBulkRowStarts(client: Queryable, runId: string, rows: readonly BulkRowStart[]): Promise<void> {
  if (rows.length === 0) return;
  await client.query(
    `UPDATE bulk_rows r SET status = CASE WHEN x.request_id IS NULL THEN 'failed' ELSE 'queued' END,
            generation_request_id = coalesce(x.request_id, r.generation_request_id), error = coalesce(x.error, r.error)
       FROM unnest($2::int[], $3::uuid[], $4::text[]) AS x(idx, request_id, error)
      WHERE r.run_id = $1 AND r.idx = x.idx`,
    [
      runId,
      rows.map((r) => r.idx),
      rows.map((r) => ('requestId' in r ? r.requestId : null)),
      rows.map((r) => ('error' in r ? r.error : null)),
    ],
  );
}

/** A row's generation request ended: the row is done, or failed with the files' reasons. */
export async function finishBulkRowOfRequest(
  client: Queryable,
  requestId: string,
  outcome: { status: Extract<BulkRowStatus, 'done' | 'failed'>; error: string | null },
): Promise<void> {
  await client.query(`UPDATE bulk_rows SET status = $2, error = $3 WHERE generation_request_id = $1 AND status = 'queued'`, [
    requestId,
    outcome.status,
    outcome.error,
  ]);
}

export interface BulkResultRow {
  idx: number;
  cells: unknown[];
  status: BulkRowStatus;
  error: string | null;
  /** The row's files: format, storage key and file name. */
  files: { format_name: string; id: string; storage_key: string; filename: string }[];
}

/** A page of the result rows in order, each with its files (the result CSV streams these). */
export async function selectBulkResultRows(client: Queryable, runId: string, afterIdx: number, limit: number): Promise<BulkResultRow[]> {
  const { rows } = await client.query<BulkResultRow>(
    `SELECT r.idx, r.cells, r.status, r.error,
            coalesce((SELECT jsonb_agg(jsonb_build_object('format_name', b.format_name, 'id', b.id, 'storage_key', b.storage_key,
                                                          'filename', b.filename) ORDER BY b.format_name)
                        FROM banners b WHERE r.generation_request_id IS NOT NULL AND b.generation_request_id = r.generation_request_id),
                     '[]'::jsonb) AS files
       FROM bulk_rows r WHERE r.run_id = $1 AND r.idx > $2 ORDER BY r.idx LIMIT $3`,
    [runId, afterIdx, limit],
  );
  return rows;
}

/** The run's files in row order (the ZIP's order). */
export async function selectBulkRunBannerIds(client: Queryable, runId: string): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(
    `SELECT b.id FROM bulk_rows r JOIN banners b ON b.generation_request_id = r.generation_request_id
      WHERE r.run_id = $1 AND r.generation_request_id IS NOT NULL ORDER BY r.idx, b.format_name`,
    [runId],
  );
  return rows.map((r) => r.id);
}

export async function setBulkRunResults(
  client: Queryable,
  id: string,
  results: { resultKey: string; exportId: string | null },
): Promise<void> {
  await client.query('UPDATE bulk_runs SET result_key = $2, export_id = $3 WHERE id = $1', [id, results.resultKey, results.exportId]);
}

/** The run ended: its final status (a cancelled run stays cancelled) and its end time. */
export async function markBulkRunFinished(client: Queryable, id: string, error: string | null): Promise<void> {
  await client.query(
    `UPDATE bulk_runs SET status = CASE WHEN status = 'cancelled' THEN 'cancelled' ELSE 'completed' END, finished_at = now(),
            error = coalesce($2, error)
      WHERE id = $1 AND finished_at IS NULL`,
    [id, error],
  );
}

export async function findBulkRunOfExport(client: Queryable, exportId: string): Promise<string | undefined> {
  const { rows } = await client.query<{ id: string }>('SELECT id FROM bulk_runs WHERE export_id = $1', [exportId]);
  return rows[0]?.id;
}

/** Rows of the run per status, for the bulk rows metric (a small fixed label set). */
export async function selectBulkRowsFinished(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM bulk_rows WHERE status IN ('done', 'failed')`);
  return rows[0]?.n ?? 0;
}
