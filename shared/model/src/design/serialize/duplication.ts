/** Duplication requests (`POST /workspace-templates/<id>/use`) and rename/move/delete results. */

export type DuplicationStatus = 'INIT' | 'IN_PROGRESS' | 'COMPLETED' | 'ERROR';

/** Kept 7 days from creation, then the poll answers 410 duplication_request_gone. */
export const DUPLICATION_RETENTION_S = 7 * 24 * 3600;

export function isDuplicationExpired(createdAtS: number, nowS: number): boolean {
  return nowS - createdAtS > DUPLICATION_RETENTION_S;
}

export interface DuplicationRecord {
  id: string;
  status: DuplicationStatus;
  /** Unix seconds. */
  created_at: number;
  completed_at: number | null;
  errored_at: number | null;
  target_project: { id: string; name: string; created_at: number };
  source: { id: string };
  /** The new design once COMPLETED. */
  result: { id: string; name: string } | null;
}

/** `POST /workspace-templates/<id>/use` answer (SDK `DuplicationRequest`). */
export function serializeDuplicationAccepted(id: string) {
  return { duplication_request_id: id };
}

/** `GET /design-duplication-requests/<id>` (SDK `DuplicationRequestStatus`). */
export function serializeDuplicationStatus(r: DuplicationRecord) {
  return {
    request_id: r.id,
    status: r.status,
    created_at_ts: r.created_at,
    completed_at_ts: r.completed_at,
    errored_at_ts: r.errored_at,
    target_project: { id: r.target_project.id, name: r.target_project.name, created_at_ts: r.target_project.created_at },
    designs:
      r.status === 'COMPLETED' && r.result
        ? [{ original_design_id: r.source.id, target_design_id: r.result.id, target_design_name: r.result.name }]
        : [],
  };
}

/** Rename, move and delete answer with the design they acted on (SDK `DesignNameResult`). */
export function serializeDesignNameResult(d: { id: string; name: string }) {
  return { id: d.id, name: d.name };
}
