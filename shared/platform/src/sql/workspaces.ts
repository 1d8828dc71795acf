import type { WorkspacePlan } from '@pressroom/model';
import type { Queryable } from '../db/pool.js';

export interface WorkspaceRow {
  id: string;
  name: string;
  plan: WorkspacePlan;
}

export async function insertWorkspace(db: Queryable, input: { name: string; plan: WorkspacePlan }): Promise<WorkspaceRow> {
  const { rows } = await db.query<WorkspaceRow>('INSERT INTO workspaces (name, plan) VALUES ($1, $2) RETURNING id, name, plan', [
    input.name,
    input.plan,
  ]);
  return rows[0]!;
}

export async function selectWorkspace(db: Queryable, id: string): Promise<WorkspaceRow | undefined> {
  const { rows } = await db.query<WorkspaceRow>('SELECT id, name, plan FROM workspaces WHERE id = $1', [id]);
  return rows[0];
}

/** True when the workspace exists (and now has this plan). */
export async function updateWorkspacePlan(db: Queryable, id: string, plan: WorkspacePlan): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE workspaces SET plan = $2 WHERE id = $1', [id, plan]);
  return (rowCount ?? 0) > 0;
}
