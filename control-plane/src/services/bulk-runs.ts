import { createHash } from 'node:crypto';
import {
  API_VERSION,
  AppError,
  asyncAiShape,
  BULK_MAX_ISSUES,
  BULK_MAX_ROWS,
  BULK_MAX_SHEET_BYTES,
  type BulkCell,
  type ColumnPlan,
  creditCostOfFile,
  type ElementType,
  type FieldIssue,
  fileNameIssue,
  OutboundFetchError,
  OVERRIDABLE_NAMES,
  overrideOn,
  parseGenerationRequest,
  planColumns,
  propertyShape,
  rowIssue,
  rowRequest,
  targetName,
  unknownFonts,
} from '@pressroom/model';
import {
  addBulkRunPumpJob,
  type BulkRunWithCounts,
  cancelPendingBulkRows,
  countAiOperations,
  findBulkRun,
  findBulkRunByKey,
  findExport,
  guardedFetchBytes,
  insertBulkRows,
  insertBulkRun,
  listBulkRuns,
  lockBulkRun,
  type NewBulkRow,
  type ObjectStorage,
  readCredits,
  readSheet,
  setBulkRunStatus,
  setBulkRunTotals,
  withTransaction,
} from '@pressroom/platform';
import type pg from 'pg';
import { workspaceCatalogue } from './font-lookup.js';
import { acceptFormats } from './generation-formats.js';
import { loadDesignFor, requestFonts, requestUrls } from './generation-request.js';
import type { Accepted, FoundDesign, GenerationServiceDeps } from './generation-types.js';
import { MEDIA_SOURCE } from './outbound-urls.js';
import type { Workspace } from './workspaces.js';

export interface BulkRunDeps extends GenerationServiceDeps {
  storage: ObjectStorage;
  /** Outbound guard of a `csv_url` (config OUTBOUND_ALLOW_PRIVATE_NETWORKS). */
  allowPrivateNetworks: boolean;
  /** Deadline of a `csv_url` fetch. */
  sheetFetchTimeoutMs: number;
}

export type BulkSource =
  | { type: 'csv'; csv_encoded: string }
  | { type: 'csv_url'; url: string }
  | { type: 'rows'; rows: Record<string, BulkCell>[] };

export interface BulkRunBody {
  source: BulkSource;
  mapping?: Record<string, string | null> | undefined;
  formats?: string[] | undefined;
  image_file_type?: string | undefined;
  callback_url?: string | undefined;
}

/** Rows written per statement while the sheet streams in. */
const INSERT_BATCH = 500;

/**
 * The names a property column may take on a layer: what the catalogue lets a request set on that
 * layer type, or a request-only operation (encoded images, AI operations) the validator knows.
 */
const REQUEST_ONLY = new Set(
  [...Object.keys(propertyShape({ designType: 'static', mode: 'async' }, { root: false })), ...Object.keys(asyncAiShape())].filter(
    (name) => !(OVERRIDABLE_NAMES as readonly string[]).includes(name),
  ),
);
function knownProperty(type: ElementType, property: string): boolean {
  if (type === 'container') return false;
  return overrideOn(type, property) !== null || REQUEST_ONLY.has(property);
}

/** A sheet's rows as cells in header order, whatever the source. */
interface Rows {
  headers: string[];
  records: AsyncIterable<{ cells: BulkCell[]; line: number | null }>;
}

function tooManyRows(): AppError {
  return AppError.fromIssues(
    [{ path: 'source', code: 'out_of_range', message: `a bulk run takes at most ${BULK_MAX_ROWS} rows` }],
    `The sheet has more than ${BULK_MAX_ROWS} rows, the most one bulk run takes.`,
  );
}

function emptySource(): AppError {
  return AppError.fromIssues([{ path: 'source', code: 'invalid_payload', message: 'the sheet has no rows' }], 'The sheet has no rows.');
}

