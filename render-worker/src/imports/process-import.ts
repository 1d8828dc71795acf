import {
  type Design,
  fontWeightWarnings,
  IMAGE_PIXEL_BUDGET,
  type ImportResult,
  type ImportWarning,
  importPathOfAsset,
  importSources,
  parseDesignDocument,
  strictFailure,
} from '@pressroom/model';
import {
  assertJobLease,
  type ClaimedImport,
  claimImport,
  completeImport,
  deleteImportingDesign,
  designAssetKey,
  failImportRow,
  type Logger,
  loadFontCatalogue,
  type ObjectStorage,
  projectIdIsLive,
  type Queryable,
  withTransaction,
} from '@pressroom/platform';
import type pg from 'pg';
import { checkImageBudget } from '../fetch/image-budget.js';
import { fromDataUrl } from '../fetch/load-asset.js';
import { framesOf, type PreviewRenderer, renderPreviews } from './previews.js';
import { bytesMatch } from './sniff.js';
import { activateDesign, insertDesign, recordPreview } from './store-design.js';

export interface DesignJobDeps {
  db: pg.Pool;
  storage: ObjectStorage;
  logger: Logger;
  /** Null where no renderer is available: imports complete with preview_generation_failed. */
  preview: PreviewRenderer | null;
}

/** A reason the import cannot succeed whatever the retry: recorded as the import's error. */
export class ImportFailure extends Error {
  constructor(
    readonly path: string,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ImportFailure';
  }
}

/**
 * The `design_import` job: QUEUED → PROCESSING → DONE or FAILED. The design gets the import's id,
 * so a retried job (a worker killed half-way) finds its own rows and objects and finishes them.
 * Infrastructure errors are thrown (graphile-worker retries); content problems fail the import.
 */
export async function processImport(
  deps: DesignJobDeps,
  importId: string,
  signal: AbortSignal = new AbortController().signal,
): Promise<void> {
  const job = await claimImport(deps.db, importId);
  if (!job) return; // Terminal already, or never validated: nothing to do.
  try {
    const design = await materialise(deps, importId, job);
    const warnings: ImportWarning[] = fontWeightWarnings(design, loadFontCatalogue());
    const uids = await withTransaction(deps.db, async (tx) => {
      await assertJobLease(tx, 'import');
      await assertTargetAlive(tx, job);
      return insertDesign(tx, {
        id: importId,
        workspaceId: job.workspace_id,
        projectId: job.target_kind === 'design' ? job.target_project_id : null,
        categoryId: job.target_category_id,
        design,
        madeBy: 'import',
      });
    });
    const previews = await renderPreviews({
      storage: deps.storage,
      render: deps.preview,
      workspaceId: job.workspace_id,
      designId: importId,
      design,
      frames: framesOf(design, uids),
      signal,
    });
    warnings.push(...previews.warnings);
    const strict = strictFailure(warnings, job.strict);
    if (strict) throw new ImportFailure(strict.path, strict.code, strict.message);
    await withTransaction(deps.db, async (tx) => {
      await assertJobLease(tx, 'import');
      for (const p of previews.stored) await recordPreview(tx, importId, p.frameId, p.key);
      await activateDesign(tx, importId);
      const result: ImportResult =
        job.target_kind === 'design'
          ? { kind: 'design', uuid: importId, project_uuid: job.target_project_id! }
          : { kind: 'workspace_template', uuid: importId };
      await completeImport(tx, importId, result, warnings);
    });
  } catch (err) {
    if (!(err instanceof ImportFailure)) throw err;
    deps.logger.info({ importId, code: err.code, path: err.path }, 'design import failed');
    await failImport(deps.db, importId, err.code, err.message, err.path);
  }
}

/** Ends an import FAILED and hides a half-made design. */
export async function failImport(db: pg.Pool, importId: string, code: string, message: string, path = ''): Promise<void> {
  await withTransaction(db, async (tx) => {
    await assertJobLease(tx, 'import');
    await deleteImportingDesign(tx, importId);
    await failImportRow(tx, importId, { path, code, message });
  });
}

/**
 * Re-checks the stored document at the job boundary, then moves every uploaded asset into the
 * design's own storage (checking the bytes are the media they claim to be) and points the
 * document at it.
 */
async function materialise(deps: DesignJobDeps, designId: string, job: ClaimedImport): Promise<Design> {
  // Taken when the import was posted: a rule added since (parse/issues.ts writeError) does not fail it now.
  const parsed = parseDesignDocument(job.payload, { stored: true });
  if (!parsed.ok) {
    const first = parsed.issues[0];
    throw new ImportFailure(
      first?.path ?? 'body',
      first?.code ?? 'invalid_payload',
      first?.message ?? 'the stored document no longer parses',
    );
  }
  const design = parsed.design;
  for (const upload of job.uploads_expected) {
    const path = importPathOfAsset(design, upload.asset);
    const head = await deps.storage.head(upload.key);
    if (!head) throw new ImportFailure(path, 'missing_assets', `the upload of ${upload.asset} is gone`);
    if (upload.max_bytes !== undefined && head.size > upload.max_bytes) {
      throw new ImportFailure(path, 'invalid_asset', `the upload of ${upload.asset} is over its limit of ${upload.max_bytes} bytes`);
    }
    const bytes = await deps.storage.get(upload.key);
    if (bytes.length === 0 || !bytesMatch(upload.content_type, bytes)) {
      throw new ImportFailure(path, 'invalid_asset', `the bytes uploaded for ${upload.asset} are not ${upload.content_type}`);
    }
    const budget = await checkImageBudget(bytes, upload.content_type, IMAGE_PIXEL_BUDGET[design.type]);
    if (!budget.ok) throw new ImportFailure(path, 'invalid_asset', `${upload.asset}: ${budget.message}`);
    const key = designAssetKey(job.workspace_id, designId, upload.asset);
    await deps.storage.put(key, bytes, { contentType: upload.content_type, contentLength: bytes.length });
    design.assets[upload.asset] = { src: `storage:${key}`, content_type: upload.content_type };
  }
  // Images carried inside the payload as data: URIs meet the same pixel budget as uploads.
  for (const source of importSources(design)) {
    const inline = source.value.startsWith('data:') ? fromDataUrl(source.value) : null;
    if (!inline) continue;
    const budget = await checkImageBudget(inline.bytes, inline.contentType, IMAGE_PIXEL_BUDGET[design.type]);
    if (!budget.ok) throw new ImportFailure(source.path, 'invalid_asset', `${source.path}: ${budget.message}`);
  }
  return design;
}

async function assertTargetAlive(tx: Queryable, job: ClaimedImport): Promise<void> {
  if (job.target_kind !== 'design') return;
  if (!(await projectIdIsLive(tx, job.target_project_id)))
    throw new ImportFailure('target.project_uuid', 'project_not_found', 'the target project was deleted before the import was processed');
}
