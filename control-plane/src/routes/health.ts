import { pingDatabase } from '@pressroom/platform';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { defineRoute } from '../http/route.js';

/** What `GET /ready` answers, 200 or 503. */
const readiness = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['ok', 'unreachable']) });

/** `GET /ready` answers 200 for any key (it tests the service, never a key); `POST /auth` tests a key. */
export function healthRoutes(app: FastifyInstance, db: pg.Pool): void {
  defineRoute(app, {
    method: 'GET',
    url: '/ready',
    operationId: 'ready',
    summary: 'Service health: answers 200 when the database is reachable, 503 otherwise. Needs no key.',
    tag: 'Health',
    auth: false,
    response: {
      status: 200,
      // 503 answers the same body, saying what is unavailable.
      alsoStatuses: [503],
      schema: readiness,
    },
    handler: async ({ reply }): Promise<z.output<typeof readiness>> => {
      try {
        await pingDatabase(db);
        return { status: 'ok', database: 'ok' };
      } catch {
        reply.status(503);
        return { status: 'unavailable', database: 'unreachable' };
      }
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/auth',
    operationId: 'verifyApiKey',
    summary: 'Verify the API key and return the workspace name.',
    tag: 'Authentication',
    tier: 'read',
    response: { status: 200, schema: z.object({ company: z.string() }) },
    handler: async ({ workspace }) => ({ company: workspace.name }),
  });
}
