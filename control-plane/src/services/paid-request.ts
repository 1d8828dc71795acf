import { type CreditCosts, creditCostOfFile } from '@pressroom/model';
import type { GenerationDesign, NewGenerationRequest, Queryable } from '@pressroom/platform';
import { openPaidRequest as openRequest } from '@pressroom/platform';

/**
 * The generation request row and its credits (platform `openPaidRequest`), priced by the design's
 * type from this control plane's costs.
 */
export async function openPaidRequest(
  client: Queryable,
  input: Pick<NewGenerationRequest, 'workspaceId' | 'kind' | 'callbackUrl' | 'fileType'> & {
    found: GenerationDesign;
    files: number;
    creditCosts: CreditCosts;
  },
): Promise<string> {
  const { found, files, creditCosts, ...request } = input;
  return openRequest(client, {
    ...request,
    designId: found.id,
    expectedFiles: files,
    creditPerFile: creditCostOfFile(found.design.type, creditCosts),
  });
}
