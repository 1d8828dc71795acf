import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '@pressroom/platform';

export type Plan = 'pro' | 'basic' | 'no-api';
export const PLANS: readonly Plan[] = ['pro', 'basic', 'no-api'];

export interface Workspace {
  id: string;
  name: string;
  plan: Plan;
}

const KEY_PREFIX = 'prk_';

export function hashKey(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

/** A key is 32 random bytes; only its digest is stored, so a leaked database leaks no key. */
export function generateKey(): string {
  return KEY_PREFIX + randomBytes(32).toString('base64url');
}

/** The workspace of an active key, or undefined. No cache: revocation takes effect at once. */
export async function findWorkspaceByKey(db: Queryable, key: string): Promise<Workspace | undefined> {
  const { rows } = await db.query<Workspace>(
    `SELECT w.id, w.name, w.plan FROM api_keys k JOIN workspaces w ON w.id = k.workspace_id
      WHERE k.key_hash = $1 AND k.revoked_at IS NULL`,
    [hashKey(key)],
  );
  return rows[0];
}

export async function createWorkspace(
  db: Queryable,
  input: { name: string; plan: Plan; credits: number; aiCredits: number },
): Promise<Workspace> {
  const { rows } = await db.query<Workspace>('INSERT INTO workspaces (name, plan) VALUES ($1, $2) RETURNING id, name, plan', [
    input.name,
    input.plan,
  ]);
  const ws = rows[0]!;
  await db.query(`INSERT INTO credit_balances (workspace_id, kind, granted) VALUES ($1, 'generation', $2), ($1, 'ai', $3)`, [
    ws.id,
    input.credits,
    input.aiCredits,
  ]);
  return ws;
}

export async function createKey(db: Queryable, workspaceId: string): Promise<string> {
  const key = generateKey();
  await db.query('INSERT INTO api_keys (workspace_id, key_hash, key_prefix) VALUES ($1, $2, $3)', [
    workspaceId,
    hashKey(key),
    key.slice(0, 10),
  ]);
  return key;
}

export async function revokeKey(db: Queryable, key: string): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE api_keys SET revoked_at = now() WHERE key_hash = $1 AND revoked_at IS NULL', [hashKey(key)]);
  return (rowCount ?? 0) > 0;
}

export async function getWorkspace(db: Queryable, id: string): Promise<Workspace | undefined> {
  const { rows } = await db.query<Workspace>('SELECT id, name, plan FROM workspaces WHERE id = $1', [id]);
  return rows[0];
}

export async function setPlan(db: Queryable, id: string, plan: Plan): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE workspaces SET plan = $2 WHERE id = $1', [id, plan]);
  return (rowCount ?? 0) > 0;
}
