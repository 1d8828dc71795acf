import type { Queryable } from '../db/pool.js';
import type { WorkspaceRow } from './workspaces.js';

/** The workspace of an active key by the key's SHA-256 digest, or undefined. */
export async function selectWorkspaceByKeyHash(db: Queryable, keyHash: Buffer): Promise<WorkspaceRow | undefined> {
  const { rows } = await db.query<WorkspaceRow>(
    `SELECT w.id, w.name, w.plan FROM api_keys k JOIN workspaces w ON w.id = k.workspace_id
      WHERE k.key_hash = $1 AND k.revoked_at IS NULL`,
    [keyHash],
  );
  return rows[0];
}

export async function insertApiKey(db: Queryable, input: { workspaceId: string; keyHash: Buffer; keyPrefix: string }): Promise<void> {
  await db.query('INSERT INTO api_keys (workspace_id, key_hash, key_prefix) VALUES ($1, $2, $3)', [
    input.workspaceId,
    input.keyHash,
    input.keyPrefix,
  ]);
}

/** True when an active key with this digest was revoked now. */
export async function revokeApiKeyByHash(db: Queryable, keyHash: Buffer): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE api_keys SET revoked_at = now() WHERE key_hash = $1 AND revoked_at IS NULL', [keyHash]);
  return (rowCount ?? 0) > 0;
}
