import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError, type ImportTarget, isCatalogueFont } from '@pressroom/model';
import { importUploadKey, loadFontCatalogue, type ObjectStorage } from '@pressroom/platform';
import type pg from 'pg';
import { checkTarget, createImport, validateImport } from './imports.js';
import { planImport } from './imports-request.js';

/**
 * The same path as the API (plan, store, upload, validate) without HTTP: the files the payload
 * names are read from `baseDir` and put straight at their upload keys. Returns the import id; the render
 * worker processes it like any other import.
 *
 * An import with nothing to upload is QUEUED when it is created, like one made over the API, and
 * is not validated again: a worker may already have taken it (PROCESSING or DONE), and validating
 * it then would answer 409 for an import that is going well.
 */
export async function importDocument(
  db: pg.Pool,
  storage: ObjectStorage,
  workspaceId: string,
  input: { json: unknown; baseDir: string; target: ImportTarget },
): Promise<string> {
  const plan = planImport(
    { ...(input.json as object), target: input.target },
    { knownFont: (n) => isCatalogueFont(loadFontCatalogue(), n) },
  );
  if (!plan.ok) throw AppError.fromIssues(plan.issues, 'example design does not import');
  await checkTarget(db, workspaceId, plan.target);
  const created = await createImport(db, storage, workspaceId, { ...plan, windowSeconds: 600, strict: false });
  if (created.status === 'QUEUED') return created.row.id;
  for (const u of plan.uploads) {
    const bytes = await readFile(join(input.baseDir, u.asset));
    await storage.put(importUploadKey(workspaceId, created.row.id, u.asset), bytes, {
      contentType: u.content_type,
      contentLength: bytes.length,
    });
  }
  await validateImport(db, storage, workspaceId, created.row.id);
  return created.row.id;
}
