import { MAX_REVIEW_REASON_LENGTH, type ReviewStatus } from '@pressroom/platform';
import { uuidParam } from '../../http/route.js';
import { reviewResource, setDesignReview } from '../../services/design-review.js';
import { type AdminCommand, AdminUsageError, notFound, requireFlag } from '../command.js';

function reviewCommand(verb: 'approve' | 'reject', status: ReviewStatus): AdminCommand {
  return {
    name: `design ${verb}`,
    usage: `design ${verb} --design ID [--reason TEXT]`,
    flags: {
      design: { required: true, description: 'Design id' },
      reason: { description: 'Why (sent in TEMPLATE_STATUS and shown as visual_status.reason)' },
    },
    run: async (flags, { db }) => {
      const designId = requireFlag(flags, 'design');
      if (!uuidParam.safeParse(designId).success) throw new AdminUsageError('--design must be a design id (UUID)');
      const reason = flags['reason'] ?? null;
      if (reason !== null && reason.length > MAX_REVIEW_REASON_LENGTH) {
        throw new AdminUsageError(`--reason must be at most ${MAX_REVIEW_REASON_LENGTH} characters`);
      }
      const review = await setDesignReview(db, { designId, workspaceId: null, status, reason });
      if (!review) throw notFound('design');
      return reviewResource(review);
    },
  };
}

/** Design approval: each change emits TEMPLATE_STATUS (docs/webhooks.md). */
export const designCommands: AdminCommand[] = [reviewCommand('approve', 'approved'), reviewCommand('reject', 'rejected')];
