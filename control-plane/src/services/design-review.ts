import { type DesignReview, type ReviewStatus, reviewDesign, withTransaction } from '@pressroom/platform';
import type pg from 'pg';

/**
 * Approves or rejects a design, and announces it with TEMPLATE_STATUS in the same transaction.
 * `workspaceId` null: any workspace (the admin CLI, which names the design only). Undefined when
 * no such live design exists.
 */
export function setDesignReview(
  db: pg.Pool,
  input: { designId: string; workspaceId: string | null; status: ReviewStatus; reason: string | null },
): Promise<DesignReview | undefined> {
  return withTransaction(db, (client) => reviewDesign(client, input));
}

/** The review as the API and the admin CLI print it (the TEMPLATE_STATUS fields). */
export function reviewResource(review: DesignReview): {
  template_id: string;
  status: ReviewStatus;
  reason: string | null;
  status_updated_at_ts: number;
} {
  return {
    template_id: review.designId,
    status: review.status,
    reason: review.reason,
    status_updated_at_ts: Math.floor(review.updatedAt.getTime() / 1000),
  };
}
