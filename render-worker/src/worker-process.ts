// The render worker's second start phase, imported by its entry (bin/worker.ts) once Chromium's
// launch has begun: the preflight checks, the page warm-up, the database, storage, the encoder
// threads, the job runner, metrics and the one shutdown path.

import { advertiseCapabilities } from '@pressroom/model';
import type { Logger } from '@pressroom/platform';
import {
  connectDatabase,
  createStorage,
  databaseCheck,
  installShutdown,
  preflightOrExit,
  resolveFfmpegPath,
  serveMetrics,
  sqlDesignSource,
  startWorkerRuntime,
  writableDirCheck,
} from '@pressroom/platform';
import type { Registry } from 'prom-client';
import { isFile, workerAiCapabilities } from './ai/advertised.js';
import { createConfiguredDetector } from './ai/configured-detector.js';
import { createConfiguredProvider } from './ai/configured-provider.js';
import { createAiMetrics } from './ai/metrics.js';
import { createAiProcessor, storageAiCache } from './ai/processor.js';
import { createChromiumAnimator } from './animation/render-animation.js';
import type { BrowserSupervisor } from './browser/index.js';
import { chromiumCheck } from './browser/preflight.js';
import type { RenderWorkerConfig } from './config.js';
import { createEncoderPool } from './encode/index.js';
import { createPrintRenderer } from './print/print-renderer.js';
import { warmPages } from './static/index.js';
import { createChromiumRenderer } from './static/pipeline.js';
import { renderTaskList } from './tasks/index.js';
import { createRenderMetrics } from './tasks/metrics.js';
import { scheduleRetention } from './tasks/retention.js';

export interface RenderWorkerStart {
  config: RenderWorkerConfig;
  logger: Logger;
  metrics: Registry;
  /** Already launching Chromium. */
  supervisor: BrowserSupervisor;
  /** Process uptime when the launch began, and when every module was loaded. */
  launchStartedMs: number;
  modulesMs: number;
}

export async function startRenderWorker({
  config,
  logger,
  metrics,
  supervisor,
  launchStartedMs,
  modulesMs,
}: RenderWorkerStart): Promise<void> {
  const sinceStartMs = () => Math.round(process.uptime() * 1000);
  // Without a Chromium (or a writable DATA_DIR, or a reachable database) the worker exits here with
  // a sentence (exit code 78), before it takes a job; a failed warm-up is not reported then.
  const preflight = preflightOrExit('render-worker', [
    writableDirCheck(config.dataDir),
    databaseCheck(config.databaseUrl),
    chromiumCheck(),
  ]);
  // Pages warm while the database, storage and job runner start; jobs are taken as soon as the
  // runner is up and wait for a page if warm-up has not finished.
  void warmPages(supervisor, config.pagePoolSize, 30_000).then(
    () => logger.info({ sinceStartMs: sinceStartMs() }, 'page pool warm'),
    (err) => preflight.then(() => logger.warn({ err }, 'could not warm the page pool; pages open on first use')),
  );
  await preflight;
  const print = (() => {
    try {
      return createPrintRenderer(supervisor, { profilePath: config.printCmykProfile, pageTimeoutMs: config.printPageTimeoutMs });
    } catch (err) {
      logger.warn({ err }, 'print PDFs are not available on this worker');
      return null;
    }
  })();
  const encoder = createEncoderPool({ threads: config.encoderThreads });
  const [database, storage] = await Promise.all([
    connectDatabase(config, logger, 'pressroom-render-worker'),
    createStorage(config, { dataDir: config.dataDir, publicBaseUrl: config.publicBaseUrl ?? 'http://localhost:8080' }),
  ]);
  logger.info({ sinceStartMs: sinceStartMs() }, 'database connected');
  // Served first, so /ready says `starting` or `waiting_for_database` while the runtime waits for Postgres.
  let readiness = (): string => 'starting';
  const metricsServer = await serveMetrics(metrics, config.metricsPort, undefined, () => readiness());
  const advertised = workerAiCapabilities(config, isFile);
  if (advertised.missing.length > 0)
    logger.warn({ missing: advertised.missing }, 'AI model files not found: their operations are not advertised');
  const runtime = await startWorkerRuntime({
    role: 'render-worker',
    capabilities: advertiseCapabilities(advertised.ai),
    db: database.pool,
    taskList: renderTaskList({
      config,
      db: database.pool,
      storage,
      logger,
      metrics,
      renderMetrics: createRenderMetrics(metrics),
      designs: sqlDesignSource,
      render: createChromiumRenderer(supervisor, {
        timeoutMs: config.renderTimeoutMs,
        encoder,
        ai: createAiProcessor(config, {
          metrics: createAiMetrics(metrics),
          cache: storageAiCache(storage),
          logger,
          provider: createConfiguredProvider(config),
        }),
        focusDetector: createConfiguredDetector(config),
      }),
      animation: createChromiumAnimator(supervisor, {
        timeoutMs: config.animationPartTimeoutMs,
        ffmpegPath: resolveFfmpegPath(config.ffmpegPath),
      }),
      ...(print ? { print: print.render } : {}),
    }),
    concurrency: config.renderConcurrency,
    logger,
    metrics,
    pollIntervalMs: config.workerPollIntervalMs,
    heartbeatIntervalMs: config.workerHeartbeatIntervalMs,
    staleAfterMs: config.workerStaleAfterMs,
  });
  readiness = runtime.state;
  await scheduleRetention(runtime);

  // Stopped in reverse: jobs drain first (their renders need the browser, storage and database).
  installShutdown(
    [
      { name: 'database', stop: () => database.stop() },
      { name: 'storage', stop: () => storage.stop() },
      { name: 'browser', stop: () => supervisor.stop() },
      { name: 'encoder', stop: () => encoder.stop() },
      { name: 'metrics', stop: () => metricsServer.stop() },
      { name: 'jobs', stop: () => runtime.stop() },
    ],
    { logger, timeoutMs: config.shutdownTimeoutMs },
  );
  logger.info(
    { metricsPort: metricsServer.port, concurrency: config.renderConcurrency, launchStartedMs, modulesMs, sinceStartMs: sinceStartMs() },
    'render worker running',
  );
}
