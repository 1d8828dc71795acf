import { RETENTION_MS } from '../generation/requests-store.js';
import type { ExportRow } from '../sql/exports.js';

export type ExportState = 'pending' | 'done' | 'failed' | 'gone';

/** Pure: how a status read answers; exports expire like generation requests (7 days). */
export function exportState(row: Pick<ExportRow, 'status' | 'created_at' | 'finished_at' | 'purged_at'>, now: Date): ExportState {
  if (row.purged_at) return 'gone';
  if (now.getTime() - (row.finished_at ?? row.created_at).getTime() > RETENTION_MS) return 'gone';
  return row.status;
}
