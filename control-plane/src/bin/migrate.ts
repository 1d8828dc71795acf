// Applies Pressroom's and graphile-worker's migrations, then exits.
import { connectDatabase, databaseCheck, migrate, startProcess } from '@pressroom/platform';
import { loadControlPlaneConfig } from '../config.js';

const config = loadControlPlaneConfig();
const logger = await startProcess('migrate', config, [databaseCheck(config.databaseUrl, { required: config.requireExternalServices })]);
const database = await connectDatabase(config, logger, 'pressroom-migrate');
try {
  const { applied } = await migrate(database.pool);
  logger.info({ applied }, 'migrations applied');
} finally {
  await database.stop();
}
