import type { LocalObjectStorage, Logger, ObjectStorage } from '@pressroom/platform';
import { aiCapabilitiesOf, type DesignSource, liveRenderWorkers, sqlDesignSource } from '@pressroom/platform';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Registry } from 'prom-client';
import type { ControlPlaneConfig } from './config.js';
import { registerPathParamCheck } from './http/route.js';
import { registerAuth } from './plugins/auth.js';
import { registerDrain } from './plugins/drain.js';
import { registerEnvelope } from './plugins/envelope.js';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling, registerJsonParser } from './plugins/errors.js';
import { registerHttpMetrics } from './plugins/metrics.js';
import { registerRateLimit } from './plugins/rate-limit.js';
import { DebugRequestLog } from './plugins/request-log.js';
import { bannerRoutes } from './routes/banners.js';
import { bulkRunRoutes } from './routes/bulk-runs.js';
import { capabilityRoutes } from './routes/capabilities.js';
import { consoleRoutes } from './routes/console.js';
import { creditRoutes } from './routes/credits.js';
import { designDocumentRoutes } from './routes/design-document.js';
import { designReviewRoutes } from './routes/design-review.js';
import { designRoutes } from './routes/designs.js';
import { docsRoutes } from './routes/docs.js';
import { dynamicImageRoutes } from './routes/dynamic-images.js';
import { exportRoutes } from './routes/exports.js';
import { fileRoutes } from './routes/files.js';
import { fontRoutes } from './routes/fonts.js';
import { generationRoutes } from './routes/generation.js';
import { generationRequestListRoutes } from './routes/generation-requests.js';
import { healthRoutes } from './routes/health.js';
import { importRoutes } from './routes/imports.js';
import { layerPropertyRoutes } from './routes/layer-properties.js';
import { mcpRoutes } from './routes/mcp.js';
import { openApiRoute } from './routes/openapi.js';
import { projectRoutes } from './routes/projects.js';
import { signingSecretRoutes } from './routes/signing-secret.js';
import { webhookSubscriptionRoutes } from './routes/webhook-subscriptions.js';
import { workspaceRoutes } from './routes/workspace.js';
import { workspaceTemplateRoutes } from './routes/workspace-templates.js';
import { type CompletionListener, createCompletionListener } from './services/completion-listener.js';
import { ownOrigins, type SourceDispatcher, sourceProbe, unreachableSources } from './services/import-sources.js';
import { callbackUrlCheck, type OutboundUrlCheck, outboundUrlCheck } from './services/outbound-urls.js';
import type { RateLimitBudgets } from './services/rate-limit-plan.js';
import { overlapFromTimeScale } from './services/signing-secrets.js';

export interface AppDeps {
  config: ControlPlaneConfig;
  db: pg.Pool;
  logger: Logger;
  metrics: Registry;
  storage: ObjectStorage;
  /** Base URL clients reach this API at (links, OpenAPI servers). */
  publicBaseUrl: string;
  /** Where generation finds designs; default the design model's tables. */
  designs?: DesignSource;
  /** Sync-generation waiters; default one LISTEN connection from `db`, started with the app. */
  completionListener?: CompletionListener;
  /** How the import probes remote sources; default the guarded agent of OUTBOUND_ALLOW_PRIVATE_NETWORKS. Tests pass one that trusts their CA. */
  sourceDispatcher?: SourceDispatcher;
}

