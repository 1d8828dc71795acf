import { type CreditCosts, creditCostOfFile } from '@pressroom/model';
import type { GenerationDesign, Queryable } from '@pressroom/platform';
import { type GenerationKind, openPaidRequest as openRequest } from '@pressroom/platform';

/**
 * The generation request row and its credits (platform `openPaidRequest`), priced by the design's
 * type from this control plane's costs.
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
  return openRequest(client, {
    workspaceId: input.workspaceId,
    designId: input.found.id,
    kind: input.kind,
    callbackUrl: input.callbackUrl,
    fileType: input.fileType,
    files: input.files,
    creditPerFile: creditCostOfFile(input.found.design.type, input.creditCosts),
  });
}
