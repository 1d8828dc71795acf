import type { Queryable } from '../db/pool.js';
import {
  type CreditKind,
  insertCreditLedgerSet,
  refundCreditBalance,
  selectCreditBalances,
  spendCreditBalance,
  upsertCreditAllowance,
} from '../sql/credits.js';

export interface CreditBlock {
  available: number;
  limit: number;
  consumed: number;
  extra: number;
}

/** The allowance is drawn first, then the top-up (`extra`). */
export async function readCredits(db: Queryable, workspaceId: string): Promise<Record<CreditKind, CreditBlock>> {
  const rows = await selectCreditBalances(db, workspaceId);
  const empty: CreditBlock = { available: 0, limit: 0, consumed: 0, extra: 0 };
  const out: Record<CreditKind, CreditBlock> = { generation: { ...empty }, ai: { ...empty } };
  for (const r of rows) {
    const granted = Number(r.granted);
    const consumed = Number(r.consumed);
    out[r.kind] = { available: Math.max(0, granted - consumed), limit: granted, consumed, extra: Number(r.extra) };
  }
  return out;
}

/** The arguments of a credit movement (a spend or a refund): where, which workspace and kind, how many, why, and what for. */
type CreditMovement = [db: Queryable, workspaceId: string, kind: CreditKind, amount: number, reason: string, reference: string | null];

/**
 * Spends `amount` credits atomically, or spends nothing and answers false. One statement, so
 * concurrent requests on several control planes can never overdraw.
 */
export async function spendCredits(...[db, workspaceId, kind, amount, reason, reference]: CreditMovement): Promise<boolean> {
  if (amount <= 0) return true;
  return spendCreditBalance(db, { workspaceId, kind, amount, reason, reference });
}

/** Gives back credits for work that failed; refunds go to the allowance they came from first. */
export async function refundCredits(...[db, workspaceId, kind, amount, reason, reference]: CreditMovement): Promise<void> {
  if (amount <= 0) return;
  await refundCreditBalance(db, { workspaceId, kind, amount, reason, reference });
}

/** Sets the period allowance (admin `credits set`); consumption restarts at zero. */
export async function setCredits(db: Queryable, workspaceId: string, kind: CreditKind, amount: number): Promise<void> {
  await upsertCreditAllowance(db, workspaceId, kind, amount);
  await insertCreditLedgerSet(db, workspaceId, kind, amount);
}
