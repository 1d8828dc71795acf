import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError, type ImportTarget, isCatalogueFont } from '@pressroom/model';
import type { Logger } from '@pressroom/platform';
import {
  EXAMPLE_ASSETS_DIR,
  importUploadKey,
  loadExampleDocuments,
  loadFontCatalogue,
  type ObjectStorage,
  withTransaction,
} from '@pressroom/platform';
import type pg from 'pg';
import { checkTarget, createImport, validateImport } from '../services/imports.js';
import { planImport } from '../services/imports-request.js';
import { createProject } from '../services/projects.js';
import { createCategory } from '../services/templates.js';

export const DEMO_PROJECT_NAME = 'Examples';
export const DEMO_CATEGORY_NAME = 'Starter templates';
/** The example also published as a workspace template. */
export const DEMO_TEMPLATE_EXAMPLE = 'static-webinar.json';

/**
 * The same path as the API (plan, store, upload, validate) without HTTP: the files the payload
 * names are read from `baseDir` and put straight at their upload keys. Returns the import id; the render
 * worker processes it like any other import.
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

/**
 * `npm start`: imports every example of examples/designs into the demo workspace once, into an
 * "Examples" project, and one of them also as a workspace template in a category, so a newcomer
 * can list, read and generate at once. Once = the project exists already.
 */
export async function ensureDemoDesigns(db: pg.Pool, storage: ObjectStorage, workspaceId: string, logger: Logger): Promise<number> {
  const setup = await withTransaction(db, async (tx) => {
    const project = await createProject(tx, workspaceId, DEMO_PROJECT_NAME);
    if (!project) return undefined;
    const category = await createCategory(tx, workspaceId, { name: DEMO_CATEGORY_NAME, color: '#4F46E5', icon: 'star' });
    return { projectId: project.id, categoryId: category.id };
  });
  if (!setup) return 0;
  let count = 0;
  for (const { file, json } of loadExampleDocuments()) {
    await importDocument(db, storage, workspaceId, {
      json,
      baseDir: EXAMPLE_ASSETS_DIR,
      target: { kind: 'design', project_uuid: setup.projectId },
    });
    count += 1;
    if (file === DEMO_TEMPLATE_EXAMPLE) {
      await importDocument(db, storage, workspaceId, {
        json,
        baseDir: EXAMPLE_ASSETS_DIR,
        target: { kind: 'workspace_template', category_id: setup.categoryId },
      });
      count += 1;
    }
  }
  logger.info({ imports: count }, 'example designs queued for import into the demo workspace');
  return count;
}
