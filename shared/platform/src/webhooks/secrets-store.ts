import type { Queryable } from '../db/pool.js';
import { selectActiveSigningSecrets } from '../sql/signing-secrets.js';

/**
 * The secrets a delivery is signed with right now: the current one, then the previous one while
 * its overlap lasts. Empty when the workspace has no secret yet (deliveries go unsigned). Read
 * at send time with no cache, so a force-rotation or a revocation takes effect on the next
 * attempt, well inside the documented minute.
 */
export async function loadSigningSecrets(db: Queryable, workspaceId: string): Promise<string[]> {
  const row = await selectActiveSigningSecrets(db, workspaceId);
  if (!row) return [];
  return row.previous ? [row.secret, row.previous] : [row.secret];
}