async function sourceRows(deps: BulkRunDeps, source: BulkSource): Promise<Rows> {
  if (source.type === 'rows') {
    if (source.rows.length === 0) throw emptySource();
    if (source.rows.length > BULK_MAX_ROWS) throw tooManyRows();
    const headers: string[] = [];
    const known = new Set<string>();
    for (const row of source.rows)
      for (const key of Object.keys(row))
        if (!known.has(key)) {
          known.add(key);
          headers.push(key);
        }
    return {
      headers,
      records: (async function* () {
        for (const row of source.rows) yield { cells: headers.map((h) => row[h] ?? null), line: null };
      })(),
    };
  }
  let bytes: Buffer;
  if (source.type === 'csv') {
    // Checked before decoding: base64 is 4 characters per 3 bytes.
    if (Math.floor((source.csv_encoded.length * 3) / 4) > BULK_MAX_SHEET_BYTES + 2) throw sheetTooLarge();
    bytes = Buffer.from(source.csv_encoded, 'base64');
  } else {
    try {
      bytes = (
        await guardedFetchBytes(source.url, {
          maxBytes: BULK_MAX_SHEET_BYTES,
          timeoutMs: deps.sheetFetchTimeoutMs,
          allowPrivateNetworks: deps.allowPrivateNetworks,
          accept: 'text/csv, text/tab-separated-values, text/plain;q=0.9, */*;q=0.5',
        })
      ).bytes;
    } catch (error) {
      if (!(error instanceof OutboundFetchError)) throw error;
      if (error.reason === 'too_large') throw sheetTooLarge();
      throw AppError.fromIssues(
        [{ path: 'source.url', code: 'invalid_payload', message: `the sheet could not be fetched: ${error.message}` }],
        `The sheet at source.url could not be fetched: ${error.message}`,
      );
    }
  }
  const sheet = await readSheet(bytes);
  return { headers: sheet.headers, records: sheet.records };
}

function sheetTooLarge(): AppError {
  return new AppError(
    'payload_too_large',
    `The sheet is larger than ${BULK_MAX_SHEET_BYTES / 1024 / 1024} MB, the most one bulk run takes.`,
    {
      issues: [{ path: 'source', code: 'payload_too_large', message: `a sheet may hold at most ${BULK_MAX_SHEET_BYTES} bytes` }],
    },
  );
}

export interface ValidationReport {
  valid: true;
  row_count: number;
  file_count: number;
  columns: Record<string, string | null>;
  credits_needed: number;
  /** The first rows as the body of a generation of that row (the console previews them). */
  preview_rows: PreviewRow[];
  version: string;
}

export interface PreviewRow {
  template_format_names: string[];
  image_file_type: string;
  elements: Record<string, Record<string, unknown>>;
}

/** Rows a validation report previews. */
const PREVIEW_ROWS = 3;

export type CreateResult = { status: 200 | 202; run: BulkRunWithCounts } | { status: 200; report: ValidationReport };

/**
 * `POST /designs/<id>/bulk-runs` (docs/bulk.md). The sheet streams through the column plan and
 * every row through the generation request parser and the design's override checks, exactly as
 * an asynchronous generation of that row would be checked, before any credit is spent; rows are
 * written as they pass, inside one transaction that any refusal undoes. Then the credits of every
 * file are checked (not spent: each row spends its own when the runner starts it), and the
 * runner's first step is queued in the same transaction.
 */
