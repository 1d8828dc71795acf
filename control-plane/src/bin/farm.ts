// `npm start`: the whole farm on one machine — embedded Postgres, migrations, the demo
// workspace, then the control plane, one render worker and one media worker as separate processes.
import { resolve } from 'node:path';
import { connectDatabase, migrate } from '@pressroom/shared/db/index';
import { createLogger } from '@pressroom/shared/logger';
import { installShutdown } from '@pressroom/shared/process/index';
import { createStorage } from '@pressroom/shared/storage/index';
import { loadControlPlaneConfig } from '../config.js';
import { ensureDemoWorkspace } from '../farm/bootstrap.js';
import { SupervisedChild } from '../farm/children.js';
import { ensureDemoDesigns } from '../farm/demo-designs.js';
import { waitForReady } from '../farm/ready.js';

const config = loadControlPlaneConfig();
const logger = createLogger('farm', config.logLevel);
const dataDir = resolve(config.dataDir);
const database = await connectDatabase({ ...config, dataDir, databasePoolSize: 2 }, logger, 'pressroom-farm');
await migrate(database.pool);
const { demo, created } = await ensureDemoWorkspace(database.pool, dataDir, {
  credits: config.creditsDefaultGrant,
  aiCredits: config.creditsDefaultAiGrant,
});
const demoStorage = await createStorage(config, { publicBaseUrl: config.publicBaseUrl ?? `http://localhost:${config.port}`, dataDir });
await ensureDemoDesigns(database.pool, demoStorage, demo.workspace_id, logger);
await demoStorage.stop();

const baseUrl = config.publicBaseUrl ?? `http://localhost:${config.port}`;
const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: database.url, DATA_DIR: dataDir, PUBLIC_BASE_URL: baseUrl };
const children = [
  new SupervisedChild({ role: 'control-plane', entry: 'control-plane/src/bin/server.ts', env }, logger),
  new SupervisedChild({ role: 'render-worker', entry: 'render-worker/src/bin/worker.ts', env }, logger),
  new SupervisedChild({ role: 'media-worker', entry: 'media-worker/src/bin/worker.ts', env }, logger),
];
for (const child of children) child.start();

// Roles stop together (each drains on its own SIGTERM); Postgres goes last. Should the deadline
// force the exit, no role may outlive the farm.
process.once('exit', () => {
  for (const child of children) child.kill();
});
installShutdown(
  [
    { name: 'database', stop: () => database.stop() },
    { name: 'roles', stop: () => Promise.all(children.map((c) => c.stop(config.shutdownTimeoutMs - 2_000))).then(() => undefined) },
  ],
  { logger, timeoutMs: config.shutdownTimeoutMs },
);

await waitForReady(`http://127.0.0.1:${config.port}/ready`, 60_000);
process.stdout.write(
  [
    '',
    `Pressroom is running${created ? ' (demo workspace created)' : ''}.`,
    `  Base URL:  ${baseUrl}`,
    `  API key:   ${demo.api_key}`,
    `  Try:       curl -s -X POST -H 'x-api-key: ${demo.api_key}' ${baseUrl}/auth`,
    '  Stop:      Ctrl-C',
    '',
    '',
  ].join('\n'),
);
