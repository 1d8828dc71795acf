import type { Design, DesignWarning, ImportTarget } from '@pressroom/model';
import { AppError, uploadMaxBytes } from '@pressroom/model';
import type { Queryable } from '@pressroom/platform';
import { addDesignImportJob, importUploadKey, type ObjectStorage, withTransaction } from '@pressroom/platform';
import type pg from 'pg';
import { EXPIRED_ERROR, type ImportRow, type ImportStatus, isExpired } from './imports-record.js';
import type { PlannedUpload } from './imports-request.js';

const COLUMNS = `id, name, status, target_kind, target_category_id, upload_expires_at,
  extract(epoch FROM created_at)::bigint::int AS created_at_ts,
  extract(epoch FROM validated_at)::bigint::int AS validated_at_ts, warnings, error, result`;

/** Checks the target against the database: 400 project_not_found / category issue. */
export async function checkTarget(db: Queryable, workspaceId: string, target: ImportTarget): Promise<void> {
  if (target.kind === 'design') {
    const { rowCount } = await db.query('SELECT 1 FROM projects WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL', [
      target.project_uuid,
      workspaceId,
    ]);
    if (!rowCount) {
      throw new AppError('project_not_found', 'The target project does not exist in this workspace.', {
        issues: [
          {
            path: 'target.project_uuid',
            code: 'project_not_found',
            message: 'no live project of this workspace has this id',
            received: target.project_uuid,
          },
        ],
      });
    }
  } else if (target.category_id) {
    const { rowCount } = await db.query('SELECT 1 FROM workspace_template_categories WHERE id = $1 AND workspace_id = $2', [
      target.category_id,
      workspaceId,
    ]);
    if (!rowCount) {
      throw AppError.fromIssues([
        {
          path: 'target.category_id',
          code: 'invalid_payload',
          message: 'no workspace template category has this id',
          received: target.category_id,
        },
      ]);
    }
  }
}

/** One upload slot as the create answer shows it: a presigned form POST (fields first, file last). */
export interface UploadSlot {
  target: 'layer';
  name: string;
  page: string;
  url: string;
  fields: Record<string, string>;
  max_bytes: number;
  expires_at_ts: number;
}

/** An expected upload as stored on the import (`uploads_expected`) and checked by PUT. */
export interface ExpectedUpload {
  asset: string;
  key: string;
  content_type: string;
  max_bytes: number;
  target: 'layer';
  name: string;
  page: string;
}

export interface CreatedImport {
  row: ImportRow;
  uploads: UploadSlot[];
}

/**
 * Stores a checked import and presigns one form POST per expected upload. With no upload to
 * wait for, the import is QUEUED at once (validated now, its job enqueued in the same
 * transaction): the client polls and never PUTs. The upload window is the policies' lifetime;
 * after it an import still waiting reads as FAILED.
 */
export async function createImport(
  db: pg.Pool,
  storage: ObjectStorage,
  workspaceId: string,
  input: {
    design: Design;
    target: ImportTarget;
    uploads: PlannedUpload[];
    warnings: DesignWarning[];
    windowSeconds: number;
    strict: boolean;
  },
): Promise<CreatedImport> {
  const expiresAt = new Date(Math.ceil(Date.now() / 1000) * 1000 + input.windowSeconds * 1000);
  return withTransaction(db, async (tx) => {
    const { rows } = await tx.query<{ id: string }>('SELECT gen_random_uuid() AS id');
    const id = rows[0]!.id;
    const expected: ExpectedUpload[] = input.uploads.map((u) => ({
      asset: u.asset,
      key: importUploadKey(workspaceId, id, u.asset),
      content_type: u.content_type,
      max_bytes: uploadMaxBytes(input.design.type, u.content_type),
      target: 'layer',
      name: u.asset,
      page: u.page ?? 'page_1',
    }));
    const queued = expected.length === 0;
    const inserted = await tx.query<ImportRow>(
      `INSERT INTO design_imports (id, workspace_id, name, target_kind, target_project_id, target_category_id, payload,
                                   uploads_expected, upload_expires_at, warnings, strict, status, validated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, CASE WHEN $13 THEN now() END) RETURNING ${COLUMNS}`,
      [
        id,
        workspaceId,
        input.design.name,
        input.target.kind,
        input.target.kind === 'design' ? input.target.project_uuid : null,
        input.target.kind === 'workspace_template' ? (input.target.category_id ?? null) : null,
        JSON.stringify(input.design),
        JSON.stringify(expected),
        expiresAt,
        JSON.stringify(input.warnings),
        input.strict,
        queued ? 'QUEUED' : 'WAITING_FOR_VALIDATION',
        queued,
      ],
    );
    if (queued) await addDesignImportJob(tx, id);
    const uploads: UploadSlot[] = [];
    for (const u of expected) {
      const post = await storage.presignedPost(u.key, {
        expiresInSeconds: input.windowSeconds,
        maxBytes: u.max_bytes,
        contentType: u.content_type,
      });
      uploads.push({
        target: u.target,
        name: u.name,
        page: u.page,
        url: post.url,
        fields: post.fields,
        max_bytes: u.max_bytes,
        expires_at_ts: Math.floor(expiresAt.getTime() / 1000),
      });
    }
    return { row: inserted.rows[0]!, uploads };
  });
}