export async function createBulkRun(
  deps: BulkRunDeps,
  workspace: Workspace,
  designId: string,
  body: BulkRunBody,
  options: { idempotencyKey: string | null; validateOnly: boolean },
): Promise<CreateResult> {
  const hash = createHash('sha256')
    .update(JSON.stringify([designId, body]))
    .digest('hex');
  if (options.idempotencyKey !== null && !options.validateOnly) {
    const existing = await findBulkRunByKey(deps.db, workspace.id, options.idempotencyKey);
    if (existing) return sameRun(existing, hash);
  }
  const loaded = await loadDesignFor(deps, workspace, designId);
  const design = loaded.design;
  if (design.type !== 'static')
    throw new AppError('invalid_design_type', `Bulk runs render static designs; this is a ${design.type} design.`);
  const found: FoundDesign<'static'> = { ...loaded, design };
  const rows = await sourceRows(deps, body.source);
  const layerTypes = new Map(design.elements.map((e) => [e.name, e.type]));
  const columns = planColumns({ headers: rows.headers, mapping: body.mapping ?? {}, layers: design.elements, knownProperty });
  if (columns.issues.length > 0) throw AppError.fromIssues(columns.issues);
  const catalogue = await workspaceCatalogue(deps.db, workspace.id);
  const creditPerFile = creditCostOfFile(design.type, deps.creditCosts);
  const run = async (client: pg.PoolClient | null): Promise<CreateResult> => {
    const runId =
      client === null
        ? null
        : await insertBulkRun(client, {
            workspaceId: workspace.id,
            designId: found.id,
            headers: columns.plan.headers,
            targets: columns.plan.targets.map(targetName),
            formats: [],
            fileType: '',
            rowCount: 1,
            fileCount: 1,
            creditPerFile,
            aiCreditPerOperation: deps.creditCostAi,
            callbackUrl: body.callback_url ?? null,
            idempotencyKey: options.idempotencyKey,
            requestHash: hash,
          });
    const checked = await checkRows(deps, workspace, found, rows, columns.plan, layerTypes, catalogue, body, async (batch) => {
      if (client !== null && runId !== null) await insertBulkRows(client, runId, batch);
    });
    const credits = await readCredits(client ?? deps.db, workspace.id);
    const needed = checked.fileCount * creditPerFile;
    const aiNeeded = checked.aiOperations * deps.creditCostAi;
    if (needed > credits.generation.available || aiNeeded > credits.ai.available)
      throw new AppError(
        'rate_limit_exceeded',
        needed > credits.generation.available
          ? `The run needs ${needed} generation credits (${checked.fileCount} files); the workspace has ${credits.generation.available}.`
          : `The run needs ${aiNeeded} AI credits; the workspace has ${credits.ai.available}.`,
      );
    if (client === null || runId === null)
      return {
        status: 200,
        report: {
          valid: true,
          row_count: checked.rowCount,
          file_count: checked.fileCount,
          columns: Object.fromEntries(columns.plan.headers.map((h, i) => [h, targetName(columns.plan.targets[i] ?? null)])),
          credits_needed: needed,
          preview_rows: checked.preview,
          version: API_VERSION,
        },
      };
    await setBulkRunTotals(client, runId, checked);
    await addBulkRunPumpJob(client, runId);
    const created = await findBulkRun(client, workspace.id, runId);
    return { status: 202, run: created! };
  };
  if (options.validateOnly) return run(null);
  try {
    return await withTransaction(deps.db, run);
  } catch (error) {
    // Two creates with one key at once: the second waited on the first's row, which now exists.
    if (options.idempotencyKey !== null && (error as { code?: string }).code === '23505') {
      const existing = await findBulkRunByKey(deps.db, workspace.id, options.idempotencyKey);
      if (existing) return sameRun(existing, hash);
    }
    throw error;
  }
}

function sameRun(existing: BulkRunWithCounts, hash: string): CreateResult {
  if (existing.request_hash !== hash)
    throw new AppError('idempotency_key_reused', 'This Idempotency-Key was used for another request: send a new key for a new run.');
  return { status: 200, run: existing };
}

interface Checked {
  rowCount: number;
  fileCount: number;
  aiOperations: number;
  /** Every format a row renders, in the design's order. */
  formats: string[];
  fileType: string;
  preview: PreviewRow[];
}

