import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadExampleDocuments } from '@pressroom/platform';
import { freePort, until } from '@pressroom/platform/testing';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export { freePort };

export interface RunningFarm {
  baseUrl: string;
  apiKey: string;
  dataDir: string;
  process: ChildProcess;
  output(): string;
  /** Ctrl-C, as a person would; resolves with the exit code. */
  interrupt(): Promise<number | null>;
}

/**
 * Starts the farm exactly as the README's `npm start` does (the same runner and compiled entry),
 * on a data dir and ports of its own, and resolves once it printed its banner with the API key.
 */
export async function startFarm(
  options: { dataDir?: string; port?: number; pgPort?: number; env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<RunningFarm> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'pressroom-farm-')));
  const port = options.port ?? (await freePort());
  const pgPort = options.pgPort ?? (await freePort());
  const child = spawn(process.execPath, ['scripts/run.mjs', 'farm'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += String(d);
  });
  child.stderr?.on('data', (d) => {
    out += String(d);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // A hang guard, not a speed check: a fresh farm starts in seconds on a quiet machine and may
  // take minutes on a loaded one (docs/operations.md, "Tests on a loaded machine").
  const timeoutMs = options.timeoutMs ?? 170_000;
  const apiKey = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // A farm that never became ready must not outlive the test that started it.
      child.kill('SIGINT');
      reject(new Error(`farm printed no API key within ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const check = () => {
      const match = /API key:\s+(\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout?.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`farm exited with ${code} before it was ready:\n${out}`));
    });
  });
  return {
    baseUrl: `http://localhost:${port}`,
    apiKey,
    dataDir,
    process: child,
    output: () => out,
    interrupt: async () => {
      child.kill('SIGINT');
      return exited;
    },
  };
}

/** A child's stdout and stderr as one growing text, and its exit code once it has exited. */
function watch(child: ChildProcess): { output: () => string; exited: Promise<number | null> } {
  let out = '';
  const append = (d: unknown) => {
    out += String(d);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  return { output: () => out, exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))) };
}

/**
 * `fetch`, tried again after a 429 as a client should (the farm's default rate ceilings are a few
 * requests a second, and a test's checks between CLI runs can pass them, as the CLI's own calls
 * do and retry): waits the answer's `Retry-After` (1 s when absent), up to five times.
 */
export async function fetchPolitely(url: string, init?: RequestInit): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(url, init);
    if (res.status !== 429 || attempt >= 5) return res;
    await res.body?.cancel();
    const seconds = Number(res.headers.get('retry-after'));
    await new Promise((r) => setTimeout(r, (Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 5) : 1) * 1000));
  }
}

/** The demo designs are imported by a worker job after start; waits until `query` lists some. */
export async function waitForDesigns(
  farm: RunningFarm,
  query = 'type=static',
  timeoutMs = 90_000,
): Promise<{ id: string; name: string }[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${farm.baseUrl}/designs?${query}`, { headers: { 'x-api-key': farm.apiKey } });
    if (res.status === 200) {
      const designs = (await res.json()) as { id: string; name: string }[];
      if (designs.length > 0) return designs;
    }
    if (Date.now() > deadline) throw new Error(`no designs matching ${query} after ${timeoutMs} ms:\n${farm.output().slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

/**
 * Waits until the render worker has processed every demo import `npm start` queued (each example of
 * examples/designs, one also as a template). A test that counts designs waits for this first: the
 * imports land one by one.
 */
export async function waitForDemo(
  farm: Pick<RunningFarm, 'baseUrl' | 'apiKey' | 'output'>,
  timeoutMs = 90_000,
): Promise<{ designs: number; templates: number }> {
  const h = { 'x-api-key': farm.apiKey };
  const examples = loadExampleDocuments().length;
  let seen = { designs: 0, templates: 0 };
  return until(
    `the ${examples} demo designs and the template`,
    async () => {
      const designs = (await (await fetch(`${farm.baseUrl}/designs`, { headers: h })).json()) as unknown[];
      const templates = (await (await fetch(`${farm.baseUrl}/workspace-templates`, { headers: h })).json()) as unknown[];
      seen = { designs: designs.length, templates: templates.length };
      return seen.designs >= examples && seen.templates >= 1 && seen;
    },
    { timeoutMs, intervalMs: 1000, detail: () => `${seen.designs} designs, ${seen.templates} templates\n${farm.output()}` },
  );
}

/** Every process below `root` right now (pid → command), from one `ps` snapshot. */
export function descendants(root: number): Map<number, string> {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[3] ?? '' }));
  const found = new Map<number, string>();
  const queue = [root];
  while (queue.length > 0) {
    const parent = queue.shift();
    for (const row of rows)
      if (row.ppid === parent && !found.has(row.pid)) {
        found.set(row.pid, row.args);
        queue.push(row.pid);
      }
  }
  return found;
}

export const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export interface NpmFarm {
  npm: ChildProcess;
  dataDir: string;
  /** Where the API answers (the render line's origin). */
  baseUrl: string;
  apiKey: string;
  /** The render line of the banner (a sync generate URL of an example design). */
  renderUrl: string;
  output(): string;
  /** Resolves with npm's exit code once it has exited. */
  exited: Promise<number | null>;
  /** The embedded postmaster's pid, from its postmaster.pid. */
  postmaster(): Promise<number>;
  /** Last resort for afterAll: SIGKILL to npm's process group. */
  kill(): void;
}

/**
 * `npm start` exactly as a person types it, in a process group of its own (as a shell makes for a
 * job: a terminal's Ctrl-C is SIGINT to that group), resolved once the banner and its render
 * line are printed.
 */
export async function startNpmFarm(options: { env?: Record<string, string>; timeoutMs?: number } = {}): Promise<NpmFarm> {
  const dataDir = await mkdtemp(join(tmpdir(), 'pressroom-npm-farm-'));
  const npm = spawn('npm', ['start'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      EMBEDDED_PG_PORT: String(await freePort()),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const { output, exited } = watch(npm);
  // A hang guard, not a speed check (a loaded machine may take minutes to start a farm).
  const deadline = Date.now() + (options.timeoutMs ?? 170_000);
  let banner: RegExpExecArray | null = null;
  while (!banner) {
    if (Date.now() > deadline || npm.exitCode !== null) {
      if (npm.pid && npm.exitCode === null) process.kill(-npm.pid, 'SIGINT');
      throw new Error(`no banner:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 250));
    banner = /API key:\s+(\S+)[\s\S]*?(http:\/\/localhost:\d+\/banner-builder\/[0-9a-f-]+\/generate)/.exec(output());
  }
  return {
    npm,
    dataDir,
    baseUrl: new URL(banner[2] ?? '').origin,
    apiKey: banner[1] ?? '',
    renderUrl: banner[2] ?? '',
    output,
    exited,
    postmaster: async () => Number((await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]),
    kill: () => {
      if (npm.pid && npm.exitCode === null && alive(npm.pid)) process.kill(-npm.pid, 'SIGKILL');
    },
  };
}
