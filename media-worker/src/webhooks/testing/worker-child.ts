/**
 * A media worker reduced to the webhook task, run as a separate process by the crash test so it
 * can be SIGKILLed mid-delivery. Configured the way a deployment is: from the environment, with
 * the test CA trusted through NODE_EXTRA_CA_CERTS (no test-only option).
 */
import { DELIVER_WEBHOOK_TASK } from '@pressroom/model';
import { createLogger, createMetricsRegistry, createPool, startWorkerRuntime } from '@pressroom/platform';
import { loadMediaWorkerConfig } from '../../config.js';
import { deliverWebhookTask } from '../deliver-task.js';

const config = loadMediaWorkerConfig();
const logger = createLogger('webhook-child', 'warn');
const db = createPool(config.databaseUrl!, { max: 4, logger });
const metrics = createMetricsRegistry('media-worker');
await startWorkerRuntime({
  role: 'media-worker',
  db,
  taskList: { [DELIVER_WEBHOOK_TASK]: deliverWebhookTask({ config, db, logger, metrics }) },
  concurrency: 2,
  logger,
  metrics,
  pollIntervalMs: 100,
  heartbeatIntervalMs: 200,
});
process.stdout.write('ready\n');
