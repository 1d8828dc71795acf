import type { GenerationRequestKind } from '@pressroom/model';
import type { Queryable } from '../db/pool.js';
import type { BannerRow } from './banners.js';

/**
 * The generation request aggregate: `generation_requests`, the per-file `generation_errors`, the
 * completion notification, and the reads that join the request's banners. One function per
 * statement; each takes the caller's pool or client, so it runs inside the caller's transaction.
 */

/** How a generation request was made (the model's request kinds). */
export type GenerationKind = GenerationRequestKind;

export interface GenerationRequestRow {
  id: string;
  workspace_id: string;
  design_id: string;
  kind: GenerationKind;
  callback_url: string | null;
  file_type: string;
  expected_files: number;
  credit_per_file: number;
  is_finalized: boolean;
  finalized_at: Date | null;
  created_at: Date;
  purged_at: Date | null;
  /** The bulk run the request is a row of (docs/bulk.md), or null. */
  bulk_run_id: string | null;
}

export interface GenerationErrorRow {
  format_name: string;
  error_id: string;
  reason: string;
}

const COLUMNS = `id, workspace_id, design_id, kind, callback_url, file_type, expected_files, credit_per_file, is_finalized,
  finalized_at, created_at, purged_at, bulk_run_id`;

/** A generation request to open: its workspace, design, kind, callback, file type, files and price per file. */
export interface NewGenerationRequest {
  workspaceId: string;
  designId: string;
  kind: GenerationKind;
  callbackUrl: string | null;
  fileType: string;
  expectedFiles: number;
  creditPerFile: number;
  /** A bulk run's row (docs/bulk.md). */
  bulkRunId?: string | null;
}

export async function createGenerationRequest(client: Queryable, input: NewGenerationRequest): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO generation_requests (workspace_id, design_id, kind, callback_url, file_type, expected_files, credit_per_file, bulk_run_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      input.workspaceId,
      input.designId,
      input.kind,
      input.callbackUrl,
      input.fileType,
      input.expectedFiles,
      input.creditPerFile,
      input.bulkRunId ?? null,
    ],
  );
  return rows[0]!.id;
}

/** A request opened in a batch: its id chosen by the caller, and its AI credits per file (0: none). */
export interface NewGenerationRequestOfBatch extends NewGenerationRequest {
  id: string;
  aiCreditPerFile: number;
}

/** Many requests in one statement, in order (the bulk runner's step opens its rows' requests so). */
export async function createGenerationRequests(client: Queryable, requests: readonly NewGenerationRequestOfBatch[]): Promise<void> {
  if (requests.length === 0) return;
  const column = <T>(pick: (r: NewGenerationRequestOfBatch) => T) => requests.map(pick);
  await client.query(
    `INSERT INTO generation_requests (id, workspace_id, design_id, kind, callback_url, file_type, expected_files, credit_per_file, bulk_run_id,
       ai_credit_per_file)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::int[], $8::int[], $9::uuid[], $10::int[])`,
    [
      column((r) => r.id),
      column((r) => r.workspaceId),
      column((r) => r.designId),
      column((r) => r.kind),
      column((r) => r.callbackUrl),
      column((r) => r.fileType),
      column((r) => r.expectedFiles),
      column((r) => r.creditPerFile),
      column((r) => r.bulkRunId ?? null),
      column((r) => r.aiCreditPerFile),
    ],
  );
}

export async function findGenerationRequest(db: Queryable, workspaceId: string, id: string): Promise<GenerationRequestRow | undefined> {
  const { rows } = await db.query<GenerationRequestRow>(`SELECT ${COLUMNS} FROM generation_requests WHERE id = $1 AND workspace_id = $2`, [
    id,
    workspaceId,
  ]);
  return rows[0];
}

/** Locks the request row: every outcome of one request is recorded one after the other. */
export async function lockGenerationRequest(client: Queryable, id: string): Promise<GenerationRequestRow | undefined> {
  const { rows } = await client.query<GenerationRequestRow>(`SELECT ${COLUMNS} FROM generation_requests WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0];
}

/** Whether the request is finalised (false for an unknown id). */
export async function isGenerationRequestFinalized(db: Queryable, requestId: string): Promise<boolean> {
  const { rows } = await db.query<{ is_finalized: boolean }>('SELECT is_finalized FROM generation_requests WHERE id = $1', [requestId]);
  return rows[0]?.is_finalized === true;
}

export async function markGenerationRequestFinalized(client: Queryable, requestId: string): Promise<void> {
  await client.query('UPDATE generation_requests SET is_finalized = true, finalized_at = now() WHERE id = $1', [requestId]);
}

/** Files of the request with an outcome: its banners plus its errors. */
export async function countFileOutcomes(client: Queryable, requestId: string): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `SELECT ((SELECT count(*) FROM banners WHERE generation_request_id = $1)
           + (SELECT count(*) FROM generation_errors WHERE generation_request_id = $1))::int AS n`,
    [requestId],
  );
  return rows[0]!.n;
}

/**
 * True when one file of a request already has its outcome: a banner, an error, or a finalised
 * request (how a file stored without a Banner row ends).
 */
export async function hasFileOutcome(db: Queryable, requestId: string, formatName: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM banners WHERE generation_request_id = $1 AND format_name = $2
     UNION ALL SELECT 1 FROM generation_errors WHERE generation_request_id = $1 AND format_name = $2
     UNION ALL SELECT 1 FROM generation_requests WHERE id = $1 AND is_finalized LIMIT 1`,
    [requestId, formatName],
  );
  return rows.length > 0;
}

