// A media-worker process: config, database, storage, the task list, metrics, one shutdown path.
import {
  connectDatabase,
  createMetricsRegistry,
  createStorage,
  databaseCheck,
  installShutdown,
  serveMetrics,
  startProcess,
  startWorkerRuntime,
  storageCheck,
  writableDirCheck,
} from '@pressroom/platform';
import { createCompositePool } from '../animation/composite-pool.js';
import { loadMediaWorkerConfig } from '../config.js';
import { ffmpegCheck } from '../preflight.js';
import { mediaTaskList } from '../tasks/index.js';

const config = loadMediaWorkerConfig();
const logger = await startProcess('media-worker', config, [
  writableDirCheck(config.dataDir),
  databaseCheck(config.databaseUrl, { required: config.requireExternalServices }),
  storageCheck(config),
  ffmpegCheck(config.ffmpegPath),
]);
const metrics = createMetricsRegistry('media-worker');
const database = await connectDatabase(config, logger, 'pressroom-media-worker');
const storage = await createStorage(config, { dataDir: config.dataDir, publicBaseUrl: config.publicBaseUrl ?? 'http://localhost:8080' });
// Served first, so /ready says `starting` or `waiting_for_database` while the runtime waits for Postgres.
let readiness = (): string => 'starting';
const composites = createCompositePool({ threads: config.compositeThreads });
const metricsServer = await serveMetrics(metrics, config.metricsPort, undefined, () => readiness());
const runtime = await startWorkerRuntime({
  role: 'media-worker',
  db: database.pool,
  taskList: mediaTaskList({ config, db: database.pool, storage, logger, metrics, composites }),
  concurrency: config.mediaConcurrency,
  logger,
  metrics,
  staleAfterMs: config.workerStaleAfterMs,
  fencing: config.jobFencing,
});
readiness = runtime.state;

installShutdown(
  [
    { name: 'database', stop: () => database.stop() },
    { name: 'storage', stop: () => storage.stop() },
    { name: 'metrics', stop: () => metricsServer.stop() },
    { name: 'compositor threads', stop: () => composites.stop() },
    { name: 'jobs', stop: () => runtime.stop() },
  ],
  { logger, timeoutMs: config.shutdownTimeoutMs },
);
logger.info({ metricsPort: metricsServer.port }, 'media worker running');