async function checkRows(
  deps: BulkRunDeps,
  workspace: Workspace,
  found: FoundDesign<'static'>,
  rows: Rows,
  plan: ColumnPlan,
  layerTypes: ReadonlyMap<string, ElementType>,
  catalogue: Awaited<ReturnType<typeof workspaceCatalogue>>,
  body: BulkRunBody,
  write: (batch: NewBulkRow[]) => Promise<void>,
): Promise<Checked> {
  const design = found.design;
  const issues: FieldIssue[] = [];
  let badRows = 0;
  let batch: NewBulkRow[] = [];
  const usedFormats = new Set<string>();
  const fileTypes = new Set<string>();
  let index = 0;
  let fileCount = 0;
  let aiOperations = 0;
  const preview: PreviewRow[] = [];
  const defaults = { formats: body.formats ?? null, fileType: body.image_file_type ?? null };
  for await (const record of rows.records) {
    if (index >= BULK_MAX_ROWS) throw tooManyRows();
    const row = { index, line: record.line };
    index++;
    const rowIssues: FieldIssue[] = [];
    if (record.line !== null && record.cells.length !== plan.headers.length) {
      rowIssues.push({
        path: `rows[${row.index}]`,
        code: 'invalid_payload',
        message: `line ${record.line}: ${record.cells.length} cells, the header has ${plan.headers.length}`,
      });
    }
    const request = rowRequest(record.cells, plan, layerTypes, defaults);
    const parsed = parseGenerationRequest('async', request.body, { designType: 'static' });
    let accepted: Accepted<'static'> | null = null;
    if (!parsed.ok) {
      for (const issue of parsed.error.issues ?? [{ path: '', code: parsed.error.id, message: parsed.error.message }])
        rowIssues.push(rowIssue(issue, row, plan, record.cells));
    } else {
      try {
        accepted = acceptFormats({ deps, workspace, designType: 'static', found, request: parsed.value, output: {} });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const path = error.id === 'format_not_found' ? 'template_format_names' : '';
        for (const issue of error.issues ?? [{ path, code: error.id, message: error.message }])
          rowIssues.push(rowIssue(issue, row, plan, record.cells));
      }
      for (const issue of unknownFonts(requestFonts(parsed.value), catalogue)) rowIssues.push(rowIssue(issue, row, plan, record.cells));
      // Media URLs only a forbidden address answers, as a generation of the row refuses them.
      try {
        await deps.outbound(requestUrls(parsed.value), MEDIA_SOURCE);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        for (const issue of error.issues ?? []) rowIssues.push(rowIssue(issue, row, plan, record.cells));
      }
    }
    const nameIssue = request.fileName === null ? null : fileNameIssue(request.fileName);
    if (nameIssue !== null)
      rowIssues.push(rowIssue({ path: '', code: 'invalid_payload', message: `_file_name ${nameIssue}` }, row, plan, record.cells));
    if (rowIssues.length > 0 || accepted === null) {
      badRows++;
      for (const issue of rowIssues) if (issues.length < BULK_MAX_ISSUES) issues.push(issue);
      continue;
    }
    if (issues.length > 0) continue;
    for (const f of accepted.outputs) usedFormats.add(f);
    fileTypes.add(accepted.fileType);
    fileCount += accepted.outputs.length;
    if (preview.length < PREVIEW_ROWS)
      preview.push({ template_format_names: accepted.outputs, image_file_type: accepted.fileType, elements: request.body.elements });
    const ai = countAiOperations(accepted.overrides);
    aiOperations += ai * accepted.outputs.length;
    batch.push({
      idx: row.index,
      line: record.line,
      cells: record.cells,
      overrides: accepted.overrides,
      formats: accepted.outputs,
      file_type: accepted.fileType,
      file_name: request.fileName,
      ai_operations: ai,
    });
    if (batch.length >= INSERT_BATCH) {
      await write(batch);
      batch = [];
    }
  }
  if (index === 0) throw emptySource();
  if (issues.length > 0) {
    const more =
      badRows > 1
        ? ` (${badRows} rows have errors${issues.length >= BULK_MAX_ISSUES ? `; the first ${BULK_MAX_ISSUES} errors are listed` : ''})`
        : '';
    throw AppError.fromIssues(
      issues,
      issues.length === 1 ? `${issues[0]!.path}: ${issues[0]!.message}` : `${issues.length} fields failed validation${more}.`,
    );
  }
  await write(batch);
  return {
    rowCount: index,
    fileCount,
    aiOperations,
    formats: design.formats.map((f) => f.name).filter((f) => usedFormats.has(f)),
    fileType: [...fileTypes].join(','),
    preview,
  };
}

