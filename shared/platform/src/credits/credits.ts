import type { Queryable } from '../db/pool.js';

export type CreditKind = 'generation' | 'ai';

export interface CreditBlock {
  available: number;
  limit: number;
  consumed: number;
  extra: number;
}

/** The allowance is drawn first, then the top-up (`extra`). */
export async function readCredits(db: Queryable, workspaceId: string): Promise<Record<CreditKind, CreditBlock>> {
  const { rows } = await db.query<{ kind: CreditKind; granted: string; consumed: string; extra: string }>(
    'SELECT kind, granted, consumed, extra FROM credit_balances WHERE workspace_id = $1',
    [workspaceId],
  );
  const empty: CreditBlock = { available: 0, limit: 0, consumed: 0, extra: 0 };
  const out: Record<CreditKind, CreditBlock> = { generation: { ...empty }, ai: { ...empty } };
  for (const r of rows) {
    const granted = Number(r.granted);
    const consumed = Number(r.consumed);
    out[r.kind] = { available: Math.max(0, granted - consumed), limit: granted, consumed, extra: Number(r.extra) };
  }
  return out;
}

/**
 * Spends `amount` credits atomically, or spends nothing and answers false. One statement, so
 * concurrent requests on several control planes can never overdraw.
 */
export async function spendCredits(
  db: Queryable,
  workspaceId: string,
  kind: CreditKind,
  amount: number,
  reason: string,
  reference: string | null,
): Promise<boolean> {
  if (amount <= 0) return true;
  const { rowCount } = await db.query(
    `WITH spent AS (
       UPDATE credit_balances
          SET consumed = consumed + LEAST($3::bigint, GREATEST(granted - consumed, 0)),
              extra = extra - ($3::bigint - LEAST($3::bigint, GREATEST(granted - consumed, 0)))
        WHERE workspace_id = $1 AND kind = $2 AND GREATEST(granted - consumed, 0) + extra >= $3::bigint
        RETURNING workspace_id)
     INSERT INTO credit_ledger (workspace_id, kind, amount, reason, reference)
     SELECT $1, $2, -$3::bigint, $4, $5 FROM spent`,
    [workspaceId, kind, amount, reason, reference],
  );
  return (rowCount ?? 0) > 0;
}

/** Gives back credits for work that failed; refunds go to the allowance they came from first. */
export async function refundCredits(
  db: Queryable,
  workspaceId: string,
  kind: CreditKind,
  amount: number,
  reason: string,
  reference: string | null,
): Promise<void> {
  if (amount <= 0) return;
  await db.query(
    `WITH r AS (
       UPDATE credit_balances SET consumed = GREATEST(consumed - $3::bigint, 0),
              extra = extra + GREATEST($3::bigint - consumed, 0)
        WHERE workspace_id = $1 AND kind = $2 RETURNING workspace_id)
     INSERT INTO credit_ledger (workspace_id, kind, amount, reason, reference) SELECT $1, $2, $3::bigint, $4, $5 FROM r`,
    [workspaceId, kind, amount, reason, reference],
  );
}

/** Sets the period allowance (admin `credits set`); consumption restarts at zero. */
export async function setCredits(db: Queryable, workspaceId: string, kind: CreditKind, amount: number): Promise<void> {
  await db.query(
    `INSERT INTO credit_balances (workspace_id, kind, granted, consumed, extra) VALUES ($1, $2, $3, 0, 0)
     ON CONFLICT (workspace_id, kind) DO UPDATE SET granted = EXCLUDED.granted, consumed = 0`,
    [workspaceId, kind, amount],
  );
  await db.query(`INSERT INTO credit_ledger (workspace_id, kind, amount, reason) VALUES ($1, $2, $3, 'set')`, [workspaceId, kind, amount]);
}
