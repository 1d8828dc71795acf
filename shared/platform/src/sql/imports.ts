import {
  type ExpectedUpload,
  type ImportError,
  type ImportResult,
  type ImportStatus,
  type ImportWarning,
  importErrorSchema,
  importResultSchema,
  importWarningSchema,
  type StoredUpload,
  storedUploadSchema,
} from '@pressroom/model';
import { z } from 'zod';
import type { Queryable } from '../db/pool.js';

/** The import record as the API reads it; the JSON columns parsed with the model's contracts. */
export interface ImportRow {
  id: string;
  name: string;
  status: ImportStatus;
  target_kind: 'design' | 'workspace_template';
  target_category_id: string | null;
  upload_expires_at: Date | null;
  created_at_ts: number;
  validated_at_ts: number | null;
  warnings: ImportWarning[];
  error: ImportError | null;
  result: ImportResult | null;
}

const COLUMNS = `id, name, status, target_kind, target_category_id, upload_expires_at,
  extract(epoch FROM created_at)::bigint::int AS created_at_ts,
  extract(epoch FROM validated_at)::bigint::int AS validated_at_ts, warnings, error, result`;

const warningsSchema = z.array(importWarningSchema);
const uploadsSchema = z.array(storedUploadSchema);

function parseRow(row: ImportRow): ImportRow {
  return {
    ...row,
    warnings: warningsSchema.parse(row.warnings),
    error: row.error === null ? null : importErrorSchema.parse(row.error),
    result: row.result === null ? null : importResultSchema.parse(row.result),
  };
}

/** A fresh import id from the database (the upload keys need it before the row exists). */
export async function newImportId(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ id: string }>('SELECT gen_random_uuid() AS id');
  return rows[0]!.id;
}

export interface NewImport {
  id: string;
  workspaceId: string;
  name: string;
  targetKind: 'design' | 'workspace_template';
  targetProjectId: string | null;
  targetCategoryId: string | null;
  /** The stored design document, re-parsed by the worker. */
  payload: unknown;
  uploadsExpected: ExpectedUpload[];
  uploadExpiresAt: Date;
  warnings: ImportWarning[];
  strict: boolean;
  /** QUEUED (validated now) when nothing is to be uploaded; WAITING_FOR_VALIDATION otherwise. */
  queued: boolean;
}

export async function insertImport(db: Queryable, i: NewImport): Promise<ImportRow> {
  const { rows } = await db.query<ImportRow>(
    `INSERT INTO design_imports (id, workspace_id, name, target_kind, target_project_id, target_category_id, payload,
                                 uploads_expected, upload_expires_at, warnings, strict, status, validated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, CASE WHEN $13 THEN now() END) RETURNING ${COLUMNS}`,
    [
      i.id,
      i.workspaceId,
      i.name,
      i.targetKind,
      i.targetProjectId,
      i.targetCategoryId,
      JSON.stringify(i.payload),
      JSON.stringify(i.uploadsExpected),
      i.uploadExpiresAt,
      JSON.stringify(i.warnings),
      i.strict,
      i.queued ? 'QUEUED' : 'WAITING_FOR_VALIDATION',
      i.queued,
    ],
  );
  return parseRow(rows[0]!);
}

export async function selectImport(db: Queryable, workspaceId: string, id: string): Promise<ImportRow | undefined> {
  const { rows } = await db.query<ImportRow>(`SELECT ${COLUMNS} FROM design_imports WHERE id = $1 AND workspace_id = $2`, [
    id,
    workspaceId,
  ]);
  return rows[0] && parseRow(rows[0]);
}

/** The import with its expected uploads, locked for the rest of the transaction. */
export async function lockImport(
  db: Queryable,
  workspaceId: string,
  id: string,
): Promise<(ImportRow & { uploads_expected: StoredUpload[] }) | undefined> {
  const { rows } = await db.query<ImportRow & { uploads_expected: unknown }>(
    `SELECT ${COLUMNS}, uploads_expected FROM design_imports WHERE id = $1 AND workspace_id = $2 FOR UPDATE`,
    [id, workspaceId],
  );
  const row = rows[0];
  return row && { ...parseRow(row), uploads_expected: uploadsSchema.parse(row.uploads_expected) };
}

/** WAITING_FOR_VALIDATION → QUEUED, validated now. */
export async function markImportQueued(db: Queryable, id: string): Promise<ImportRow> {
  const { rows } = await db.query<ImportRow>(
    `UPDATE design_imports SET status = 'QUEUED', validated_at = now(), updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
    [id],
  );
  return parseRow(rows[0]!);
}

/** Newest first; the status filter matches the effective status (expired counts as FAILED). */
export async function selectImports(
  db: Queryable,
  workspaceId: string,
  f: { status: ImportStatus | null; createdAfter: number | null; createdBefore: number | null; limit: number },
): Promise<ImportRow[]> {
  const { rows } = await db.query<ImportRow>(
    `SELECT ${COLUMNS} FROM design_imports
      WHERE workspace_id = $1
        AND ($2::text IS NULL OR (CASE WHEN status = 'WAITING_FOR_VALIDATION' AND upload_expires_at <= now() THEN 'FAILED' ELSE status END) = $2)
        AND ($3::bigint IS NULL OR created_at >= to_timestamp($3))
        AND ($4::bigint IS NULL OR created_at < to_timestamp($4 + 1))
      ORDER BY created_at DESC, id DESC LIMIT $5`,
    [workspaceId, f.status, f.createdAfter, f.createdBefore, f.limit],
  );
  return rows.map(parseRow);
}

/** An import the worker claimed: what it needs to build the design. */
export interface ClaimedImport {
  workspace_id: string;
  target_kind: 'design' | 'workspace_template';
  target_project_id: string | null;
  target_category_id: string | null;
  /** The stored design document: the worker parses it again at the job boundary. */
  payload: unknown;
  uploads_expected: StoredUpload[];
  strict: boolean;
}

/** QUEUED or PROCESSING → PROCESSING; undefined when the import is terminal or was never validated. */
export async function claimImport(db: Queryable, importId: string): Promise<ClaimedImport | undefined> {
  const { rows } = await db.query<ClaimedImport>(
    `UPDATE design_imports SET status = 'PROCESSING', updated_at = now()
      WHERE id = $1 AND status IN ('QUEUED', 'PROCESSING')
     RETURNING workspace_id, target_kind, target_project_id, target_category_id, payload, uploads_expected, strict`,
    [importId],
  );
  const row = rows[0];
  return row && { ...row, uploads_expected: uploadsSchema.parse(row.uploads_expected) };
}

/** DONE with its result; the worker's warnings are appended to the request's. */
export async function completeImport(db: Queryable, importId: string, result: ImportResult, warnings: ImportWarning[]): Promise<void> {
  await db.query(
    `UPDATE design_imports SET status = 'DONE', result = $2, warnings = warnings || $3::jsonb, updated_at = now() WHERE id = $1`,
    [importId, JSON.stringify(result), JSON.stringify(warnings)],
  );
}

/** An unfinished (QUEUED or PROCESSING) import ends FAILED with `error`. */
export async function failImportRow(db: Queryable, importId: string, error: ImportError): Promise<void> {
  await db.query(
    `UPDATE design_imports SET status = 'FAILED', error = $2, updated_at = now() WHERE id = $1 AND status IN ('QUEUED', 'PROCESSING')`,
    [importId, JSON.stringify(error)],
  );
}
