import { readCredits } from '@pressroom/platform';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { defineRoute } from '../http/route.js';

const creditBlock = z.object({ available: z.number().int(), limit: z.number().int(), consumed: z.number().int(), extra: z.number().int() });

export function creditRoutes(app: FastifyInstance, db: pg.Pool): void {
  defineRoute(app, {
    method: 'GET',
    url: '/credits',
    operationId: 'getCredits',
    summary: 'Remaining generation and AI credits of the workspace.',
    tag: 'Credits',
    tier: 'read',
    response: { status: 200, schema: z.object({ generation_credits: creditBlock, ai_credits: creditBlock }) },
    handler: async ({ workspace }) => {
      const credits = await readCredits(db, workspace.id);
      return { generation_credits: credits.generation, ai_credits: credits.ai };
    },
  });
}
