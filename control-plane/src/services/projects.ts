import { countProjects, insertProject, type ProjectRow, type Queryable, selectProject, selectProjectsPage } from '@pressroom/platform';

export async function listProjects(
  db: Queryable,
  workspaceId: string,
  options: { name: string | undefined; limit: number | null; offset: number },
): Promise<{ items: ProjectRow[]; total: number }> {
  const name = options.name ?? null;
  const page = await selectProjectsPage(db, workspaceId, { name, limit: options.limit, offset: options.offset });
  let total = page.total;
  if (page.rows.length === 0 && options.offset > 0) total = await countProjects(db, workspaceId, name);
  return { items: page.rows, total };
}

/** Undefined when the (trimmed) name is taken; the unique index decides, so races cannot duplicate. */
export async function createProject(db: Queryable, workspaceId: string, name: string): Promise<ProjectRow | undefined> {
  return insertProject(db, workspaceId, name);
}

export async function findProject(db: Queryable, workspaceId: string, id: string): Promise<ProjectRow | undefined> {
  return selectProject(db, workspaceId, id);
}
