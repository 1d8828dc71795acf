import type { Logger } from '@pressroom/shared/logger';
import type { LocalObjectStorage, ObjectStorage } from '@pressroom/shared/storage/index';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Registry } from 'prom-client';
import type { ControlPlaneConfig } from './config.js';
import { registerAuth } from './plugins/auth.js';
import { registerEnvelope } from './plugins/envelope.js';
import { registerErrorHandling, registerJsonParser } from './plugins/errors.js';
import { registerHttpMetrics } from './plugins/metrics.js';
import { registerRateLimit } from './plugins/rate-limit.js';
import { creditRoutes } from './routes/credits.js';
import { fileRoutes } from './routes/files.js';
import { fontRoutes } from './routes/fonts.js';
import { healthRoutes } from './routes/health.js';
import { openApiRoute } from './routes/openapi.js';
import { projectRoutes } from './routes/projects.js';
import { signingSecretRoutes } from './routes/signing-secret.js';
import type { RateLimitBudgets } from './services/rate-limit-plan.js';

export interface AppDeps {
  config: ControlPlaneConfig;
  db: pg.Pool;
  logger: Logger;
  metrics: Registry;
  storage: ObjectStorage;
  /** Base URL clients reach this API at (links, OpenAPI servers). */
  publicBaseUrl: string;
}

/**
 * The API as a plugin factory: the server entry and the tests build the same app. Order
 * matters: envelope and errors first, then identity, then the limiter, then routes.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    bodyLimit: deps.config.bodyLimitBytes,
    // Trailing slashes and duplicate slashes do not create new endpoints.
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
  });
  app.decorate('routeRegistry', []);
  registerErrorHandling(app);
  registerJsonParser(app);
  registerEnvelope(app);
  const httpMetrics = registerHttpMetrics(app, deps.metrics);
  registerAuth(app, deps.db);
  registerRateLimit(app, deps.db, rateLimitBudgets(deps.config), httpMetrics);

  healthRoutes(app, deps.db);
  creditRoutes(app, deps.db);
  projectRoutes(app, deps.db);
  signingSecretRoutes(app, deps.db);
  fontRoutes(app);
  if (deps.storage.driver === 'local') fileRoutes(app, deps.storage as LocalObjectStorage);
  openApiRoute(app, deps.publicBaseUrl);
  return app;
}

export function rateLimitBudgets(config: ControlPlaneConfig): RateLimitBudgets {
  return {
    globalPerSecond: config.rateLimitGlobalPerSecond,
    tiers: {
      polling: { perMinute: config.rateLimitPollingPerMinute, perHour: config.rateLimitPollingPerHour },
      read: { perMinute: config.rateLimitReadPerMinute, perHour: config.rateLimitReadPerHour },
      validation: { perMinute: config.rateLimitValidationPerMinute, perHour: config.rateLimitValidationPerHour },
      write: { perMinute: config.rateLimitWritePerMinute, perHour: config.rateLimitWritePerHour },
    },
  };
}