/** `GET /bulk-runs/<id>`: 404 `bulk_run_not_found` for another workspace's run too. */
export async function readBulkRun(db: pg.Pool, storage: ObjectStorage, workspaceId: string, id: string): Promise<BulkRunResource> {
  const run = await findBulkRun(db, workspaceId, id);
  if (!run) throw new AppError('bulk_run_not_found', `Bulk run ${id} was not found.`);
  return presentBulkRun(db, storage, run);
}

export async function listWorkspaceBulkRuns(
  db: pg.Pool,
  storage: ObjectStorage,
  workspaceId: string,
  filter: { designId: string | null; limit: number; offset: number },
): Promise<{ runs: BulkRunResource[]; total: number }> {
  const { runs, total } = await listBulkRuns(db, workspaceId, filter);
  return { runs: await Promise.all(runs.map((r) => presentBulkRun(db, storage, r))), total };
}

/** `POST /bulk-runs/<id>/cancel`: rows not started are cancelled (never rendered, never charged). */
export async function cancelBulkRun(db: pg.Pool, storage: ObjectStorage, workspaceId: string, id: string): Promise<BulkRunResource> {
  await withTransaction(db, async (client) => {
    const run = await lockBulkRun(client, id);
    if (!run || run.workspace_id !== workspaceId) throw new AppError('bulk_run_not_found', `Bulk run ${id} was not found.`);
    if (run.status !== 'queued' && run.status !== 'running') return;
    await setBulkRunStatus(client, id, 'cancelled');
    await cancelPendingBulkRows(client, id);
    // The runner's next step ends the run once its open rows end.
    await addBulkRunPumpJob(client, id);
  });
  return readBulkRun(db, storage, workspaceId, id);
}

/** `GET /bulk-runs/<id>/results.csv`: the stored result CSV; 409 `bulk_run_not_finished` before. */
export async function openBulkResults(
  db: pg.Pool,
  storage: ObjectStorage,
  workspaceId: string,
  id: string,
): Promise<{ stream: NodeJS.ReadableStream; filename: string }> {
  const run = await findBulkRun(db, workspaceId, id);
  if (!run) throw new AppError('bulk_run_not_found', `Bulk run ${id} was not found.`);
  if (run.result_key === null)
    throw new AppError('bulk_run_not_finished', 'The run has not finished: its result CSV is written once every row has ended.');
  return { stream: await storage.getStream(run.result_key), filename: `bulk-run-${run.id}.csv` };
}

/** A run as the API answers it (docs/bulk.md, "BulkRun"; the route's `bulkRunSchema` documents it). */
export type BulkRunResource = {
  id: string;
  design_id: string;
  status: BulkRunWithCounts['status'];
  row_count: number;
  file_count: number;
  rows: { done: number; failed: number; pending: number };
  formats: string[];
  created_at_ts: number;
  finished_at_ts: number | null;
  result_csv_url: string | null;
  export_id: string | null;
  archive_url: string | null;
  error: string | null;
  version: string;
};

/** A run as the API answers it (docs/bulk.md, "BulkRun"). */
export async function presentBulkRun(db: pg.Pool, storage: ObjectStorage, run: BulkRunWithCounts): Promise<BulkRunResource> {
  const exported = run.export_id ? await findExport(db, run.workspace_id, run.export_id) : undefined;
  return {
    id: run.id,
    design_id: run.design_id,
    status: run.status,
    row_count: run.row_count,
    file_count: run.file_count,
    rows: { done: run.done, failed: run.failed, pending: run.pending + run.queued },
    formats: run.formats,
    created_at_ts: Math.floor(run.created_at.getTime() / 1000),
    finished_at_ts: run.finished_at ? Math.floor(run.finished_at.getTime() / 1000) : null,
    result_csv_url: run.result_key ? await storage.downloadUrl(run.result_key, { filename: `bulk-run-${run.id}.csv` }) : null,
    export_id: run.export_id,
    archive_url:
      exported?.status === 'done' && exported.archive_key
        ? await storage.downloadUrl(exported.archive_key, { filename: `bulk-run-${run.id}.zip` })
        : null,
    error: run.error,
    version: API_VERSION,
  };
}
