import type { Harness } from './harness.js';

/**
 * A stored design of the workspace whose one text names `font` (an id or a family), as the
 * uploaded-font tests need one that uses a font. The one raw design document of those tests.
 */
export async function storedDesignUsingFont(h: Harness, workspaceId: string, font: string, name: string): Promise<string> {
  const project = await h.db.pool.query<{ id: string }>(`INSERT INTO projects (workspace_id, name) VALUES ($1, $2) RETURNING id`, [
    workspaceId,
    `Uses ${name}`,
  ]);
  const document = { type: 'static', name, elements: [{ name: 'title', type: 'text', text: 'Hi', font }] };
  const row = await h.db.pool.query<{ id: string }>(
    `INSERT INTO designs (workspace_id, project_id, type, name, document) VALUES ($1, $2, 'static', $3, $4) RETURNING id`,
    [workspaceId, project.rows[0]!.id, name, JSON.stringify(document)],
  );
  return row.rows[0]!.id;
}
