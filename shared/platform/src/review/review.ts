import { templateStatusEvent } from '@pressroom/model';
import type { Queryable } from '../db/pool.js';
import { type ReviewStatus, selectDesignReviews, updateDesignReview } from '../sql/review.js';
import { enqueueEvent } from '../webhooks/outbox.js';

/**
 * A design's review (approval) status (`REVIEW_STATUSES`). A design that was never reviewed, or
 * that moved to another project since, has none.
 */

export interface DesignReview {
  designId: string;
  workspaceId: string;
  status: ReviewStatus;
  reason: string | null;
  updatedAt: Date;
}

/** A reason is free text; bounded like the other free-text fields. */
export const MAX_REVIEW_REASON_LENGTH = 10_000;

/** Banner.visual_status: the SDK's `VisualStatus`. */
export type VisualStatus = {
  status: ReviewStatus;
  status_updated_at_ts: number;
  reason: string | null;
  content_to_replace: null;
  content_to_hide: null;
};

/** Banner.visual_status of a reviewed design (the SDK's `VisualStatus`); review feedback fields stay null. */
export function visualStatusOf(review: Pick<DesignReview, 'status' | 'reason' | 'updatedAt'>): VisualStatus {
  return {
    status: review.status,
    status_updated_at_ts: Math.floor(review.updatedAt.getTime() / 1000),
    reason: review.reason,
    content_to_replace: null,
    content_to_hide: null,
  };
}

/**
 * Sets the review status of a live design (CREATED, not a workspace template) and enqueues
 * TEMPLATE_STATUS through the outbox on the same client: call it inside a transaction. Undefined
 * when there is no such design (in `workspaceId`, when given).
 */
export async function reviewDesign(
  client: Queryable,
  input: { designId: string; workspaceId: string | null; status: ReviewStatus; reason: string | null },
): Promise<DesignReview | undefined> {
  const row = await updateDesignReview(client, input);
  if (!row) return undefined;
  const review: DesignReview = {
    designId: row.id,
    workspaceId: row.workspace_id,
    status: input.status,
    reason: input.reason,
    updatedAt: row.review_updated_at,
  };
  await enqueueEvent(client, {
    workspaceId: row.workspace_id,
    eventType: 'TEMPLATE_STATUS',
    payload: templateStatusEvent({ templateId: row.id, status: review.status, reason: review.reason, statusUpdatedAt: review.updatedAt }),
  });
  return review;
}

/** The current review of each reviewed design among `designIds`. */
export async function findDesignReviews(db: Queryable, designIds: readonly string[]): Promise<Map<string, DesignReview>> {
  if (designIds.length === 0) return new Map();
  const rows = await selectDesignReviews(db, designIds);
  return new Map(
    rows.map((r) => [
      r.id,
      { designId: r.id, workspaceId: r.workspace_id, status: r.review_status, reason: r.review_reason, updatedAt: r.review_updated_at },
    ]),
  );
}
