import type { ObjectStorage } from '@pressroom/platform';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { defineRoute, idParams } from '../http/route.js';
import { readBanner } from '../services/banners.js';

/**
 * A Banner as the API answers it (GET /banners/<id>, sync generation). Its `version` is the
 * file's integer counter, so the body carries no contract version stamp (docs/api.md).
 */
export const bannerResponse = z.looseObject({
  id: z.uuid(),
  version: z.number().int(),
  file: z.looseObject({ type: z.string(), url: z.string() }),
});

/** A format that failed in a generation request, and why (the request's `errors`). */
export const generationError = z.object({ template_format_name: z.string(), reason: z.string() });

export function bannerRoutes(app: FastifyInstance, deps: { db: pg.Pool; storage: ObjectStorage }): void {
  defineRoute(app, {
    method: 'GET',
    url: '/banners/:id',
    operationId: 'getFile',
    summary: 'A generated file: its download and CDN URLs, format, design and project.',
    tag: 'Generation',
    tier: 'read',
    params: idParams,
    response: { status: 200, schema: bannerResponse },
    handler: async ({ workspace, params }) => readBanner(deps.db, deps.storage, workspace.id, params.id),
  });
}
