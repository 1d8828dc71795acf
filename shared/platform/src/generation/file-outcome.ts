import type { Queryable } from '../db/pool.js';
import { notifyGeneration } from './notify.js';

/**
 * True when one file of a request already has its outcome (a banner, an error, or a finalized
 * request, which is how a file stored without a Banner row ends): a job that runs again after a
 * kill re-notifies the waiters and does nothing else.
 */
export async function fileOutcomeExists(db: Queryable, requestId: string, formatName: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM banners WHERE generation_request_id = $1 AND format_name = $2
     UNION ALL SELECT 1 FROM generation_errors WHERE generation_request_id = $1 AND format_name = $2
     UNION ALL SELECT 1 FROM generation_requests WHERE id = $1 AND is_finalized LIMIT 1`,
    [requestId, formatName],
  );
  if (rows.length === 0) return false;
  await notifyGeneration(db, requestId);
  return true;
}
