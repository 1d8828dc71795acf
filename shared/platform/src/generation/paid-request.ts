import { AppError } from '@pressroom/model';
import { spendCredits } from '../credits/credits.js';
import type { Queryable } from '../db/pool.js';
import { createGenerationRequest, type NewGenerationRequest } from '../sql/generation-requests.js';

/** Why a request is refused when its generation credits are short (the bulk runner fails a row with it too). */
export const NO_GENERATION_CREDITS = 'The workspace has no generation credits left.';

/** The ledger reason of a request's generation credits. */
export const GENERATION_SPEND_REASON = 'generation';

/**
 * The generation request row and its credits, inside the caller's transaction: every generation
 * path (static, animated, print, multipage, a bulk run's row) opens its request here and then adds
 * its jobs in the same transaction, so out of credits leaves nothing behind and a job exists only
 * for a request that was paid for. The price per file is stored on the request, so a failed file
 * refunds what was charged even if the price changes later. Out of credits: 429
 * `rate_limit_exceeded`, thrown (the caller's transaction, or savepoint, undoes the row).
 */
export async function openPaidRequest(client: Queryable, input: NewGenerationRequest): Promise<string> {
  const requestId = await createGenerationRequest(client, input);
  const credits = input.creditPerFile * input.expectedFiles;
  if (!(await spendCredits(client, input.workspaceId, 'generation', credits, GENERATION_SPEND_REASON, requestId))) {
    throw new AppError('rate_limit_exceeded', NO_GENERATION_CREDITS);
  }
  return requestId;
}
