// The render worker's second start phase, imported by its entry (bin/worker.ts) once Chromium has
// been spawned: the config, puppeteer's connection to that Chromium, the preflight checks, the page
// warm-up, the database, storage, the encoder threads, the job runner, metrics and the one
// shutdown path.

import { randomUUID } from 'node:crypto';
import { advertiseCapabilities, BULK_JOB_FLAG, JOB_PRIORITY } from '@pressroom/model';
import {
  connectDatabase,
  createLogger,
  createMetricsRegistry,
  createStorage,
  databaseCheck,
  installShutdown,
  loadFontCatalogue,
  preflightOrExit,
  resolveFfmpegPath,
  serveMetrics,
  sqlDesignSource,
  startWorkerRuntime,
  storageCheck,
  writableDirCheck,
} from '@pressroom/platform';
import { isFile, workerAiCapabilities } from './ai/advertised.js';
import { createConfiguredDetector } from './ai/configured-detector.js';
import { createConfiguredProvider } from './ai/configured-provider.js';
import { createAiMetrics } from './ai/metrics.js';
import { createAiProcessor, storageAiCache } from './ai/processor.js';
import { createChromiumAnimator } from './animation/render-animation.js';
import { adoptingLauncher, BrowserSupervisor, type ChromiumProcess, createBrowserMetrics, profileRoot } from './browser/index.js';
import { chromiumCheck, spawnedChromiumCheck } from './browser/preflight.js';
import { loadRenderWorkerConfig } from './config.js';
import { createEncoderPool } from './encode/index.js';
import { createPrintRenderer } from './print/print-renderer.js';
import { renderWorkerForbiddenFlags } from './print/profile-routing.js';
import { startUnheldProfileSweep } from './print/unheld-sweep.js';
import { affinityForbiddenFlags } from './static/affinity.js';
import { bulkSlotLimit } from './static/bulk-slots.js';
import { warmPages } from './static/index.js';
import { InteractiveGate } from './static/interactive-gate.js';
import { createChromiumRenderer } from './static/pipeline.js';
import { workspaceFontSource } from './static/render-fonts.js';
import { WarmDesigns } from './static/warm-designs.js';
import { createWarmMetrics } from './static/warm-metrics.js';
import { renderTaskList } from './tasks/index.js';
import { createRenderMetrics } from './tasks/metrics.js';
import { scheduleRetention } from './tasks/retention.js';

export interface RenderWorkerStart {
  /** The Chromium spawned first thing (early-launch.ts); null when none is installed on the machine. */
  early: Promise<ChromiumProcess> | null;
  /** Process uptime when Chromium had been spawned, and when every module was loaded. */
  launchStartedMs: number;
  modulesMs: number;
}

