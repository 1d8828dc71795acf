import { createHash, randomBytes } from 'node:crypto';
import type { WorkspacePlan } from '@pressroom/model';
import {
  insertApiKey,
  insertInitialCreditBalances,
  insertWorkspace,
  type Queryable,
  revokeApiKeyByHash,
  selectWorkspace,
  selectWorkspaceByKeyHash,
  updateWorkspacePlan,
  type WorkspaceRow,
} from '@pressroom/platform';

export type Plan = WorkspacePlan;
export const PLANS: readonly Plan[] = ['pro', 'basic', 'no-api'];

export type Workspace = WorkspaceRow;

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
  return selectWorkspaceByKeyHash(db, hashKey(key));
}

export async function createWorkspace(
  db: Queryable,
  input: { name: string; plan: Plan; credits: number; aiCredits: number },
): Promise<Workspace> {
  const ws = await insertWorkspace(db, { name: input.name, plan: input.plan });
  await insertInitialCreditBalances(db, ws.id, { generation: input.credits, ai: input.aiCredits });
  return ws;
}

export async function createKey(db: Queryable, workspaceId: string): Promise<string> {
  const key = generateKey();
  await insertApiKey(db, { workspaceId, keyHash: hashKey(key), keyPrefix: key.slice(0, 10) });
  return key;
}

export async function revokeKey(db: Queryable, key: string): Promise<boolean> {
  return revokeApiKeyByHash(db, hashKey(key));
}

export async function getWorkspace(db: Queryable, id: string): Promise<Workspace | undefined> {
  return selectWorkspace(db, id);
}

export async function setPlan(db: Queryable, id: string, plan: Plan): Promise<boolean> {
  return updateWorkspacePlan(db, id, plan);
}
