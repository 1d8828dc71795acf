// A Postgres server a single test owns, so it can restart and stop it under running processes.
// Debian's PostgreSQL 15 binaries, run as the `postgres` user when the test runs as root. Never
// the run's shared server (global setup): other test files are using that one.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './ports.js';

const BIN = process.env['PG15_BIN'] ?? '/usr/lib/postgresql/15/bin';

export interface OwnPostgres {
  /** The `pressroom` database on this server. */
  url: string;
  port: number;
  dir: string;
  /** `pg_ctl restart -m fast`: every connection is terminated with 57P01. */
  restart(): void;
  stop(): void;
  start(): void;
  /** Stops the server (immediate) and removes its folder. */
  destroy(): void;
}

export function ownPostgresAvailable(): boolean {
  return existsSync(join(BIN, 'pg_ctl'));
}

/** `settings`: extra server settings (`name=value`), after the defaults (a later one wins). */
export async function startOwnPostgres(options: { settings?: string[] } = {}): Promise<OwnPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'pressroom-own-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { uid, gid } = postgresUser();
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o755);
  const run = (cmd: string, args: string[]) => {
    const exe = join(BIN, cmd);
    execFileSync(asRoot ? 'runuser' : exe, asRoot ? ['-u', 'postgres', '--', exe, ...args] : args, { stdio: 'pipe', timeout: 60_000 });
  };
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'pressroom', '-A', 'trust', '--no-sync']);
  const ctl = (...args: string[]) =>
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'postgres.log'),
      '-w',
      '-o',
      [
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`,
        ...(options.settings ?? []).map((s) => `-c ${s}`),
      ].join(' '),
      ...args,
    ]);
  ctl('start');
  const admin = new pg.Client({ connectionString: `postgres://pressroom@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('CREATE DATABASE pressroom');
  await admin.end();
  let stopped = false;
  return {
    url: `postgres://pressroom@127.0.0.1:${port}/pressroom`,
    port,
    dir,
    restart: () => ctl('restart', '-m', 'fast'),
    stop: () => {
      ctl('stop', '-m', 'fast');
      stopped = true;
    },
    start: () => {
      ctl('start');
      stopped = false;
    },
    destroy: () => {
      if (!stopped) {
        try {
          ctl('stop', '-m', 'immediate');
        } catch {
          // already down
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postgresUser(): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}
