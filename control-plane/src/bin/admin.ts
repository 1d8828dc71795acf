// `npm run --silent admin -- <command>`: one JSON object on stdout, against the farm's database.
import { connectDatabase, createLogger, migrate } from '@pressroom/platform';
import { adminCommands } from '../admin/commands/index.js';
import { runAdmin } from '../admin/run.js';
import { loadControlPlaneConfig } from '../config.js';

const config = loadControlPlaneConfig();
const logger = createLogger('admin', 'silent');
let database: Awaited<ReturnType<typeof connectDatabase>> | undefined;
let exitCode = 1;
try {
  const result = await runAdmin(process.argv.slice(2), adminCommands, async () => {
    // Reuses the farm's embedded Postgres when it runs; starts it for the command when it does not.
    database = await connectDatabase(config, logger, 'pressroom-admin');
    await migrate(database.pool);
    return { db: database.pool, config };
  });
  process.stdout.write(`${JSON.stringify(result.output)}\n`);
  exitCode = result.exitCode;
} catch (err) {
  process.stdout.write(`${JSON.stringify({ error: { id: 'internal_error', message: (err as Error).message } })}\n`);
} finally {
  await database?.stop();
}
process.exit(exitCode);
