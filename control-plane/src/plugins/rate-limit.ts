import { AppError } from '@pressroom/model';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { decide, type RateLimitBudgets, windowsFor } from '../services/rate-limit-plan.js';
import { countRequest } from '../services/rate-limits.js';
import type { HttpMetrics } from './metrics.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * False: the request itself draws from no budget, not even the global ceiling, because what it
     * does is counted elsewhere (each MCP tool call is counted as the REST request it makes).
     */
    counted?: boolean;
  }
}

/**
 * Two limits in order: the global per-second ceiling, then the route's tier budget (minute and
 * hour). Counted in Postgres so several control planes share one budget. If the limiter itself
 * is down the request goes through without headers (absence does not mean unlimited; docs/api.md#request-bounds).
 */
export function registerRateLimit(app: FastifyInstance, db: pg.Pool, budgets: RateLimitBudgets, metrics: HttpMetrics): void {
  app.addHook('onRequest', async (request, reply) => {
    const workspace = request.workspace;
    if (!workspace || request.routeOptions.config?.counted === false) return;
    const tierOption = request.routeOptions.config?.tier ?? null;
    const tier = typeof tierOption === 'function' ? tierOption(request) : tierOption;
    let counts: Awaited<ReturnType<typeof countRequest>>;
    try {
      counts = await countRequest(db, workspace.id, windowsFor(tier, budgets));
    } catch (err) {
      request.log.warn({ err }, 'rate limiter unavailable; request allowed');
      return;
    }
    const decision = decide(counts);
    reply.headers(decision.headers);
    if (decision.refusal) {
      metrics.rateLimitRefusals.inc({ tier: tier ?? 'none', id: decision.refusal.id });
      throw new AppError(decision.refusal.id, decision.refusal.message, {
        headers: { ...decision.headers, 'retry-after': String(decision.refusal.retryAfter) },
      });
    }
  });
}
