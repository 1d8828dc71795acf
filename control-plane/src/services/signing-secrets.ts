import { randomBytes } from 'node:crypto';
import { AppError } from '@pressroom/model';
import type { Queryable } from '@pressroom/platform';
import { withTransaction } from '@pressroom/platform';
import type pg from 'pg';

/** The public resource, exactly the SDK's `SigningSecret` model. */
export interface SigningSecret {
  secret: string;
  created_at_ts: number;
  rotated_at_ts: number | null;
  previous_secret_expires_at_ts: number | null;
}

export interface SigningSecretOptions {
  /**
   * How long a demoted secret keeps verifying: 24 h in production, multiplied by the webhook time
   * scale so tests can watch a window lapse. The expiry is stored, so the worker needs no scale.
   */
  overlapMs: number;
}

export const DEFAULT_OVERLAP_MS = 24 * 60 * 60 * 1000;

export function overlapFromTimeScale(timeScale: number): SigningSecretOptions {
  return { overlapMs: Math.round(DEFAULT_OVERLAP_MS * timeScale) };
}

/** `whsec_` + 32 random bytes as hex: recognisable if it leaks, 256 bits of entropy. */
export function generateSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('hex')}`;
}

// An expired overlap reads as "no overlap" without a write: the stored row is cleaned up lazily.
const COLUMNS = `secret, extract(epoch FROM created_at)::bigint::int AS created_at_ts,
  extract(epoch FROM rotated_at)::bigint::int AS rotated_at_ts,
  CASE WHEN previous_expires_at > now() THEN extract(epoch FROM previous_expires_at)::bigint::int END AS previous_secret_expires_at_ts`;

/** GET: creates the secret on the first call; concurrent first calls agree on one secret. */
export async function getOrCreateSigningSecret(db: Queryable, workspaceId: string): Promise<SigningSecret> {
  await db.query('INSERT INTO webhook_signing_secrets (workspace_id, secret) VALUES ($1, $2) ON CONFLICT (workspace_id) DO NOTHING', [
    workspaceId,
    generateSigningSecret(),
  ]);
  const { rows } = await db.query<SigningSecret>(`SELECT ${COLUMNS} FROM webhook_signing_secrets WHERE workspace_id = $1`, [workspaceId]);
  return rows[0]!;
}

/**
 * Rotate: the current secret becomes the previous one for the overlap window. Inside a live
 * window a rotate without `force` would drop the secret receivers may still hold, so it answers
 * 409 and changes nothing; with `force` the oldest secret is dropped. With no secret yet, one is
 * minted (that turns signing on). The row lock serialises concurrent rotations.
 */
export async function rotateSigningSecret(
  pool: pg.Pool,
  workspaceId: string,
  force: boolean,
  options: SigningSecretOptions,
): Promise<SigningSecret> {
  return withTransaction(pool, async (tx) => {
    const current = await lockRow(tx, workspaceId);
    if (!current) return mint(tx, workspaceId);
    if (current.overlap_active && !force) {
      throw new AppError(
        'previous_secret_still_active',
        'The previous signing secret is still inside its 24-hour window. Revoke it first, or rotate with force=true.',
      );
    }
    const { rows } = await tx.query<SigningSecret>(
      `UPDATE webhook_signing_secrets SET previous_secret = secret, secret = $2, rotated_at = now(),
              previous_expires_at = now() + make_interval(secs => $3::double precision / 1000)
        WHERE workspace_id = $1 RETURNING ${COLUMNS}`,
      [workspaceId, generateSigningSecret(), options.overlapMs],
    );
    return rows[0]!;
  });
}

/** Revoke: ends the overlap early; the current secret is untouched. Never refused; mints when none. */
export async function revokeSigningSecret(pool: pg.Pool, workspaceId: string): Promise<SigningSecret> {
  return withTransaction(pool, async (tx) => {
    const current = await lockRow(tx, workspaceId);
    if (!current) return mint(tx, workspaceId);
    const { rows } = await tx.query<SigningSecret>(
      `UPDATE webhook_signing_secrets SET previous_secret = NULL, previous_expires_at = NULL WHERE workspace_id = $1 RETURNING ${COLUMNS}`,
      [workspaceId],
    );
    return rows[0]!;
  });
}

async function lockRow(tx: pg.PoolClient, workspaceId: string): Promise<{ overlap_active: boolean } | undefined> {
  const { rows } = await tx.query<{ overlap_active: boolean }>(
    `SELECT coalesce(previous_expires_at > now(), false) AS overlap_active FROM webhook_signing_secrets WHERE workspace_id = $1 FOR UPDATE`,
    [workspaceId],
  );
  return rows[0];
}

/** Two first calls racing: the loser's insert does nothing and it returns the winner's row. */
async function mint(tx: pg.PoolClient, workspaceId: string): Promise<SigningSecret> {
  return getOrCreateSigningSecret(tx, workspaceId);
}
