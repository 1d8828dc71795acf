import type { Queryable } from '../db/pool.js';

export type CreditKind = 'generation' | 'ai';

export interface CreditBalanceRow {
  kind: CreditKind;
  granted: string;
  consumed: string;
  extra: string;
}

export async function selectCreditBalances(db: Queryable, workspaceId: string): Promise<CreditBalanceRow[]> {
  const { rows } = await db.query<CreditBalanceRow>('SELECT kind, granted, consumed, extra FROM credit_balances WHERE workspace_id = $1', [
    workspaceId,
  ]);
  return rows;
}

/** A new workspace's allowances. */
export async function insertInitialCreditBalances(
  db: Queryable,
  workspaceId: string,
  input: { generation: number; ai: number },
): Promise<void> {
  await db.query(`INSERT INTO credit_balances (workspace_id, kind, granted) VALUES ($1, 'generation', $2), ($1, 'ai', $3)`, [
    workspaceId,
    input.generation,
    input.ai,
  ]);
}

/**
 * Spends `amount` (allowance first, then the top-up) and writes the ledger line, or does nothing
 * when the balance is short: true when spent. One statement, so concurrent spenders never overdraw.
 */
export async function spendCreditBalance(
  db: Queryable,
  input: { workspaceId: string; kind: CreditKind; amount: number; reason: string; reference: string | null },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `WITH spent AS (
       UPDATE credit_balances
          SET consumed = consumed + LEAST($3::bigint, GREATEST(granted - consumed, 0)),
              extra = extra - ($3::bigint - LEAST($3::bigint, GREATEST(granted - consumed, 0)))
        WHERE workspace_id = $1 AND kind = $2 AND GREATEST(granted - consumed, 0) + extra >= $3::bigint
        RETURNING workspace_id)
     INSERT INTO credit_ledger (workspace_id, kind, amount, reason, reference)
     SELECT $1, $2, -$3::bigint, $4, $5 FROM spent`,
    [input.workspaceId, input.kind, input.amount, input.reason, input.reference],
  );
  return (rowCount ?? 0) > 0;
}

/** Gives `amount` back (to the allowance first) and writes the ledger line. */
export async function refundCreditBalance(
  db: Queryable,
  input: { workspaceId: string; kind: CreditKind; amount: number; reason: string; reference: string | null },
): Promise<void> {
  await db.query(
    `WITH r AS (
       UPDATE credit_balances SET consumed = GREATEST(consumed - $3::bigint, 0),
              extra = extra + GREATEST($3::bigint - consumed, 0)
        WHERE workspace_id = $1 AND kind = $2 RETURNING workspace_id)
     INSERT INTO credit_ledger (workspace_id, kind, amount, reason, reference) SELECT $1, $2, $3::bigint, $4, $5 FROM r`,
    [input.workspaceId, input.kind, input.amount, input.reason, input.reference],
  );
}

/** Sets the period allowance; consumption restarts at zero. */
export async function upsertCreditAllowance(db: Queryable, workspaceId: string, kind: CreditKind, amount: number): Promise<void> {
  await db.query(
    `INSERT INTO credit_balances (workspace_id, kind, granted, consumed, extra) VALUES ($1, $2, $3, 0, 0)
     ON CONFLICT (workspace_id, kind) DO UPDATE SET granted = EXCLUDED.granted, consumed = 0`,
    [workspaceId, kind, amount],
  );
}

export async function insertCreditLedgerSet(db: Queryable, workspaceId: string, kind: CreditKind, amount: number): Promise<void> {
  await db.query(`INSERT INTO credit_ledger (workspace_id, kind, amount, reason) VALUES ($1, $2, $3, 'set')`, [workspaceId, kind, amount]);
}

/** Records a generation request's AI credits per file, for refunds. */
export async function updateRequestAiCreditPerFile(db: Queryable, requestId: string, perFile: number): Promise<void> {
  await db.query('UPDATE generation_requests SET ai_credit_per_file = $2 WHERE id = $1', [requestId, perFile]);
}

export async function selectRequestAiCredit(
  db: Queryable,
  requestId: string,
): Promise<{ workspace_id: string; ai_credit_per_file: number } | undefined> {
  const { rows } = await db.query<{ workspace_id: string; ai_credit_per_file: number }>(
    'SELECT workspace_id, ai_credit_per_file FROM generation_requests WHERE id = $1',
    [requestId],
  );
  return rows[0];
}
