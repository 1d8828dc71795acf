// A render-worker process: config, database, storage, Chromium, the task list, metrics, one
// shutdown path. Entry files wire; everything here is built by factories the tests also build.

import { connectDatabase } from '@pressroom/shared/db/index';
import { sqlDesignSource } from '@pressroom/shared/generation/design-source';
import { createLogger } from '@pressroom/shared/logger';
import { resolveFfmpegPath } from '@pressroom/shared/media/index';
import { createMetricsRegistry, serveMetrics } from '@pressroom/shared/metrics/index';
import { databaseCheck, installShutdown, preflightOrExit, writableDirCheck } from '@pressroom/shared/process/index';
import { createStorage } from '@pressroom/shared/storage/index';
import { startWorkerRuntime } from '@pressroom/shared/worker/index';
import { createAiMetrics } from '../ai/metrics.js';
import { createLocalAiProcessor, storageAiCache } from '../ai/processor.js';
import { createChromiumAnimator } from '../animation/render-animation.js';
import { BrowserSupervisor, createBrowserMetrics, launchBrowser, profileRoot } from '../browser/index.js';
import { chromiumCheck } from '../browser/preflight.js';
import { loadRenderWorkerConfig } from '../config.js';
import { createEncoderPool } from '../encode/index.js';
import { createPrintRenderer } from '../print/print-renderer.js';
import { warmPages } from '../render/index.js';
import { renderTaskList } from '../tasks/index.js';
import { createRenderMetrics } from '../tasks/metrics.js';
import { createChromiumRenderer } from '../tasks/render-static.js';
import { scheduleRetention } from '../tasks/retention.js';

const config = loadRenderWorkerConfig();
const logger = createLogger('render-worker', config.logLevel, config.logFormat);
// Without a Chromium the worker exits here, before it takes a job (exit code 78).
await preflightOrExit('render-worker', [writableDirCheck(config.dataDir), databaseCheck(config.databaseUrl), chromiumCheck()]);
const metrics = createMetricsRegistry('render-worker');
// Cold start: Chromium's launch and page warm-up (the longest steps) run while the database,
// storage and job runner start; jobs are taken as soon as the runner is up and wait for a page.
const modulesMs = Math.round(process.uptime() * 1000);
const supervisor = new BrowserSupervisor({
  poolSize: config.pagePoolSize,
  recycleAfterRenders: config.recycleAfterRenders === 0 ? null : config.recycleAfterRenders,
  maxMemoryBytes: config.browserMaxMemoryMb === 0 ? null : config.browserMaxMemoryMb * 1024 * 1024,
  maxQueueLength: Math.max(16, config.renderConcurrency * 2),
  metrics: createBrowserMetrics(metrics),
  logger,
  launch: () => launchBrowser({ profileRoot: profileRoot(config.dataDir) }),
});
void warmPages(supervisor, config.pagePoolSize, 30_000).then(
  () => logger.info({ sinceStartMs: Math.round(process.uptime() * 1000) }, 'page pool warm'),
  (err) => logger.warn({ err }, 'could not warm the page pool; pages open on first use'),
);
const print = (() => {
  try {
    return createPrintRenderer(supervisor, { profilePath: config.printCmykProfile, pageTimeoutMs: config.printPageTimeoutMs });
  } catch (err) {
    logger.warn({ err }, 'print PDFs are not available on this worker');
    return null;
  }
})();
const database = await connectDatabase(config, logger, 'pressroom-render-worker');
const storage = await createStorage(config, { dataDir: config.dataDir, publicBaseUrl: config.publicBaseUrl ?? 'http://localhost:8080' });
const encoder = createEncoderPool({ threads: config.encoderThreads });
// Served first, so /ready says `starting` or `waiting_for_database` while the runtime waits for Postgres.
let readiness = (): string => 'starting';
const metricsServer = await serveMetrics(metrics, config.metricsPort, undefined, () => readiness());
const runtime = await startWorkerRuntime({
  role: 'render-worker',
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
      ai: createLocalAiProcessor(config, { metrics: createAiMetrics(metrics), cache: storageAiCache(storage), logger }),
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
  { metricsPort: metricsServer.port, concurrency: config.renderConcurrency, modulesMs, sinceStartMs: Math.round(process.uptime() * 1000) },
  'render worker running',
);
