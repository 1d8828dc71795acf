// The control plane process: config, database, migrations, app, listen, one shutdown path.
import {
  connectDatabase,
  createMetricsRegistry,
  createStorage,
  databaseCheck,
  freePortCheck,
  installShutdown,
  migrate,
  requireModuleCheck,
  startProcess,
  startQueueJobsGauge,
  storageCheck,
  writableDirCheck,
} from '@pressroom/platform';
import { buildApp } from '../app.js';
import { loadControlPlaneConfig } from '../config.js';
import { drainAndClose } from '../plugins/drain.js';
import { sweepDynamicImageCounters } from '../services/dynamic-images/resource.js';
import { sweepRateLimitWindows } from '../services/rate-limits.js';

const config = loadControlPlaneConfig();
const logger = await startProcess('control-plane', config, [
  writableDirCheck(config.dataDir),
  freePortCheck(config.port, config.host, 'PORT'),
  databaseCheck(config.databaseUrl, { required: config.requireExternalServices }),
  storageCheck(config),
  requireModuleCheck(),
]);
const database = await connectDatabase(config, logger, 'pressroom-control-plane');
await migrate(database.pool);
const publicBaseUrl = config.publicBaseUrl ?? `http://localhost:${config.port}`;
const storage = await createStorage(config, { publicBaseUrl, dataDir: config.dataDir });
const metrics = createMetricsRegistry('control-plane');
const app = await buildApp({ config, db: database.pool, logger, metrics, publicBaseUrl, storage });
const queueJobs = startQueueJobsGauge({
  db: database.pool,
  registry: metrics,
  intervalMs: config.queueMetricsIntervalMs,
  onError: (err) => logger.warn({ err }, 'queue job counts not read'),
});
const sweep = setInterval(() => {
  void sweepRateLimitWindows(database.pool).catch((err) => logger.warn({ err }, 'rate-limit sweep failed'));
  void sweepDynamicImageCounters(database.pool).catch((err) => logger.warn({ err }, 'dynamic image counter sweep failed'));
}, 5 * 60_000);
sweep.unref();

installShutdown(
  [
    { name: 'database', stop: () => database.stop() },
    { name: 'storage', stop: () => storage.stop() },
    { name: 'http', stop: () => drainAndClose(app) },
    { name: 'queue metrics', stop: async () => queueJobs.stop() },
  ],
  { logger, timeoutMs: config.shutdownTimeoutMs },
);

await app.listen({ port: config.port, host: config.host });
logger.info({ url: publicBaseUrl }, 'control plane listening');
