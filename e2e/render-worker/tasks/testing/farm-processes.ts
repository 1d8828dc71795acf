// Starts real farm processes for end-to-end tests: one control plane and N render workers as
// Starts real farm processes for end-to-end tests: one control plane and N render workers as
// child processes on a test database, sharing one data dir, or each with its own
// (`separateDataDirs`), as on separate machines that share only Postgres and a bucket. Tests run
// the roles from their TypeScript sources (`node --import tsx <source>`); benches run them
// compiled, as production does (`compiled: true`, scripts/build.mjs).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createProject } from '@pressroom/control-plane/services/projects';
import { createKey, createWorkspace } from '@pressroom/control-plane/services/workspaces';

import type { ObjectStorage } from '@pressroom/platform';
import { designAssetKey, parseExampleDocument, WORKER_ALLOCATOR_ENV, withTransaction } from '@pressroom/platform';
import { freePort } from '@pressroom/platform/testing';
import type pg from 'pg';
import sharp from 'sharp';
import { outputOf, sourceOf } from '../../../../farm/src/entries.mjs';
import { ensureBuilt } from '../../../../scripts/build.mjs';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export { freePort };

export interface FarmProcess {
  name: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

/** How a role runs: its TypeScript source through tsx, or its compiled JavaScript. */
function commandOf(role: string, compiled: boolean): string[] {
  return compiled ? [outputOf(role)] : ['--import', 'tsx', sourceOf(role)];
}

/** Options of one added process: extra environment, and a CPU to pin it to (`taskset -c`). */
export interface ProcessOptions {
  env?: Record<string, string>;
  cpu?: number;
}

function start(name: string, args: string[], env: Record<string, string>, cpu?: number): FarmProcess {
  const node = [process.execPath, ...args];
  // taskset execs node, so the child's pid is the process's own.
  const [command, ...rest] = cpu === undefined ? node : ['taskset', '-c', String(cpu), ...node];
  const child = spawn(command!, rest, {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += String(d);
  });
  child.stderr?.on('data', (d) => {
    out += String(d);
  });
  return { name, child, output: () => out, exited: new Promise((r) => child.once('exit', (code) => r(code))) };
}

export interface Farm {
  baseUrl: string;
  /** The control plane's data dir (every process's, unless `separateDataDirs`). */
  dataDir: string;
  /** Every data dir the farm made; `stop()` leaves them, the caller removes them. */
  dataDirs: string[];
  controlPlane: FarmProcess;
  /**
   * kill -9 of the control plane, then a new one on the same port and data dir, as a supervisor
   * restarts it; resolves once it answers /ready (and `controlPlane` is the new one).
   */
  restartControlPlane(): Promise<FarmProcess>;
  workers: FarmProcess[];
  /** Adds a render worker (same env, plus `options.env`; its own data dir with `separateDataDirs`). */
  addWorker(options?: ProcessOptions): FarmProcess;
  /** Media-worker processes (ffmpeg, zips, webhooks). */
  mediaWorkers: FarmProcess[];
  /** Adds a media worker (same env). */
  addMediaWorker(): FarmProcess;
  stop(): Promise<void>;
}

export async function startFarm(options: {
  databaseUrl: string;
  workers: number;
  mediaWorkers?: number;
  env?: Record<string, string>;
  /** Run the roles' compiled entries (rebuilt first when stale), as production does. Default: sources. */
  compiled?: boolean;
  /**
   * Each process gets its own DATA_DIR, as on machines that share only DATABASE_URL and the object
   * store: pass S3 settings in `env`, since local storage on separate dirs cannot serve files.
   */
  separateDataDirs?: boolean;
  /** How long the control plane may take to answer /ready (default 60 s). */
  readyTimeoutMs?: number;
}): Promise<Farm> {
  const compiled = options.compiled ?? false;
  if (compiled) await ensureBuilt();
  const dataDir = await mkdtemp(join(tmpdir(), 'pressroom-e2e-'));
  const dataDirs = [dataDir];
  // Synchronous, so adding a process stays synchronous.
  const ownDataDir = (): Record<string, string> => {
    if (!options.separateDataDirs) return {};
    const dir = mkdtempSync(join(tmpdir(), 'pressroom-e2e-'));
    dataDirs.push(dir);
    return { DATA_DIR: dir };
  };
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: dataDir,
    PUBLIC_BASE_URL: baseUrl,
    RATE_LIMIT_GLOBAL_PER_SECOND: '1000',
    RATE_LIMIT_POLLING_PER_MINUTE: '100000',
    RATE_LIMIT_READ_PER_MINUTE: '100000',
    WORKER_POLL_INTERVAL_MS: '500',
    SHUTDOWN_TIMEOUT_MS: '5000',
    ...options.env,
  };
  const startControlPlane = () =>
    start('control-plane', commandOf('control-plane', compiled), { ...env, PORT: String(port), HOST: '127.0.0.1' });
  const controlPlane = startControlPlane();
  const workers: FarmProcess[] = [];
  const addWorker = (extra: ProcessOptions = {}) => {
    const w = start(
      `render-worker-${workers.length + 1}`,
      commandOf('render-worker', compiled),
      // As the launcher and the manifests start it (WORKER_ALLOCATOR_ENV), unless the test says otherwise.
      { ...WORKER_ALLOCATOR_ENV, ...env, ...ownDataDir(), ...extra.env },
      extra.cpu,
    );
    workers.push(w);
    return w;
  };
  const mediaWorkers: FarmProcess[] = [];
  const addMediaWorker = () => {
    const w = start(`media-worker-${mediaWorkers.length + 1}`, commandOf('media-worker', compiled), { ...env, ...ownDataDir() });
    mediaWorkers.push(w);
    return w;
  };
  // The control plane migrates; workers start once it answers.
  await waitForReady(baseUrl, controlPlane, options.readyTimeoutMs ?? 60_000);
  for (let i = 0; i < options.workers; i++) addWorker();
  for (let i = 0; i < (options.mediaWorkers ?? 0); i++) addMediaWorker();
  const farm: Farm = {
    baseUrl,
    dataDir,
    dataDirs,
    controlPlane,
    async restartControlPlane() {
      killTree(farm.controlPlane);
      await farm.controlPlane.exited;
      farm.controlPlane = startControlPlane();
      await waitForReady(baseUrl, farm.controlPlane, options.readyTimeoutMs ?? 60_000);
      return farm.controlPlane;
    },
    workers,
    addWorker,
    mediaWorkers,
    addMediaWorker,
    async stop() {
      const all = [farm.controlPlane, ...workers, ...mediaWorkers].filter((p) => p.child.exitCode === null && p.child.signalCode === null);
      for (const p of all) p.child.kill('SIGTERM');
      await Promise.race([Promise.all(all.map((p) => p.exited)), new Promise((r) => setTimeout(r, 8000))]);
      for (const p of all) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    },
  };
  return farm;
}

