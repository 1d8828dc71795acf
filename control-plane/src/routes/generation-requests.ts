import { GENERATION_REQUEST_KINDS } from '@pressroom/model';
import type { ObjectStorage } from '@pressroom/platform';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { documented, UUID_JSON_SCHEMA } from '../http/documented.js';
import { pagingQuery, setTotalCount } from '../http/paging.js';
import { defineRoute } from '../http/route.js';
import { listGenerationRequests } from '../services/generation-list.js';
import { bannerResponse, generationError } from './banners.js';

const summary = z.object({
  id: z.uuid(),
  design_id: z.uuid(),
  design_name: z.string().nullable().describe('null once the design is deleted.'),
  kind: z.enum(GENERATION_REQUEST_KINDS),
  file_type: z.string(),
  status: z.enum(['in_progress', 'finalized', 'gone']),
  expected_files: z.number().int(),
  created_at_ts: z.number().int(),
  finalized_at_ts: z.number().int().nullable(),
  banners: z.array(bannerResponse).describe('The files, as GET /banners/<id> returns them.'),
  errors: z.array(generationError),
});

const listQuery = z.object({
  design_id: documented(z.uuid().optional(), UUID_JSON_SCHEMA).describe('Only the requests of this design.'),
  ...pagingQuery,
});

/** The generation history for the web console (a Pressroom extension; docs/generation.md). */
export function generationRequestListRoutes(app: FastifyInstance, deps: { db: pg.Pool; storage: ObjectStorage }): void {
  defineRoute(app, {
    method: 'GET',
    url: '/generation-requests',
    operationId: 'listGenerationRequests',
    summary: 'Generation requests of the workspace, newest first, with their files and errors (25 per page by default).',
    tag: 'Generation (Pressroom extension)',
    tier: 'read',
    query: listQuery,
    response: {
      status: 200,
      schema: summary,
      array: true,
      links: { getGenerationRequest: { operationId: 'getGenerationRequest', parameters: { id: '$response.body#/0/id' } } },
    },
    handler: async ({ workspace, query, reply }) => {
      const perPage = query.per_page ?? 25;
      const { items, total } = await listGenerationRequests(
        deps.db,
        deps.storage,
        workspace.id,
        { designId: query.design_id },
        { limit: perPage, offset: ((query.page ?? 1) - 1) * perPage },
      );
      setTotalCount(reply, total);
      return items;
    },
  });
}
