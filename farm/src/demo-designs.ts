import { createCategory, createProject, importDocument } from '@pressroom/control-plane';
import type { Logger } from '@pressroom/platform';
import { EXAMPLE_ASSETS_DIR, loadExampleDocuments, type ObjectStorage, withTransaction } from '@pressroom/platform';
import type pg from 'pg';

export const DEMO_PROJECT_NAME = 'Examples';
export const DEMO_CATEGORY_NAME = 'Starter templates';
/** The example also published as a workspace template. */
export const DEMO_TEMPLATE_EXAMPLE = 'static-webinar.json';

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
