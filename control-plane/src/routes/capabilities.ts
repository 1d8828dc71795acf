import { type AiCapabilities, DESIGN_TYPES, FARM_AI_OPERATIONS, farmCapabilities } from '@pressroom/model';
import { liveRenderWorkers } from '@pressroom/platform';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { defineRoute } from '../http/route.js';

const operation = z.object({
  available: z.boolean(),
  design_types: z.array(z.enum(DESIGN_TYPES)).describe('The design types it runs on.'),
  sync: z.boolean().describe('Whether the sync endpoint takes it; the others run through the async endpoints only.'),
  reason: z.string().nullable().describe('Why it is not available (what to configure); null when it is.'),
});

const answer = z.object({
  render_workers: z.number().int().describe('Live render-worker processes.'),
  ai: z.object(
    Object.fromEntries(FARM_AI_OPERATIONS.map((op) => [op, operation])) as Record<(typeof FARM_AI_OPERATIONS)[number], typeof operation>,
  ),
  focus_detector: z.object({ available: z.boolean(), labels: z.array(z.string()) }),
  print: z.object({
    color_profiles: z
      .array(
        z.object({
          id: z.string().describe('The built-in profile id `print.color_profile` names.'),
          name: z.string(),
          available: z
            .boolean()
            .describe(
              'Whether a live render worker holds an ICC file of it (print jobs naming it go to those that do). A request naming one that is not is refused, unless no render worker is live (it then waits in the queue, as every print job does).',
            ),
          held_by: z
            .number()
            .int()
            .describe('How many of the live render workers hold it: `render_workers` when all do, fewer when only some do.'),
          reason: z.string().nullable().describe('Why it is not available (what to configure); null when it is.'),
        }),
      )
      .describe('The vendor\'s built-in CMYK profiles (docs/print.md, "Output profiles").'),
  }),
});

/**
 * What the live farm can run (a Pressroom extension; docs/ai.md): the AI operations the control
 * plane accepts and every live render worker advertises with its heartbeat, and the print colour
 * profiles some or all live render workers hold.
 */
export function capabilityRoutes(app: FastifyInstance, deps: { db: pg.Pool; ai: AiCapabilities; staleAfterMs: number }): void {
  defineRoute(app, {
    method: 'GET',
    url: '/capabilities',
    operationId: 'getCapabilities',
    summary:
      'The AI image operations and print colour profiles the live farm can run, each with the design types and endpoints that take it, or why not.',
    tag: 'Farm (Pressroom extension)',
    tier: 'read',
    response: { status: 200, schema: answer },
    handler: async () => {
      return farmCapabilities(deps.ai, await liveRenderWorkers(deps.db, deps.staleAfterMs));
    },
  });
}
