import type { Queryable } from '../db/pool.js';

/** A new duplication request (INIT) of a template into a project; returns its id. */
export async function insertDuplicationRequest(
  db: Queryable,
  input: { workspaceId: string; templateId: string; projectId: string; name: string | null },
): Promise<{ id: string }> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO design_duplication_requests (workspace_id, source_design_id, target_project_id, name) VALUES ($1, $2, $3, $4) RETURNING id`,
    [input.workspaceId, input.templateId, input.projectId, input.name],
  );
  return rows[0]!;
}

export interface DuplicationRow {
  id: string;
  status: 'INIT' | 'IN_PROGRESS' | 'COMPLETED' | 'ERROR';
  created_at: Date;
  created_at_ts: number;
  completed_at_ts: number | null;
  errored_at_ts: number | null;
  source_design_id: string;
  result_design_id: string | null;
  result_design_name: string | null;
  project_id: string;
  project_name: string;
  project_created_at_ts: number;
}

export async function selectDuplication(db: Queryable, workspaceId: string, id: string): Promise<DuplicationRow | undefined> {
  const { rows } = await db.query<DuplicationRow>(
    `SELECT r.id, r.status, r.created_at, extract(epoch FROM r.created_at)::bigint::int AS created_at_ts,
            extract(epoch FROM r.completed_at)::bigint::int AS completed_at_ts,
            extract(epoch FROM r.errored_at)::bigint::int AS errored_at_ts,
            r.source_design_id, r.result_design_id, d.name AS result_design_name,
            p.id AS project_id, p.name AS project_name, extract(epoch FROM p.created_at)::bigint::int AS project_created_at_ts
       FROM design_duplication_requests r JOIN projects p ON p.id = r.target_project_id
       LEFT JOIN designs d ON d.id = r.result_design_id
      WHERE r.id = $1 AND r.workspace_id = $2`,
    [id, workspaceId],
  );
  return rows[0];
}

export interface ClaimedDuplication {
  workspace_id: string;
  source_design_id: string;
  target_project_id: string;
  name: string | null;
}

/** INIT or IN_PROGRESS → IN_PROGRESS; undefined when the request is already finished. */
export async function claimDuplication(db: Queryable, requestId: string): Promise<ClaimedDuplication | undefined> {
  const { rows } = await db.query<ClaimedDuplication>(
    `UPDATE design_duplication_requests SET status = 'IN_PROGRESS'
      WHERE id = $1 AND status IN ('INIT', 'IN_PROGRESS')
     RETURNING workspace_id, source_design_id, target_project_id, name`,
    [requestId],
  );
  return rows[0];
}

export async function completeDuplication(db: Queryable, requestId: string, resultDesignId: string): Promise<void> {
  await db.query(`UPDATE design_duplication_requests SET status = 'COMPLETED', completed_at = now(), result_design_id = $2 WHERE id = $1`, [
    requestId,
    resultDesignId,
  ]);
}

/** An unfinished request ends ERROR with `reason`. */
export async function failDuplicationRequest(db: Queryable, requestId: string, reason: string): Promise<void> {
  await db.query(
    `UPDATE design_duplication_requests SET status = 'ERROR', errored_at = now(), error = $2 WHERE id = $1 AND status IN ('INIT', 'IN_PROGRESS')`,
    [requestId, reason],
  );
}
