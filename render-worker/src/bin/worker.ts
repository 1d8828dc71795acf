// A render-worker process: config, database, storage, Chromium, the task list, metrics, one
// shutdown path. Entry files wire; everything here is built by factories the tests also build.
//
// Cold start (docs/operations.md, "Cold start of a render worker"): launching Chromium is the
// longest step, and loading the worker's modules the next. So this file imports only what the
// launch needs, starts it, and only then loads the rest (`worker-process.ts`, a separate chunk of
// the compiled build) while Chromium starts on the other core.
import { createLogger, createMetricsRegistry } from '@pressroom/platform';
import { BrowserSupervisor } from '../browser/browser-supervisor.js';
import { launchBrowser } from '../browser/launch-browser.js';
import { createBrowserMetrics } from '../browser/metrics.js';
import { profileRoot } from '../browser/profile-dirs.js';
import { loadRenderWorkerConfig } from '../config.js';

const sinceStartMs = () => Math.round(process.uptime() * 1000);
const config = loadRenderWorkerConfig();
const logger = createLogger('render-worker', config.logLevel, config.logFormat);
const metrics = createMetricsRegistry('render-worker');
const supervisor = new BrowserSupervisor({
  poolSize: config.pagePoolSize,
  recycleAfterRenders: config.recycleAfterRenders === 0 ? null : config.recycleAfterRenders,
  maxMemoryBytes: config.browserMaxMemoryMb === 0 ? null : config.browserMaxMemoryMb * 1024 * 1024,
  maxQueueLength: Math.max(16, config.renderConcurrency * 2),
  metrics: createBrowserMetrics(metrics),
  logger,
  launch: () => launchBrowser({ profileRoot: profileRoot(config.dataDir) }),
});
// A failed launch is reported by the warm-up, after the preflight checks have had their say.
void supervisor.start().catch(() => undefined);
const launchStartedMs = sinceStartMs();
const { startRenderWorker } = await import('../worker-process.js');
await startRenderWorker({ config, logger, metrics, supervisor, launchStartedMs, modulesMs: sinceStartMs() });
