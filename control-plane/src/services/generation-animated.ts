import { randomUUID } from 'node:crypto';
import type { AnimatedDelivery, AnimatedDesign, NormalisedOverrides } from '@pressroom/model';
import { ANIMATED_FILE_TYPES, type AnimatedFileType, AppError, checkAnimatedDelivery } from '@pressroom/model';
import type { GenerationDesign } from '@pressroom/platform';
import { addAnimatedFileJobs, withTransaction } from '@pressroom/platform';
import type { GenerationServiceDeps } from './generation.js';
import { openPaidRequest } from './paid-request.js';
import type { Workspace } from './workspaces.js';

/**
 * An accepted async request on an animated design: the request row, `CREDIT_COST_ANIMATION`
 * per file and every file's jobs (frame ranges or the HTML5 page) in one transaction, as for
 * static designs. Returns the generation request id.
 */
export async function enqueueAnimatedRequest(
  deps: GenerationServiceDeps,
  workspace: Workspace,
  found: GenerationDesign,
  input: {
    formats: string[];
    fileType: string;
    overrides: NormalisedOverrides;
    callbackUrl: string | null;
    original: string | null;
    delivery: AnimatedDelivery;
  },
): Promise<string> {
  const fileType = input.fileType as AnimatedFileType;
  if (!ANIMATED_FILE_TYPES.includes(fileType))
    throw new AppError('invalid_filetype', `An animated design cannot produce ${input.fileType}.`);
  const design = found.design as AnimatedDesign;
  // Known only now: the file type may be the design's default, and the 30 s limit needs its timeline.
  const issues = checkAnimatedDelivery(input.delivery, { fileType, animation: design.animation });
  if (issues.length > 0) throw AppError.fromIssues(issues);
  const enqueuedAt = Date.now();
  return withTransaction(deps.db, async (client) => {
    const requestId = await openPaidRequest(client, {
      workspaceId: workspace.id,
      found,
      kind: 'async',
      callbackUrl: input.callbackUrl,
      fileType,
      files: input.formats.length,
      creditCosts: deps.creditCosts,
    });
    for (const formatName of input.formats) {
      await addAnimatedFileJobs(
        client,
        {
          v: 1,
          generation_request_id: requestId,
          banner_id: randomUUID(),
          workspace_id: workspace.id,
          design_id: found.id,
          format_name: formatName,
          file_type: fileType,
          overrides: input.overrides,
          priority: 'async',
          enqueued_at: enqueuedAt,
          original_banner_id: input.original,
          delivery: {
            click_url: input.delivery.clickUrl,
            loop_count: input.delivery.loopCount,
            gif_max_width: input.delivery.gifMaxWidth,
          },
        },
        design.animation.duration,
      );
    }
    return requestId;
  });
}
