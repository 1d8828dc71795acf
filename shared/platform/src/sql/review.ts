import type { Queryable } from '../db/pool.js';

/** The review (approval) values a design may hold; ours, the contract leaves them open. */
export const REVIEW_STATUSES = ['approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** SQL fragment for the UPDATE that moves a design to another project: the move resets the review. */
export const RESET_REVIEW_SQL = 'review_status = NULL, review_reason = NULL, review_updated_at = NULL';

/**
 * Sets the review of a CREATED design that is not a workspace template (in `workspaceId`, when
 * given). Undefined when there is no such design.
 */
export async function updateDesignReview(
  db: Queryable,
  input: { designId: string; workspaceId: string | null; status: ReviewStatus; reason: string | null },
): Promise<{ id: string; workspace_id: string; review_updated_at: Date } | undefined> {
  const { rows } = await db.query<{ id: string; workspace_id: string; review_updated_at: Date }>(
    `UPDATE designs SET review_status = $3, review_reason = $4, review_updated_at = now()
      WHERE id = $1 AND ($2::uuid IS NULL OR workspace_id = $2) AND status = 'CREATED' AND NOT is_workspace_template
     RETURNING id, workspace_id, review_updated_at`,
    [input.designId, input.workspaceId, input.status, input.reason],
  );
  return rows[0];
}

export interface DesignReviewRow {
  id: string;
  workspace_id: string;
  review_status: ReviewStatus;
  review_reason: string | null;
  review_updated_at: Date;
}

/** The reviewed designs among `designIds` (an empty list still queries: callers skip it). */
export async function selectDesignReviews(db: Queryable, designIds: readonly string[]): Promise<DesignReviewRow[]> {
  const { rows } = await db.query<DesignReviewRow>(
    `SELECT id, workspace_id, review_status, review_reason, review_updated_at FROM designs
      WHERE id = ANY($1::uuid[]) AND review_status IS NOT NULL`,
    [[...new Set(designIds)]],
  );
  return rows;
}
