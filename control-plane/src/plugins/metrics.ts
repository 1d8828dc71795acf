import { HTTP_BUCKETS } from '@pressroom/platform';
import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';

export interface HttpMetrics {
  rateLimitRefusals: Counter<'tier' | 'id'>;
}

/** Durations by route pattern (never the raw URL: labels must come from a small fixed set). */
export function registerHttpMetrics(app: FastifyInstance, registry: Registry): HttpMetrics {
  const duration = new Histogram({
    name: 'pressroom_http_request_duration_seconds',
    help: 'HTTP request duration by route, method and status.',
    labelNames: ['route', 'method', 'status'],
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  const rateLimitRefusals = new Counter({
    name: 'pressroom_rate_limit_refusals_total',
    help: 'Requests refused by the rate limiter, by tier and error id.',
    labelNames: ['tier', 'id'],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe({ route, method: request.method, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { config: { auth: false, raw: true } }, async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
  return { rateLimitRefusals };
}
