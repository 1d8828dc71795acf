import { AppError } from '@pressroom/model';
import { MAX_REVIEW_REASON_LENGTH, REVIEW_STATUSES } from '@pressroom/platform';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { defineRoute, idParams } from '../http/route.js';
import { reviewResource, setDesignReview } from '../services/design-review.js';

const reviewBody = z.strictObject({
  status: z.enum(REVIEW_STATUSES),
  reason: z.string().max(MAX_REVIEW_REASON_LENGTH).nullable().optional(),
});

const reviewResponse = z.object({
  template_id: z.uuid(),
  status: z.enum(REVIEW_STATUSES),
  reason: z.string().nullable(),
  status_updated_at_ts: z.number().int(),
});

/** Design approval over HTTP (a Pressroom extension, for the web console); the admin CLI does the same. */
export function designReviewRoutes(app: FastifyInstance, deps: { db: pg.Pool }): void {
  defineRoute(app, {
    method: 'POST',
    url: '/designs/:id/review',
    operationId: 'reviewDesign',
    summary: 'Pressroom extension: approve or reject a design; emits TEMPLATE_STATUS and sets visual_status on its Banners.',
    tag: 'Designs',
    tier: 'write',
    params: idParams,
    body: reviewBody,
    response: { status: 200, schema: reviewResponse },
    handler: async ({ workspace, params, body }) => {
      const review = await setDesignReview(deps.db, {
        designId: params.id,
        workspaceId: workspace.id,
        status: body.status,
        reason: body.reason ?? null,
      });
      if (!review) throw new AppError('template_not_found', `Design ${params.id} was not found.`);
      return reviewResource(review);
    },
  });
}
