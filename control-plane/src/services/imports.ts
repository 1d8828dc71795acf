import type { Design, DesignWarning, ImportTarget } from '@pressroom/model';
import { AppError } from '@pressroom/model';
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

export interface CreatedImport {
  row: ImportRow;
  uploads: { name: string; content_type: string; upload_url: string; method: 'PUT' }[];
  expiresAt: Date;
}

/**
 * Stores a checked import (WAITING_FOR_VALIDATION) and presigns one upload per `file:` asset.
 * The upload window is the presigned URLs' lifetime; after it the import reads as FAILED.
 */
export async function createImport(
  db: Queryable,
  storage: ObjectStorage,
  workspaceId: string,
  input: { design: Design; target: ImportTarget; uploads: PlannedUpload[]; warnings: DesignWarning[]; windowSeconds: number },
): Promise<CreatedImport> {
  const expiresAt = new Date(Math.ceil(Date.now() / 1000) * 1000 + input.windowSeconds * 1000);
  const { rows } = await db.query<{ id: string }>('SELECT gen_random_uuid() AS id');
  const id = rows[0]!.id;
  const expected = input.uploads.map((u) => ({
    asset: u.asset,
    key: importUploadKey(workspaceId, id, u.asset),
    content_type: u.content_type,
  }));
  const inserted = await db.query<ImportRow>(
    `INSERT INTO design_imports (id, workspace_id, name, target_kind, target_project_id, target_category_id, payload,
                                 uploads_expected, upload_expires_at, warnings)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${COLUMNS}`,
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
    ],
  );
  const uploads = [];
  for (const u of expected) {
    uploads.push({
      name: u.asset,
      content_type: u.content_type,
      method: 'PUT' as const,
      upload_url: await storage.uploadUrl(u.key, { expiresInSeconds: input.windowSeconds, contentType: u.content_type }),
    });
  }
  return { row: inserted.rows[0]!, uploads, expiresAt };
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
    const { rows } = await tx.query<ImportRow & { uploads_expected: { asset: string; key: string }[] }>(
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
    for (const u of row.uploads_expected) if (!(await storage.head(u.key))) missing.push(u.asset);
    if (missing.length > 0) {
      throw new AppError('missing_assets', `${missing.length} upload(s) not completed: ${missing.join(', ')}.`, {
        issues: missing.map((name) => ({
          path: `assets.${name}`,
          code: 'missing_assets',
          message: "nothing was uploaded to this asset's URL yet",
        })),
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