export async function findImport(db: Queryable, workspaceId: string, id: string): Promise<ImportRow | undefined> {
  const { rows } = await db.query<ImportRow>(`SELECT ${COLUMNS} FROM design_imports WHERE id = $1 AND workspace_id = $2`, [
    id,
    workspaceId,
  ]);
  return rows[0];
}

export const importNotFound = (id: string) =>
  new AppError('not_found', 'No import with this id in the workspace.', {
    issues: [{ path: 'id', code: 'not_found', message: 'no import of this workspace has this id', received: id }],
  });

/**
 * `PUT /designs/import/json/<id>`: WAITING_FOR_VALIDATION with every upload present moves to
 * QUEUED and enqueues processing in the same transaction; QUEUED answers the same again;
 * later states answer 409; a missing upload or a closed window answers 422.
 */
export async function validateImport(
  db: pg.Pool,
  storage: ObjectStorage,
  workspaceId: string,
  id: string,
  now = new Date(),
): Promise<ImportRow> {
  return withTransaction(db, async (tx) => {
    const { rows } = await tx.query<ImportRow & { uploads_expected: (Partial<ExpectedUpload> & { asset: string; key: string })[] }>(
      `SELECT ${COLUMNS}, uploads_expected FROM design_imports WHERE id = $1 AND workspace_id = $2 FOR UPDATE`,
      [id, workspaceId],
    );
    const row = rows[0];
    if (!row) throw importNotFound(id);
    if (isExpired(row, now)) {
      throw new AppError('missing_assets', EXPIRED_ERROR.message, { issues: [{ ...EXPIRED_ERROR }] });
    }
    if (row.status === 'QUEUED') return row;
    if (row.status !== 'WAITING_FOR_VALIDATION') {
      throw new AppError('template_import_already_processed', `The import is already ${row.status}.`, {
        issues: [
          {
            path: 'status',
            code: 'template_import_already_processed',
            message: 'only an import waiting for validation can be validated',
            received: row.status,
          },
        ],
      });
    }
    const missing = [];
    for (const u of row.uploads_expected) {
      const head = await storage.head(u.key);
      if (!head || head.size === 0) missing.push({ target: u.target ?? 'layer', name: u.name ?? u.asset, page: u.page ?? 'page_1' });
    }
    if (missing.length > 0) {
      throw new AppError('missing_assets', `${missing.length} upload(s) not completed: ${missing.map((m) => m.name).join(', ')}.`, {
        issues: [
          {
            path: 'uploads',
            code: 'missing_assets',
            message: "nothing was uploaded to these slots' forms yet",
            expected: missing,
          },
        ],
      });
    }
    const updated = await tx.query<ImportRow>(
      `UPDATE design_imports SET status = 'QUEUED', validated_at = now(), updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
      [id],
    );
    await addDesignImportJob(tx, id);
    return updated.rows[0]!;
  });
}

export interface ImportListFilters {
  status?: ImportStatus | undefined;
  createdAfter?: number | undefined;
  createdBefore?: number | undefined;
  limit: number;
}

/** Newest first; the status filter matches the effective status (expired counts as FAILED). */
export async function listImports(db: Queryable, workspaceId: string, f: ImportListFilters): Promise<ImportRow[]> {
  const { rows } = await db.query<ImportRow>(
    `SELECT ${COLUMNS} FROM design_imports
      WHERE workspace_id = $1
        AND ($2::text IS NULL OR (CASE WHEN status = 'WAITING_FOR_VALIDATION' AND upload_expires_at <= now() THEN 'FAILED' ELSE status END) = $2)
        AND ($3::bigint IS NULL OR created_at >= to_timestamp($3))
        AND ($4::bigint IS NULL OR created_at < to_timestamp($4 + 1))
      ORDER BY created_at DESC, id DESC LIMIT $5`,
    [workspaceId, f.status ?? null, f.createdAfter ?? null, f.createdBefore ?? null, f.limit],
  );
  return rows;
}
