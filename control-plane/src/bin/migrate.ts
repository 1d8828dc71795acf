// Applies Pressroom's and graphile-worker's migrations, then exits.
import { connectDatabase, createLogger, migrate } from '@pressroom/platform';
import { loadControlPlaneConfig } from '../config.js';

const config = loadControlPlaneConfig();
const logger = createLogger('migrate', config.logLevel, config.logFormat);
const database = await connectDatabase(config, logger, 'pressroom-migrate');
try {
  const { applied } = await migrate(database.pool);
  logger.info({ applied }, 'migrations applied');
} finally {
  await database.stop();
}
