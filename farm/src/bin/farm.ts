// `npm start`: the whole farm on one machine — preflight, embedded Postgres, migrations, the demo
// workspace, then the control plane, one render worker and one media worker as separate processes.
import { resolve } from 'node:path';
import {
  connectDatabase,
  createPool,
  createPrettifier,
  createStorage,
  databaseCheck,
  embeddedConnectionString,
  freePortCheck,
  installShutdown,
  migrate,
  PREFLIGHT_EXIT_CODE,
  requireModuleCheck,
  resolveLogFormat,
  startEmbeddedPostgres,
  startProcess,
  WORKER_ALLOCATOR_ENV,
  writableDirCheck,
} from '@pressroom/platform';
import {
  bannerText,
  childLogLevel,
  ensureDemoDesigns,
  ensureDemoWorkspace,
  farewellText,
  loadFarmConfig,
  renderLineText,
  SupervisedChild,
  SupervisedPostgres,
  shouldRelay,
  waitForExampleDesign,
  waitForReady,
} from '../index.js';

const config = loadFarmConfig();
const dataDir = resolve(config.dataDir);
// Chromium and ffmpeg are checked by the roles that use them (one lookup each); a role that
// misses one exits with PREFLIGHT_EXIT_CODE and takes the farm down with its sentence. The Node
// check is the control plane's too, made here as well so an old Node stops before Postgres starts.
const logger = await startProcess(
  'farm',
  config,
  [requireModuleCheck(), writableDirCheck(dataDir), freePortCheck(config.port, config.host, 'PORT'), databaseCheck(config.databaseUrl)],
  'Pressroom',
);

// The roles run compiled. The farm does not build them: it is started by scripts/run.mjs (`npm
// start`), which rebuilds the process entries when a source changed before it loads this file.
// The embedded Postgres is the farm's own: restarted when it dies, stopped last (src/postgres.ts).
const postgres = config.databaseUrl
  ? null
  : new SupervisedPostgres({
      port: config.embeddedPgPort,
      firstDelayMs: config.embeddedPgRestartDelayMs,
      logger,
      start: async (port) => {
        const embedded = await startEmbeddedPostgres({
          dataDir,
          port,
          runtimeDir: config.embeddedPgRuntimeDir,
          adopt: true,
          onLog: (line) => logger.debug({ postgres: line }),
        });
        if (!embedded.postmaster) throw new Error('the embedded Postgres was neither started nor adopted');
        return embedded.postmaster;
      },
    });
// Should the deadline force the exit, Postgres still stops (it finishes its fast shutdown alone).
process.once('exit', () => postgres?.requestStop());
// Until the shutdown path below is installed (migrations, the demo workspace), a signal ends the
// start-up; a signal's default action would skip 'exit' handlers and leave Postgres running.
const STARTUP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const abortStartup = (signal: NodeJS.Signals) => {
  logger.info({ reason: signal }, 'stopped during start-up');
  // A running server is asked to stop and finishes that alone; one still starting is waited for.
  if (postgres?.pid === undefined && postgres) void postgres.stop().finally(() => process.exit(1));
  else process.exit(1);
};
for (const signal of STARTUP_SIGNALS) process.once(signal, abortStartup);
const database = postgres
  ? await (async () => {
      const server = await postgres.start();
      logger.info({ pid: server.pid, port: server.port }, 'embedded postgres running');
      const url = embeddedConnectionString(server.port);
      const pool = createPool(url, { max: 2, logger, applicationName: 'pressroom-farm' });
      const stop = async () => {
        await pool.end();
        await postgres.stop();
      };
      return { url, pool, stop };
    })()
  : await connectDatabase({ ...config, dataDir, databasePoolSize: 2 }, logger, 'pressroom-farm');
await migrate(database.pool);
const { demo, created } = await ensureDemoWorkspace(database.pool, dataDir, {
  credits: config.creditsDefaultGrant,
  aiCredits: config.creditsDefaultAiGrant,
});
const baseUrl = config.publicBaseUrl ?? `http://localhost:${config.port}`;
const demoStorage = await createStorage(config, { publicBaseUrl: baseUrl, dataDir });
await ensureDemoDesigns(database.pool, demoStorage, demo.workspace_id, logger);
await demoStorage.stop();

// The roles log JSON lines to a pipe; the farm prints them as they are, or readable on a terminal.
const pretty =
  resolveLogFormat(config.logFormat, process.stdout.isTTY === true) === 'pretty' ? createPrettifier({ colorize: true }) : undefined;
const onLine = (line: string) => {
  if (shouldRelay(line, config.logLevel)) process.stdout.write(pretty ? pretty(line) : `${line}\n`);
};
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_URL: database.url,
  DATA_DIR: dataDir,
  PUBLIC_BASE_URL: baseUrl,
  LOG_FORMAT: 'json',
  LOG_LEVEL: childLogLevel(config.logLevel),
};
let stopFarm: () => Promise<void> = async () => undefined;
const onGiveUp = () => void stopFarm().then(() => process.exit(PREFLIGHT_EXIT_CODE));
const children = [
  new SupervisedChild({ role: 'control-plane', env, onLine, onGiveUp, readyMessage: 'control plane listening' }, logger),
  // Two malloc arenas instead of glibc's 8 per core (WORKER_ALLOCATOR_ENV). An explicit setting wins.
  new SupervisedChild(
    { role: 'render-worker', env: { ...WORKER_ALLOCATOR_ENV, ...env }, onLine, onGiveUp, readyMessage: 'render worker running' },
    logger,
  ),
  new SupervisedChild({ role: 'media-worker', env, onLine, onGiveUp, readyMessage: 'media worker running' }, logger),
];
for (const child of children) child.start();

// Shutdown runs bottom-up: the control plane drains first (its in-flight sync renders still need
// the workers), then the workers finish their jobs, then Postgres stops last. Each role hears one
// SIGTERM. Should the deadline force the exit, no role may outlive the farm.
process.once('exit', () => {
  for (const child of children) child.kill();
});
const [controlPlane, ...workers] = children;
const roleTimeoutMs = Math.max(1_000, Math.floor((config.shutdownTimeoutMs - 2_000) / 2));
for (const signal of STARTUP_SIGNALS) process.off(signal, abortStartup);
stopFarm = installShutdown(
  [
    { name: 'database', stop: () => database.stop() },
    { name: 'farewell', stop: async () => void process.stdout.write(farewellText(demo.api_key)) },
    { name: 'workers', stop: () => Promise.all(workers.map((c) => c.stop(roleTimeoutMs))).then(() => undefined) },
    { name: 'control-plane', stop: () => controlPlane?.stop(roleTimeoutMs) ?? Promise.resolve() },
  ],
  { logger, timeoutMs: config.shutdownTimeoutMs },
);

await waitForReady(`http://127.0.0.1:${config.port}/ready`, 60_000);
await Promise.all(children.map((c) => c.ready));
// On a first run the examples are still being imported by the render worker: the render line
// follows the banner once one is ready.
const exampleDesignId = await waitForExampleDesign(database.pool, demo.workspace_id, 5_000);
process.stdout.write(bannerText({ baseUrl, apiKey: demo.api_key, createdWorkspace: created, exampleDesignId }));
if (!exampleDesignId) {
  const late = await waitForExampleDesign(database.pool, demo.workspace_id, 300_000);
  if (late) process.stdout.write(renderLineText({ baseUrl, apiKey: demo.api_key, exampleDesignId: late }));
}
