import type { Design, DesignWarning, ExpectedUpload, ImportStatus, ImportTarget } from '@pressroom/model';
import { AppError, uploadMaxBytes } from '@pressroom/model';
import {
  addDesignImportJob,
  type ImportRow,
  importUploadKey,
  insertImport,
  lockImport,
  markImportQueued,
  newImportId,
  type ObjectStorage,
  projectIsLive,
  type Queryable,
  selectImport,
  selectImports,
  templateCategoryExists,
  withTransaction,
} from '@pressroom/platform';
import type pg from 'pg';
import { EXPIRED_ERROR, isExpired } from './imports-record.js';
import type { PlannedUpload } from './imports-request.js';

/** Checks the target against the database: 400 project_not_found / category issue. */
export async function checkTarget(db: Queryable, workspaceId: string, target: ImportTarget): Promise<void> {
  if (target.kind === 'design') {
    if (!(await projectIsLive(db, workspaceId, target.project_uuid))) {
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
    if (!(await templateCategoryExists(db, workspaceId, target.category_id))) {
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

export interface CreatedImport {
  row: ImportRow;
  /** The new record's status: QUEUED when nothing is to be uploaded, else WAITING_FOR_VALIDATION. */
  status: 'WAITING_FOR_VALIDATION' | 'QUEUED';
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
    const id = await newImportId(tx);
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
    const row = await insertImport(tx, {
      id,
      workspaceId,
      name: input.design.name,
      targetKind: input.target.kind,
      targetProjectId: input.target.kind === 'design' ? input.target.project_uuid : null,
      targetCategoryId: input.target.kind === 'workspace_template' ? (input.target.category_id ?? null) : null,
      payload: input.design,
      uploadsExpected: expected,
      uploadExpiresAt: expiresAt,
      warnings: input.warnings,
      strict: input.strict,
      queued,
    });
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
    return { row, status: queued ? 'QUEUED' : 'WAITING_FOR_VALIDATION', uploads };
  });
}

export async function findImport(db: Queryable, workspaceId: string, id: string): Promise<ImportRow | undefined> {
  return selectImport(db, workspaceId, id);
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
    const row = await lockImport(tx, workspaceId, id);
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
    const updated = await markImportQueued(tx, id);
    await addDesignImportJob(tx, id);
    return updated;
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
  return selectImports(db, workspaceId, {
    status: f.status ?? null,
    createdAfter: f.createdAfter ?? null,
    createdBefore: f.createdBefore ?? null,
    limit: f.limit,
  });
}
