import { AppError, type CreditCosts, creditCostOfFile } from '@pressroom/model';
import type { GenerationDesign, Queryable } from '@pressroom/platform';
import { createGenerationRequest, type GenerationKind, spendCredits } from '@pressroom/platform';

/**
 * The generation request row and its credits, inside the caller's transaction: every generation
 * path (static, animated, print, multipage) opens its request here and then adds its jobs in the
 * same transaction, so out of credits leaves nothing behind and a job exists only for a request
 * that was paid for. The price per file is stored on the request, so a failed file refunds what
 * was charged even if the price changes later.
 */
export async function openPaidRequest(
  client: Queryable,
  input: {
    workspaceId: string;
    found: GenerationDesign;
    kind: GenerationKind;
    callbackUrl: string | null;
    fileType: string;
    files: number;
    creditCosts: CreditCosts;
  },
): Promise<string> {
  const creditPerFile = creditCostOfFile(input.found.design.type, input.creditCosts);
  const requestId = await createGenerationRequest(client, {
    workspaceId: input.workspaceId,
    designId: input.found.id,
    kind: input.kind,
    callbackUrl: input.callbackUrl,
    fileType: input.fileType,
    expectedFiles: input.files,
    creditPerFile,
  });
  if (!(await spendCredits(client, input.workspaceId, 'generation', creditPerFile * input.files, 'generation', requestId))) {
    throw new AppError('rate_limit_exceeded', 'The workspace has no generation credits left.');
  }
  return requestId;
}
