import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@pressroom/platform/testing';

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
