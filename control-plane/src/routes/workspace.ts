import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../http/route.js';
import type { RateLimitBudgets } from '../services/rate-limit-plan.js';
import { PLANS } from '../services/workspaces.js';

const budget = z.object({ per_minute: z.number().int(), per_hour: z.number().int() });

/**
 * The key's workspace and the farm's rate budgets (a Pressroom extension for the web console;
 * the current usage of a tier is in the X-RateLimit-* headers of any answer in that tier).
 */
export function workspaceRoutes(app: FastifyInstance, budgets: RateLimitBudgets): void {
  defineRoute(app, {
    method: 'GET',
    url: '/workspace',
    operationId: 'getWorkspace',
    summary: 'The workspace of the key: id, name, plan, and the rate budgets of each tier.',
    tag: 'Workspace (Pressroom extension)',
    tier: 'read',
    response: {
      status: 200,
      schema: z.object({
        id: z.uuid(),
        name: z.string(),
        plan: z.enum(PLANS as [string, ...string[]]),
        rate_limits: z.object({ global_per_second: z.number().int(), polling: budget, read: budget, validation: budget, write: budget }),
      }),
    },
    handler: async ({ workspace }) => {
      const tier = (t: keyof RateLimitBudgets['tiers']) => ({ per_minute: budgets.tiers[t].perMinute, per_hour: budgets.tiers[t].perHour });
      return {
        id: workspace.id,
        name: workspace.name,
        plan: workspace.plan,
        rate_limits: {
          global_per_second: budgets.globalPerSecond,
          polling: tier('polling'),
          read: tier('read'),
          validation: tier('validation'),
          write: tier('write'),
        },
      };
    },
  });
}
