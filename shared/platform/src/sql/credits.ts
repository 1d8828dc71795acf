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

/** What a balance row can still spend: the allowance left, then the top-up. */
const SPENDABLE = 'GREATEST(granted - consumed, 0) + extra';

/** The SET of a spend of `amount` (an SQL expression): the allowance first, then the top-up. */
const spendSet = (amount: string) =>
  `consumed = consumed + LEAST(${amount}, GREATEST(granted - consumed, 0)),
   extra = extra - (${amount} - LEAST(${amount}, GREATEST(granted - consumed, 0)))`;

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
       UPDATE credit_balances SET ${spendSet('$3::bigint')}
        WHERE workspace_id = $1 AND kind = $2 AND ${SPENDABLE} >= $3::bigint
        RETURNING workspace_id)
     INSERT INTO credit_ledger (workspace_id, kind, amount, reason, reference)
     SELECT $1, $2, -$3::bigint, $4, $5 FROM spent`,
    [input.workspaceId, input.kind, input.amount, input.reason, input.reference],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * The workspace's balances of `kinds`, locked until the caller's transaction ends (generation
 * before AI, the order every spender takes them in), with what each can still spend: a caller
 * that plans several spends at once (the bulk runner's step) sees a balance no one else moves
 * until it commits. A kind with no balance row is absent.
 */
export async function lockCreditBalances(
  db: Queryable,
  workspaceId: string,
  kinds: readonly CreditKind[],
): Promise<Map<CreditKind, number>> {
  if (kinds.length === 0) return new Map();
  const { rows } = await db.query<{ kind: CreditKind; spendable: string }>(
    `SELECT kind, ${SPENDABLE} AS spendable FROM credit_balances WHERE workspace_id = $1 AND kind = ANY($2::text[])
      ORDER BY kind = 'generation' DESC FOR UPDATE`,
    [workspaceId, kinds],
  );
  return new Map(rows.map((r) => [r.kind, Number(r.spendable)]));
}

/** One ledger line of a batch of spends. */
export interface CreditSpendLine {
  kind: CreditKind;
  amount: number;
  reason: string;
  reference: string | null;
}

/**
 * Many spends in one statement: each kind's balance is spent by the sum of its lines (allowance
 * first, then the top-up; the same end state as the lines spent one by one), and every line is
 * written to the ledger in order. All or nothing: a kind whose balance is short spends nothing and
 * writes no line; the caller, which planned the lines on balances it locked
 * (`lockCreditBalances`), treats fewer lines written as an error.
 */
export async function spendCreditBalanceLines(db: Queryable, workspaceId: string, lines: readonly CreditSpendLine[]): Promise<number> {
  if (lines.length === 0) return 0;
  const { rowCount } = await db.query(
    `WITH lines AS (
       SELECT * FROM unnest($2::text[], $3::bigint[], $4::text[], $5::text[]) WITH ORDINALITY AS l(kind, amount, reason, reference, n)),
     totals AS (SELECT kind, sum(amount)::bigint AS total FROM lines GROUP BY kind),
     spent AS (
       UPDATE credit_balances b SET ${spendSet('t.total')}
         FROM totals t
        WHERE b.workspace_id = $1 AND b.kind = t.kind AND ${SPENDABLE} >= t.total
        RETURNING b.kind)
     INSERT INTO credit_ledger (workspace_id, kind, amount, reason, reference)
     SELECT $1, l.kind, -l.amount, l.reason, l.reference FROM lines l JOIN spent s ON s.kind = l.kind ORDER BY l.n`,
    [workspaceId, lines.map((l) => l.kind), lines.map((l) => l.amount), lines.map((l) => l.reason), lines.map((l) => l.reference)],
  );
  return rowCount ?? 0;
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
