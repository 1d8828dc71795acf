import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { chmod, chown, cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { databaseOptions } from '../config/common.js';
import { foldersClosedToOthers } from '../process/preflight.js';
import { adoptPostmaster, findRunningPostmaster, type Postmaster, platformPackage, startPostmaster } from './postmaster.js';

const run = promisify(execFile);

export interface EmbeddedDatabase {
  connectionString: string;
  /** True when this call started the server (and so `stop()` stops it). */
  started: boolean;
  /**
   * The server this process owns: started here, or found running on the data dir and adopted
   * (`adopt: true`). Null when a running server was only used (the admin CLI beside a farm).
   */
  postmaster: Postmaster | null;
  stop(): Promise<void>;
}

const USER = 'pressroom';
const PASSWORD = 'pressroom';
const DATABASE = 'pressroom';
const POSTGRES_FLAGS = ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'];
/** Where, as root, a data dir or binaries the postgres user cannot reach are placed instead. */
const DEFAULT_RUNTIME_DIR = databaseOptions.embeddedPgRuntimeDir.default ?? '/var/lib/pressroom';

export function embeddedConnectionString(port: number, database = DATABASE): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

export interface EmbeddedLayout {
  /** The Postgres data directory (`postmaster.pid` in it says whether and where it runs). */
  databaseDir: string;
  /** The folder with `postgres` and `initdb`. */
  binDir: string;
  /** Set when the package's binaries must first be copied to `binDir` (root, closed checkout). */
  copyBinariesFrom: string | null;
}

/**
 * Pure: where the embedded Postgres of `dataDir` lives. Normally `<dataDir>/postgres`, run from the
 * package's own binaries. As root, Postgres runs as the `postgres` user, which must enter every
 * folder on the way to its binaries and its data; a checkout under `/root` or in a `mktemp -d`
 * folder (mode 0700) closes that way. Then the part that cannot be reached moves under
 * `runtimeDir`: the binaries to a copy per package version, the data to a folder named by a digest
 * of `dataDir`, so every process given the same DATA_DIR finds the same server.
 */
export function planEmbeddedLayout(input: {
  dataDir: string;
  nativeDir: string;
  packageVersion: string;
  runningAsRoot: boolean;
  runtimeDir: string;
  closedFolders: (path: string) => string[];
}): EmbeddedLayout {
  const dataDir = resolve(input.dataDir);
  const ownDatabaseDir = join(dataDir, 'postgres');
  const ownBinDir = join(input.nativeDir, 'bin');
  if (!input.runningAsRoot) return { databaseDir: ownDatabaseDir, binDir: ownBinDir, copyBinariesFrom: null };
  // The data folder itself is opened up at start; the folders above it are not ours to change.
  const dataReachable = input.closedFolders(dirname(dataDir)).length === 0;
  const binReachable = input.closedFolders(input.nativeDir).length === 0;
  const digest = createHash('sha256').update(dataDir).digest('hex').slice(0, 12);
  return {
    databaseDir: dataReachable ? ownDatabaseDir : join(input.runtimeDir, `data-${digest}`),
    binDir: binReachable ? ownBinDir : join(input.runtimeDir, `postgres-${input.packageVersion}`, 'bin'),
    copyBinariesFrom: binReachable ? null : input.nativeDir,
  };
}

/** The layout on this machine (see `planEmbeddedLayout`). */
export async function embeddedLayout(dataDir: string, runtimeDir = DEFAULT_RUNTIME_DIR): Promise<EmbeddedLayout> {
  // The platform package exports its binaries' paths (`<package>/native/bin/postgres`).
  const { postgres } = (await import(platformPackage(process.platform, process.arch))) as { postgres: string };
  const nativeDir = dirname(dirname(postgres));
  const { version } = JSON.parse(await readFile(join(nativeDir, '..', 'package.json'), 'utf8')) as { version: string };
  const modeOf = (dir: string) => {
    try {
      return statSync(dir).mode;
    } catch {
      return undefined;
    }
  };
  return planEmbeddedLayout({
    dataDir,
    nativeDir,
    packageVersion: version,
    runningAsRoot: process.getuid?.() === 0,
    runtimeDir,
    closedFolders: (path) => foldersClosedToOthers(path, modeOf),
  });
}

/**
 * A real Postgres for DATA_DIR, for a fresh clone with no DATABASE_URL. A server already running
 * on the data dir (`postmaster.pid`) is used whatever port it listens on, so the admin CLI finds a
 * farm started with any EMBEDDED_PG_PORT; with `adopt`, this process also takes it over and stops
 * it with its own (the farm launcher). Otherwise the server is started here, on `port`.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  onLog?: (line: string) => void;
  adopt?: boolean;
  runtimeDir?: string;
}): Promise<EmbeddedDatabase> {
  const layout = await embeddedLayout(options.dataDir, options.runtimeDir);
  const running = await findRunningPostmaster(layout.databaseDir);
  if (running) {
    const postmaster = options.adopt ? adoptPostmaster(running) : null;
    return {
      connectionString: embeddedConnectionString(running.port),
      started: false,
      postmaster,
      stop: async () => postmaster?.stop(),
    };
  }
  const log = options.onLog ?? (() => undefined);
  const ids = process.getuid?.() === 0 ? await postgresUser() : null;
  await prepareFolders(options.dataDir, layout, ids);
  const fresh = !existsSync(join(layout.databaseDir, 'PG_VERSION'));
  if (fresh) await initdb(layout, ids, log);
  const postmaster = await startPostmaster({
    binDir: layout.binDir,
    databaseDir: layout.databaseDir,
    port: options.port,
    flags: POSTGRES_FLAGS,
    ids,
    onLog: log,
  });
  if (fresh) {
    const client = new pg.Client({ connectionString: embeddedConnectionString(options.port, 'postgres') });
    await client.connect();
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(DATABASE)}`);
    await client.end();
  }
  return { connectionString: embeddedConnectionString(options.port), started: true, postmaster, stop: () => postmaster.stop() };
}

/** As root: the `postgres` user (created when missing) that the server runs as. */
async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const ids = async () => ({
    uid: Number.parseInt((await run('id', ['-u', 'postgres'])).stdout, 10),
    gid: Number.parseInt((await run('id', ['-g', 'postgres'])).stdout, 10),
  });
  try {
    return await ids();
  } catch {
    await run('groupadd', ['-f', 'postgres']);
    await run('useradd', ['-g', 'postgres', '-M', '-s', '/usr/sbin/nologin', 'postgres']);
    return ids();
  }
}