/**
 * The API as a plugin factory: the server entry and the tests build the same app. Order
 * matters: envelope and errors first, then identity, then the limiter, then routes.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    bodyLimit: deps.config.bodyLimitBytes,
    requestTimeout: deps.config.requestTimeoutMs,
    http: httpServerOptions(deps.config.requestTimeoutMs),
    clientErrorHandler,
    // Idle keep-alive connections are closed as soon as the drain starts (plugins/drain.ts).
    forceCloseConnections: 'idle',
    frameworkErrors: frameworkErrorHandler,
    // Trailing slashes and duplicate slashes do not create new endpoints.
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    logController: new DebugRequestLog(),
  });
  app.decorate('routeRegistry', []);
  registerErrorHandling(app);
  registerDrain(app);
  registerJsonParser(app);
  registerPathParamCheck(app);
  registerEnvelope(app);
  const httpMetrics = registerHttpMetrics(app, deps.metrics);
  registerAuth(app, deps.db);
  registerRateLimit(app, deps.db, rateLimitBudgets(deps.config), httpMetrics);

  healthRoutes(app, deps.db);
  creditRoutes(app, deps.db);
  projectRoutes(app, deps.db);
  signingSecretRoutes(app, deps.db, overlapFromTimeScale(deps.config.webhookTimeScale));
  const outbound = outboundUrlCheck({ allowPrivateNetworks: deps.config.outboundAllowPrivateNetworks });
  webhookSubscriptionRoutes(app, deps.db, outbound);
  workspaceRoutes(app, rateLimitBudgets(deps.config));
  fontRoutes(app, { db: deps.db, storage: deps.storage, allowPrivateNetworks: deps.config.outboundAllowPrivateNetworks });
  layerPropertyRoutes(app);
  capabilityRoutes(app, { db: deps.db, ai: aiCapabilitiesOf(deps.config), staleAfterMs: deps.config.workerStaleAfterMs });
  designRoutes(app, { ...deps, dynamicImageBase: dynamicImageBase(deps) });
  designDocumentRoutes(app, { ...deps, dynamicImageBase: dynamicImageBase(deps) });
  designReviewRoutes(app, deps);
  const own = ownOrigins(deps.storage, deps.publicBaseUrl);
  own.catch(() => undefined);
  importRoutes(app, {
    ...deps,
    checkSources: async (design) =>
      unreachableSources(
        design,
        deps.config.importSourceCheckTimeoutMs,
        sourceProbe({
          allowPrivateNetworks: deps.config.outboundAllowPrivateNetworks,
          ...(deps.sourceDispatcher ? { dispatcher: deps.sourceDispatcher } : {}),
        }),
        await own,
      ),
  });
  workspaceTemplateRoutes(app, deps);
  registerGeneration(app, deps, outbound);
  if (deps.storage.driver === 'local') fileRoutes(app, deps.storage as LocalObjectStorage);
  mcpRoutes(app, deps);
  openApiRoute(app, deps.publicBaseUrl);
  await docsRoutes(app, deps.publicBaseUrl);
  // The editor's canvas draws stored pictures from the page's own origin (docs/console.md).
  await consoleRoutes(app, { filesBase: deps.storage.driver === 'local' ? `${deps.publicBaseUrl.replace(/\/+$/, '')}/files/` : null });
  return app;
}

function registerGeneration(app: FastifyInstance, deps: AppDeps, outbound: OutboundUrlCheck): void {
  let listener = deps.completionListener;
  if (!listener) {
    const own = createCompletionListener({ connect: () => deps.db.connect(), logger: deps.logger });
    app.addHook('onReady', () => own.start());
    app.addHook('onClose', () => own.stop());
    listener = own;
  }
  const sync = {
    outbound,
    db: deps.db,
    storage: deps.storage,
    designs: deps.designs ?? sqlDesignSource,
    listener,
    syncTimeoutMs: deps.config.syncRenderTimeoutMs,
    creditCosts: { image: deps.config.creditCostImage, animation: deps.config.creditCostAnimation, print: deps.config.creditCostPrint },
    ai: aiCapabilitiesOf(deps.config),
    creditCostAi: deps.config.creditCostAi,
    renderWorkers: () => liveRenderWorkers(deps.db, deps.config.workerStaleAfterMs),
  };
  const checkCallbackUrl = callbackUrlCheck(outbound);
  generationRoutes(app, { ...sync, checkCallbackUrl });
  bannerRoutes(app, { db: deps.db, storage: deps.storage });
  generationRequestListRoutes(app, { db: deps.db, storage: deps.storage });
  exportRoutes(app, { db: deps.db, storage: deps.storage, checkCallbackUrl });
  bulkRunRoutes(app, {
    ...sync,
    allowPrivateNetworks: deps.config.outboundAllowPrivateNetworks,
    sheetFetchTimeoutMs: deps.config.bulkSheetFetchTimeoutMs,
    checkCallbackUrl,
  });
  dynamicImageRoutes(app, {
    ...sync,
    metrics: deps.metrics,
    baseUrl: dynamicImageBase(deps),
    globalPerSecond: deps.config.rateLimitGlobalPerSecond,
    maxAgeSeconds: deps.config.dynamicImageMaxAgeSeconds,
    staleSeconds: deps.config.dynamicImageStaleSeconds,
    testModeThrottle: { limit: deps.config.dynamicImageTestModeLimit, windowSeconds: deps.config.dynamicImageTestModeWindowSeconds },
  });
}

/**
 * Node applies a request timeout only when its server is created with it (setting it later has
 * no effect), checks for it every 30 s unless told otherwise, and refuses a headers timeout
 * longer than the request timeout.
 */
function httpServerOptions(requestTimeoutMs: number) {
  return {
    requestTimeout: requestTimeoutMs,
    headersTimeout: requestTimeoutMs === 0 ? 60_000 : Math.min(60_000, requestTimeoutMs),
    connectionsCheckingInterval: 1_000,
  };
}

/** Where dynamic image URLs point: a CDN in front of the API when configured, else the API. */
export function dynamicImageBase(deps: Pick<AppDeps, 'config' | 'publicBaseUrl'>): string {
  return deps.config.dynamicImageBaseUrl ?? deps.publicBaseUrl;
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