export async function startRenderWorker({ early, launchStartedMs, modulesMs }: RenderWorkerStart): Promise<void> {
  const sinceStartMs = () => Math.round(process.uptime() * 1000);
  const config = loadRenderWorkerConfig();
  const logger = createLogger('render-worker', config.logLevel, config.logFormat);
  const metrics = createMetricsRegistry('render-worker');
  const supervisor = new BrowserSupervisor({
    poolSize: config.pagePoolSize,
    // A sync render (graphile-worker priority -10) may also lease the reserved pages.
    reservedPages: config.syncReservedPages,
    poolNiceness: config.pagePoolNiceness,
    urgentBelow: JOB_PRIORITY.async,
    browsers: config.browserCount,
    recycleAfterRenders: config.recycleAfterRenders === 0 ? null : config.recycleAfterRenders,
    maxMemoryBytes: config.browserMaxMemoryMb === 0 ? null : config.browserMaxMemoryMb * 1024 * 1024,
    maxQueueLength: Math.max(16, config.renderConcurrency * 2),
    metrics: createBrowserMetrics(metrics),
    logger,
    launch: adoptingLauncher(early, { profileRoot: profileRoot(config.dataDir) }),
  });
  // Connects to the early Chromium now; a failed launch is reported by the warm-up, after the
  // preflight checks have had their say.
  void supervisor.start().catch(() => undefined);
  // Without a Chromium (or a writable DATA_DIR, or a reachable database) the worker exits here with
  // a sentence (exit code 78), before it takes a job; a failed warm-up is not reported then.
  const preflight = preflightOrExit('render-worker', [
    writableDirCheck(config.dataDir),
    databaseCheck(config.databaseUrl, { required: config.requireExternalServices }),
    storageCheck(config),
    early ? spawnedChromiumCheck(early) : chromiumCheck(),
  ]);
  // Pages warm while the database, storage and job runner start; jobs are taken as soon as the
  // runner is up and wait for a page if warm-up has not finished.
  // With a sync render's priority, the warmers may open the pages reserved for sync renders too.
  void warmPages(supervisor, config.pagePoolSize + config.syncReservedPages, 30_000, JOB_PRIORITY.sync).then(
    () => logger.info({ sinceStartMs: sinceStartMs() }, 'page pool warm'),
    (err) => preflight.then(() => logger.warn({ err }, 'could not warm the page pool; pages open on first use')),
  );
  // Every render needs the font catalogue (read from the installed font packages, 100-200 ms of
  // CPU). Read it here, while the preflight's database handshake and Chromium's first pages are
  // under way on their own, rather than after the job runner has started, where the first job waited.
  loadFontCatalogue();
  await preflight;
  const print = (() => {
    try {
      return createPrintRenderer(supervisor, {
        profilePath: config.printCmykProfile,
        extraProfilePaths: (config.printCmykProfiles ?? '')
          .split(',')
          .map((p) => p.trim())
          .filter((p) => p !== ''),
        pageTimeoutMs: config.printPageTimeoutMs,
      });
    } catch (err) {
      logger.warn({ err }, 'print PDFs are not available on this worker');
      return null;
    }
  })();
  const encoder = createEncoderPool({ threads: config.encoderThreads });
  const gate = new InteractiveGate(config.bulkYieldMaxMs);
  const warm =
    config.warmDesigns === 0
      ? null
      : new WarmDesigns({
          maxDesigns: config.warmDesigns,
          maxBytes: config.warmDesignsMaxMb * 1024 * 1024,
          metrics: createWarmMetrics(metrics),
        });
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
  // A worker without a print renderer holds no profile: a print job it took would fail.
  const capabilities = advertiseCapabilities(advertised.ai, print?.colorProfiles ?? []);
  // This process's key in affine jobs' flags (docs/render-worker.md, "Affinity across workers").
  const warmKey = randomUUID().slice(0, 13);
  const affinity =
    warm === null
      ? null
      : affinityForbiddenFlags(database.pool, {
          ownKey: warmKey,
          holdMs: config.affinityHoldMs,
          staleAfterMs: config.workerStaleAfterMs,
          refreshMs: config.workerHeartbeatIntervalMs,
        });
  const runtime = await startWorkerRuntime({
    role: 'render-worker',
    capabilities: warm === null ? capabilities : () => ({ ...capabilities, warm: { key: warmKey, designs: warm.designIds() } }),
    // Print jobs naming a profile this worker does not hold are left to those that hold it.
    forbiddenFlags: renderWorkerForbiddenFlags(capabilities.print?.color_profiles ?? [], affinity),
    flagLimits: { [BULK_JOB_FLAG]: bulkSlotLimit(config.renderConcurrency, config.renderInteractiveSlots) },
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
        warm,
        gate,
      }),
      warm,
      gate,
      animation: createChromiumAnimator(supervisor, {
        timeoutMs: config.animationPartTimeoutMs,
        ffmpegPath: resolveFfmpegPath(config.ffmpegPath),
        compositor: config.animationCompositor,
      }),
      ...(print ? { print: print.render } : {}),
      fonts: workspaceFontSource({ db: database.pool, storage, dataDir: config.dataDir }),
    }),
    concurrency: config.renderConcurrency,
    logger,
    metrics,
    pollIntervalMs: config.workerPollIntervalMs,
    heartbeatIntervalMs: config.workerHeartbeatIntervalMs,
    staleAfterMs: config.workerStaleAfterMs,
    fencing: config.jobFencing,
  });
  readiness = runtime.state;
  await scheduleRetention(runtime);
  const unheldSweep = startUnheldProfileSweep({
    db: database.pool,
    storage,
    logger,
    metrics,
    waitMs: config.printProfileWaitMs,
    heartbeatMs: config.workerHeartbeatIntervalMs,
    staleAfterMs: config.workerStaleAfterMs,
  });

  // Stopped in reverse: jobs drain first (their renders need the browser, storage and database).
  installShutdown(
    [
      { name: 'database', stop: () => database.stop() },
      { name: 'storage', stop: () => storage.stop() },
      { name: 'browser', stop: () => supervisor.stop() },
      { name: 'encoder', stop: () => encoder.stop() },
      { name: 'metrics', stop: () => metricsServer.stop() },
      { name: 'jobs', stop: () => runtime.stop() },
      { name: 'print profile sweep', stop: () => unheldSweep.stop() },
    ],
    { logger, timeoutMs: config.shutdownTimeoutMs },
  );
  logger.info(
    { metricsPort: metricsServer.port, concurrency: config.renderConcurrency, launchStartedMs, modulesMs, sinceStartMs: sinceStartMs() },
    'render worker running',
  );
}