async function waitForReady(baseUrl: string, cp: FarmProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (cp.child.exitCode !== null) throw new Error(`control plane exited:\n${cp.output()}`);
    try {
      if ((await fetch(`${baseUrl}/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`control plane not ready in ${timeoutMs / 1000} s:\n${cp.output()}`);
}

/** Resolves once `n` live render-worker processes beat in the heartbeat table. */
export async function waitForWorkers(db: pg.Pool, farm: Farm, n: number, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pids = farm.workers.filter((w) => w.child.exitCode === null && w.child.signalCode === null).map((w) => w.child.pid);
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(DISTINCT pid)::int AS n FROM worker_heartbeats WHERE role = 'render-worker' AND pid = ANY($1::int[])`,
      [pids],
    );
    if (rows[0]!.n >= n) return;
    if (Date.now() > deadline) throw new Error(`render workers not up in time:\n${farm.workers.map((w) => w.output()).join('\n')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Writes every process's output to a file (kept after the run, for failure analysis). */
export async function dumpOutputs(farm: Farm, file: string): Promise<void> {
  const { writeFile } = await import('node:fs/promises');
  await writeFile(
    file,
    [farm.controlPlane, ...farm.workers, ...farm.mediaWorkers].map((p) => `===== ${p.name} (pid ${p.child.pid})\n${p.output()}`).join('\n'),
  );
}

/**
 * The farm's warning and error log lines (pino level 40 and up), every process, for an assertion
 * message: when a file fails, the reason the workers gave is in the test's output, not only in a
 * log file that a CI run throws away.
 */
export function farmWarnings(farm: Farm, max = 40): string {
  const lines = [farm.controlPlane, ...farm.workers, ...farm.mediaWorkers].flatMap((p) =>
    p
      .output()
      .split('\n')
      .filter((line) => /"level":\s*(4|5|6)0\b/.test(line))
      .map((line) => `${p.name}: ${line.slice(0, 600)}`),
  );
  return lines.slice(-max).join('\n');
}

/**
 * An image server for killed-worker tests: the FIRST request for a `/hang/` path never answers
 * (a render stuck mid-job, on the worker about to be killed); every other request gets `png`.
 * `requests` records each path's request times, so a second one marks the job running again.
 */
export async function hangingImageServer(png?: Buffer): Promise<{ port: number; requests: Map<string, number[]>; close(): void }> {
  const image =
    png ??
    (await sharp({ create: { width: 64, height: 64, channels: 3, background: '#22aa66' } })
      .png()
      .toBuffer());
  const requests = new Map<string, number[]>();
  const server = createServer((req, res) => {
    const path = req.url ?? '';
    const seen = requests.get(path) ?? [];
    seen.push(Date.now());
    requests.set(path, seen);
    if (path.startsWith('/hang/') && seen.length === 1) return;
    res.setHeader('content-type', 'image/png');
    res.end(image);
  });
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return {
    port,
    requests,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** The pid of the render worker whose pool holds a job of this generation request, if one does. */
export async function jobHolderPid(db: pg.Pool, generationRequestId: string): Promise<number | undefined> {
  const { rows } = await db.query<{ pid: number }>(
    `SELECT h.pid FROM graphile_worker._private_jobs j JOIN worker_heartbeats h ON h.worker_id = j.locked_by
      WHERE j.locked_by IS NOT NULL AND j.payload->>'generation_request_id' = $1`,
    [generationRequestId],
  );
  return rows[0]?.pid;
}

/** kill -9 of a farm process and of its descendants (Chromium), as a crash of the machine would. */
export function killTree(p: FarmProcess): void {
  const orphans = p.child.pid ? descendantsOf(p.child.pid) : [];
  p.child.kill('SIGKILL');
  for (const pid of orphans) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** Pids of a process's descendants (Chromium and its helpers under a render worker). */
export function descendantsOf(pid: number): number[] {
  const table = execFileSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number) as [number, number]);
  const out: number[] = [];
  const walk = (p: number) => {
    for (const [child, parent] of table) {
      if (parent === p) {
        out.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return out;
}

/**
 * A workspace with a key, a project, and one example design stored as the design model stores it.
 * With `storage`, the example's `file:` assets are uploaded and pointed at (`storage:<key>`), as
 * the importer does, so images render; without, those layers are drawn without their image.
 */
export async function seedExample(
  db: pg.Pool,
  file: string,
  storage?: ObjectStorage,
): Promise<{ key: string; workspaceId: string; designId: string; formats: string[] }> {
  const ws = await createWorkspace(db, { name: 'E2E', plan: 'pro', credits: 10_000, aiCredits: 0 });
  const key = await createKey(db, ws.id);
  const project = (await createProject(db, ws.id, 'E2E'))!;
  const parsed = parseExampleDocument(JSON.parse(await readFile(join(ROOT, 'examples/designs', file), 'utf8')));
  if (!parsed.ok) throw new Error(`${file} does not parse`);
  const design = parsed.design;
  const formats = 'formats' in design ? design.formats : [];
  const id = randomUUID();
  if (storage) {
    for (const [name, asset] of Object.entries(design.assets)) {
      if (!asset.src.startsWith('file:')) continue;
      const key = designAssetKey(ws.id, id, name);
      await storage.put(key, await readFile(join(ROOT, 'examples/designs', asset.src.slice(5))), {
        contentType: asset.content_type ?? 'application/octet-stream',
      });
      asset.src = `storage:${key}`;
    }
  }
  const designId = await withTransaction(db, async (tx) => {
    const row = await tx.query<{ id: string }>(
      'INSERT INTO designs (id, workspace_id, project_id, type, name, document) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
      [id, ws.id, project.id, design.type, design.name, JSON.stringify(design)],
    );
    for (const [position, f] of formats.entries()) {
      await tx.query('INSERT INTO design_formats (design_id, name, position, width, height, unit) VALUES ($1, $2, $3, $4, $5, $6)', [
        row.rows[0]!.id,
        f.name,
        position,
        f.width,
        f.height,
        f.unit,
      ]);
    }
    return row.rows[0]!.id;
  });
  return { key, workspaceId: ws.id, designId, formats: formats.map((f) => f.name) };
}

/** A response body as tests read it: loosely, asserting on shape with expect. */
// biome-ignore lint/suspicious/noExplicitAny: test code reads JSON bodies loosely and asserts on them
export type Json = any;

export async function api(farm: Pick<Farm, 'baseUrl'>, key: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${farm.baseUrl}${path}`, {
    method,
    headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, Json> };
}

export async function waitFinal(farm: Pick<Farm, 'baseUrl'>, key: string, id: string, timeoutMs: number): Promise<Record<string, Json>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await api(farm, key, 'GET', `/generation-request/${id}`);
    if (res.status === 200) return res.body;
    if (res.status !== 202) throw new Error(`poll answered ${res.status}: ${JSON.stringify(res.body)}`);
    if (Date.now() > deadline) throw new Error(`generation request ${id} not final within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Creates an import with nothing to upload (it is queued at once, with no PUT) and waits for it to
 * end; throws unless it is DONE. Returns the new design's id.
 */
export async function importToDone(farm: Pick<Farm, 'baseUrl'>, key: string, payload: unknown, timeoutMs = 120_000): Promise<string> {
  const created = await api(farm, key, 'POST', '/designs/import/json', payload);
  if (created.status !== 200 || created.body.status !== 'QUEUED') throw new Error(`import not queued: ${JSON.stringify(created.body)}`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const record = (await api(farm, key, 'GET', `/designs/import/json/${created.body.id}`)).body;
    if (record.status === 'DONE') return record.result.uuid;
    if (record.status === 'FAILED' || Date.now() > deadline) throw new Error(`import did not end DONE: ${JSON.stringify(record)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
