import type { Queryable } from '../db/pool.js';

export type GenerationKind = 'sync' | 'async' | 'multipage';

/** Spec: a finalised request is kept 7 days, then answers 410 generation_request_gone. */
export const RETENTION_MS = 7 * 24 * 3600 * 1000;

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
}

export interface GenerationErrorRow {
  format_name: string;
  error_id: string;
  reason: string;
}

const COLUMNS = `id, workspace_id, design_id, kind, callback_url, file_type, expected_files, credit_per_file, is_finalized,
  finalized_at, created_at, purged_at`;

export async function createGenerationRequest(
  client: Queryable,
  input: {
    workspaceId: string;
    designId: string;
    kind: GenerationKind;
    callbackUrl: string | null;
    fileType: string;
    expectedFiles: number;
    creditPerFile: number;
  },
): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO generation_requests (workspace_id, design_id, kind, callback_url, file_type, expected_files, credit_per_file)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [input.workspaceId, input.designId, input.kind, input.callbackUrl, input.fileType, input.expectedFiles, input.creditPerFile],
  );
  return rows[0]!.id;
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

export async function listGenerationErrors(db: Queryable, requestId: string): Promise<GenerationErrorRow[]> {
  const { rows } = await db.query<GenerationErrorRow>(
    'SELECT format_name, error_id, reason FROM generation_errors WHERE generation_request_id = $1 ORDER BY created_at, format_name',
    [requestId],
  );
  return rows;
}

export type RequestState = 'in_progress' | 'finalized' | 'gone';

/** Pure: how a poll answers (202, 200 or 410). */
export function requestState(
  row: Pick<GenerationRequestRow, 'is_finalized' | 'finalized_at' | 'created_at' | 'purged_at'>,
  now: Date,
): RequestState {
  if (row.purged_at) return 'gone';
  const since = row.finalized_at ?? row.created_at;
  if (now.getTime() - since.getTime() > RETENTION_MS) return 'gone';
  return row.is_finalized ? 'finalized' : 'in_progress';
}

/**
 * The retention sweep: requests past 7 days become tombstones (410) and lose their error rows.
 * The tombstone stays so an old id answers 410, not 404. Banners are files of their own and stay.
 */
export async function purgeExpiredRequests(db: Queryable, now: Date = new Date()): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH expired AS (
       UPDATE generation_requests SET purged_at = $1
        WHERE purged_at IS NULL AND coalesce(finalized_at, created_at) < $1::timestamptz - make_interval(secs => $2::double precision / 1000)
        RETURNING id),
     dropped AS (DELETE FROM generation_errors e USING expired WHERE e.generation_request_id = expired.id)
     SELECT count(*)::int AS n FROM expired`,
    [now, RETENTION_MS],
  );
  return rows[0]?.n ?? 0;
}