async function prepareFolders(dataDir: string, layout: EmbeddedLayout, ids: { uid: number; gid: number } | null): Promise<void> {
  await mkdir(resolve(dataDir), { recursive: true });
  if (!ids) return;
  // The postgres user must enter DATA_DIR when the data lives there.
  await chmod(resolve(dataDir), 0o755);
  if (layout.copyBinariesFrom && !existsSync(join(layout.binDir, 'postgres'))) {
    const target = dirname(layout.binDir);
    const partial = `${target}.partial-${process.pid}`;
    await mkdir(dirname(target), { recursive: true, mode: 0o755 });
    await chmod(dirname(target), 0o755);
    // verbatimSymlinks: the library links (made by the package's postinstall) stay relative.
    await cp(layout.copyBinariesFrom, partial, { recursive: true, verbatimSymlinks: true });
    // Another process may have made the same copy meanwhile: then that one is used.
    await rename(partial, target).catch(async (err) => {
      await rm(partial, { recursive: true, force: true });
      if (!existsSync(join(layout.binDir, 'postgres'))) throw err;
    });
  }
  if (dirname(layout.databaseDir) !== resolve(dataDir)) {
    // Moved to the runtime dir: the server's user reads its password file there (initdb) and
    // enters it to reach its data, so a runtime dir made here is open like the binaries' one.
    await mkdir(dirname(layout.databaseDir), { recursive: true, mode: 0o755 });
    await chmod(dirname(layout.databaseDir), 0o755);
  }
  await mkdir(layout.databaseDir, { recursive: true, mode: 0o700 });
  await chown(layout.databaseDir, ids.uid, ids.gid);
}

async function initdb(layout: EmbeddedLayout, ids: { uid: number; gid: number } | null, log: (line: string) => void): Promise<void> {
  // The password file sits beside the data dir, where the server's user can read it.
  const pwfile = join(dirname(layout.databaseDir), `.pg-password-${process.pid}`);
  await writeFile(pwfile, `${PASSWORD}\n`, { mode: 0o600 });
  if (ids) await chown(pwfile, ids.uid, ids.gid);
  try {
    const { stdout, stderr } = await run(
      join(layout.binDir, 'initdb'),
      [
        `--pgdata=${layout.databaseDir}`,
        '--auth=scram-sha-256',
        `--username=${USER}`,
        `--pwfile=${pwfile}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      // cwd: a folder the server's user can enter (the checkout may be closed to it).
      { ...(ids ?? {}), cwd: dirname(layout.databaseDir), env: { ...process.env, LC_MESSAGES: 'C' } },
    ).catch((err: Error & { stderr?: string }) => {
      throw new Error(`initdb failed for ${layout.databaseDir}: ${err.stderr?.trim() || err.message}`);
    });
    for (const line of `${stdout}\n${stderr}`.split('\n').filter(Boolean)) log(line);
  } finally {
    await rm(pwfile, { force: true });
  }
}
