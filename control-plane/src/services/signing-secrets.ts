import { randomBytes } from 'node:crypto';
import { AppError } from '@pressroom/model';
import {
  clearPreviousSigningSecret,
  insertSigningSecretIfMissing,
  lockSigningSecret,
  type Queryable,
  rotateSigningSecretRow,
  type SigningSecretRow,
  selectSigningSecret,
  withTransaction,
} from '@pressroom/platform';
import type pg from 'pg';

/** The public resource, exactly the SDK's `SigningSecret` model. */
export type SigningSecret = SigningSecretRow;

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

/** GET: creates the secret on the first call; concurrent first calls agree on one secret. */
export async function getOrCreateSigningSecret(db: Queryable, workspaceId: string): Promise<SigningSecret> {
  await insertSigningSecretIfMissing(db, workspaceId, generateSigningSecret());
  return (await selectSigningSecret(db, workspaceId))!;
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
    const current = await lockSigningSecret(tx, workspaceId);
    if (!current) return mint(tx, workspaceId);
    if (current.overlap_active && !force) {
      throw new AppError(
        'previous_secret_still_active',
        'The previous signing secret is still inside its 24-hour window. Revoke it first, or rotate with force=true.',
      );
    }
    return rotateSigningSecretRow(tx, workspaceId, generateSigningSecret(), options.overlapMs);
  });
}

/** Revoke: ends the overlap early; the current secret is untouched. Never refused; mints when none. */
export async function revokeSigningSecret(pool: pg.Pool, workspaceId: string): Promise<SigningSecret> {
  return withTransaction(pool, async (tx) => {
    const current = await lockSigningSecret(tx, workspaceId);
    if (!current) return mint(tx, workspaceId);
    return clearPreviousSigningSecret(tx, workspaceId);
  });
}

/** Two first calls racing: the loser's insert does nothing and it returns the winner's row. */
async function mint(tx: pg.PoolClient, workspaceId: string): Promise<SigningSecret> {
  return getOrCreateSigningSecret(tx, workspaceId);
}