/** Records a file's failure unless the file already has a banner or an error; true when recorded. */
export async function insertGenerationError(
  client: Queryable,
  requestId: string,
  error: { formatName: string; errorId: string; reason: string },
): Promise<boolean> {
  const { rowCount } = await client.query(
    `INSERT INTO generation_errors (generation_request_id, format_name, error_id, reason)
     SELECT $1, $2, $3, $4 WHERE NOT EXISTS (SELECT 1 FROM banners WHERE generation_request_id = $1 AND format_name = $2)
     ON CONFLICT DO NOTHING`,
    [requestId, error.formatName, error.errorId, error.reason],
  );
  return (rowCount ?? 0) > 0;
}

export async function listGenerationErrors(db: Queryable, requestId: string): Promise<GenerationErrorRow[]> {
  const { rows } = await db.query<GenerationErrorRow>(
    'SELECT format_name, error_id, reason FROM generation_errors WHERE generation_request_id = $1 ORDER BY created_at, format_name',
    [requestId],
  );
  return rows;
}

/** The channel a render worker notifies when a generation request gains a banner or an error. */
export const GENERATION_CHANNEL = 'pressroom_generation';

/** Call inside the transaction that stores the outcome: Postgres delivers it on commit only. */
export async function notifyGeneration(client: Queryable, requestId: string): Promise<void> {
  await client.query('SELECT pg_notify($1, $2)', [GENERATION_CHANNEL, requestId]);
}

/**
 * The retention sweep: requests past `retentionMs` become tombstones (410) and lose their error
 * rows. The tombstone stays so an old id answers 410, not 404. Banners are files of their own.
 */
export async function purgeRequestsBefore(db: Queryable, now: Date, retentionMs: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH expired AS (
       UPDATE generation_requests SET purged_at = $1
        WHERE purged_at IS NULL AND coalesce(finalized_at, created_at) < $1::timestamptz - make_interval(secs => $2::double precision / 1000)
        RETURNING id),
     dropped AS (DELETE FROM generation_errors e USING expired WHERE e.generation_request_id = expired.id)
     SELECT count(*)::int AS n FROM expired`,
    [now, retentionMs],
  );
  return rows[0]?.n ?? 0;
}

export interface RequestListRow {
  id: string;
  design_id: string;
  design_name: string | null;
  kind: GenerationKind;
  file_type: string;
  expected_files: number;
  is_finalized: boolean;
  finalized_at: Date | null;
  created_at: Date;
  purged_at: Date | null;
  /** Every request the filters match (the page's `total`). */
  total: string;
}

/** A page of the workspace's requests, newest first, each with its design's name. */
export async function listGenerationRequestPage(
  db: Queryable,
  workspaceId: string,
  designId: string | null,
  /** `limit` null: every row. */
  page: { limit: number | null; offset: number },
): Promise<RequestListRow[]> {
  const { rows } = await db.query<RequestListRow>(
    `SELECT r.id, r.design_id, d.name AS design_name, r.kind, r.file_type, r.expected_files, r.is_finalized, r.finalized_at,
            r.created_at, r.purged_at, count(*) OVER () AS total
       FROM generation_requests r LEFT JOIN designs d ON d.id = r.design_id AND d.workspace_id = r.workspace_id
      WHERE r.workspace_id = $1 AND ($2::uuid IS NULL OR r.design_id = $2::uuid)
      ORDER BY r.created_at DESC, r.id LIMIT $3 OFFSET $4`,
    [workspaceId, designId, page.limit, page.offset],
  );
  return rows;
}

export async function countGenerationRequests(db: Queryable, workspaceId: string, designId: string | null): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    'SELECT count(*) AS n FROM generation_requests WHERE workspace_id = $1 AND ($2::uuid IS NULL OR design_id = $2::uuid)',
    [workspaceId, designId],
  );
  return Number(rows[0]!.n);
}

/** The errors of several requests, in the order they were recorded. */
export async function listErrorsOfRequests(
  db: Queryable,
  requestIds: readonly string[],
): Promise<{ generation_request_id: string; format_name: string; reason: string }[]> {
  const { rows } = await db.query<{ generation_request_id: string; format_name: string; reason: string }>(
    `SELECT generation_request_id, format_name, reason FROM generation_errors
      WHERE generation_request_id = ANY($1::uuid[]) ORDER BY created_at, format_name`,
    [requestIds],
  );
  return rows;
}

const BANNER_COLUMNS = `id, sharing_id, workspace_id, design_id, generation_request_id, format_name, format_uid, unit, width, height,
  file_type, storage_key, filename, version, template, project_id, created_at`;

/** The banners of several requests, in the order they were made. */
export async function listBannersOfRequests(db: Queryable, requestIds: readonly string[]): Promise<BannerRow[]> {
  const { rows } = await db.query<BannerRow>(
    `SELECT ${BANNER_COLUMNS} FROM banners WHERE generation_request_id = ANY($1::uuid[]) ORDER BY created_at, format_name`,
    [requestIds],
  );
  return rows;
}
