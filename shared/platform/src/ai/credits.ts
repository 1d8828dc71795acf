import type { NormalisedOverrides } from '@pressroom/model';
import { AI_OPERATIONS } from '@pressroom/model';
import { refundCredits, spendCredits } from '../credits/credits.js';
import type { Queryable } from '../db/pool.js';
import { selectRequestAiCredit, updateRequestAiCreditPerFile } from '../sql/credits.js';

/** How many AI operations one file of the request runs: each operation set to true on a layer. */
export function countAiOperations(overrides: NormalisedOverrides): number {
  let n = 0;
  for (const override of Object.values(overrides.layers)) {
    for (const operation of AI_OPERATIONS) if (override[operation] === true) n++;
  }
  return n;
}

/** The ledger reason of a request's AI credits. */
export const AI_SPEND_REASON = 'ai_operations';

/**
 * Spends the AI credits of a request being accepted (`perFile` × `files`) and records the per-file
 * cost on the request for refunds. False, spending nothing, when the workspace has too few.
 */
export async function chargeAiOperations(
  client: Queryable,
  input: { workspaceId: string; requestId: string; perFile: number; files: number },
): Promise<boolean> {
  if (input.perFile <= 0) return true;
  if (!(await spendCredits(client, input.workspaceId, 'ai', input.perFile * input.files, AI_SPEND_REASON, input.requestId))) return false;
  await updateRequestAiCreditPerFile(client, input.requestId, input.perFile);
  return true;
}

/** A file of the request failed: its AI operations produced nothing the customer gets, so they are given back. */
export async function refundAiOperations(client: Queryable, requestId: string): Promise<void> {
  const row = await selectRequestAiCredit(client, requestId);
  if (row && row.ai_credit_per_file > 0) {
    await refundCredits(client, row.workspace_id, 'ai', row.ai_credit_per_file, 'ai_operations_failed', requestId);
  }
}

/**
 * `reused` of the file's `operations` AI operations were served from stored results and ran no
 * model: their share of the file's AI credits is given back. The caller calls this once, when the
 * file's outcome is first recorded.
 */
export async function refundReusedAiOperations(client: Queryable, requestId: string, reused: number, operations: number): Promise<void> {
  if (reused <= 0 || operations <= 0) return;
  const row = await selectRequestAiCredit(client, requestId);
  if (!row || row.ai_credit_per_file <= 0) return;
  const amount = Math.floor((row.ai_credit_per_file / operations) * Math.min(reused, operations));
  await refundCredits(client, row.workspace_id, 'ai', amount, 'ai_result_reused', requestId);
}
