import type { Queryable } from '../db/pool.js';

/** The stored secret as the API shows it (the SDK's `SigningSecret`). */
export interface SigningSecretRow {
  secret: string;
  created_at_ts: number;
  rotated_at_ts: number | null;
  previous_secret_expires_at_ts: number | null;
}

// An expired overlap reads as "no overlap" without a write: the stored row is cleaned up lazily.
const COLUMNS = `secret, extract(epoch FROM created_at)::bigint::int AS created_at_ts,
  extract(epoch FROM rotated_at)::bigint::int AS rotated_at_ts,
  CASE WHEN previous_expires_at > now() THEN extract(epoch FROM previous_expires_at)::bigint::int END AS previous_secret_expires_at_ts`;

/** Stores `secret` unless the workspace has one already (concurrent first calls agree on one). */
export async function insertSigningSecretIfMissing(db: Queryable, workspaceId: string, secret: string): Promise<void> {
  await db.query('INSERT INTO webhook_signing_secrets (workspace_id, secret) VALUES ($1, $2) ON CONFLICT (workspace_id) DO NOTHING', [
    workspaceId,
    secret,
  ]);
}

export async function selectSigningSecret(db: Queryable, workspaceId: string): Promise<SigningSecretRow | undefined> {
  const { rows } = await db.query<SigningSecretRow>(`SELECT ${COLUMNS} FROM webhook_signing_secrets WHERE workspace_id = $1`, [
    workspaceId,
  ]);
  return rows[0];
}

/** Locks the workspace's secret row (call inside a transaction); undefined when it has none. */
export async function lockSigningSecret(db: Queryable, workspaceId: string): Promise<{ overlap_active: boolean } | undefined> {
  const { rows } = await db.query<{ overlap_active: boolean }>(
    `SELECT coalesce(previous_expires_at > now(), false) AS overlap_active FROM webhook_signing_secrets WHERE workspace_id = $1 FOR UPDATE`,
    [workspaceId],
  );
  return rows[0];
}

/** The current secret becomes the previous one for `overlapMs`; `secret` becomes current. */
export async function rotateSigningSecretRow(
  db: Queryable,
  workspaceId: string,
  secret: string,
  overlapMs: number,
): Promise<SigningSecretRow> {
  const { rows } = await db.query<SigningSecretRow>(
    `UPDATE webhook_signing_secrets SET previous_secret = secret, secret = $2, rotated_at = now(),
            previous_expires_at = now() + make_interval(secs => $3::double precision / 1000)
      WHERE workspace_id = $1 RETURNING ${COLUMNS}`,
    [workspaceId, secret, overlapMs],
  );
  return rows[0]!;
}

/** Ends the overlap: the previous secret is forgotten, the current one untouched. */
export async function clearPreviousSigningSecret(db: Queryable, workspaceId: string): Promise<SigningSecretRow> {
  const { rows } = await db.query<SigningSecretRow>(
    `UPDATE webhook_signing_secrets SET previous_secret = NULL, previous_expires_at = NULL WHERE workspace_id = $1 RETURNING ${COLUMNS}`,
    [workspaceId],
  );
  return rows[0]!;
}

/** The secrets deliveries are signed with now: the current one and, inside its overlap, the previous one. */
export async function selectActiveSigningSecrets(
  db: Queryable,
  workspaceId: string,
): Promise<{ secret: string; previous: string | null } | undefined> {
  const { rows } = await db.query<{ secret: string; previous: string | null }>(
    `SELECT secret, CASE WHEN previous_expires_at > now() THEN previous_secret END AS previous
       FROM webhook_signing_secrets WHERE workspace_id = $1`,
    [workspaceId],
  );
  return rows[0];
}
