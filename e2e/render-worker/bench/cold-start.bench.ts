// `npm run bench:cold-start` — where does a render worker's cold start go, and how long from
// spawning the process to its first finished job?
//
// Starts its own farm (embedded Postgres in a temp dir, a control plane, local storage), queues
// one async generation (one 1080×1080 format) while no render worker runs, then spawns a render
// worker as production runs it (the compiled entry, scripts/build.mjs; BENCH_SOURCES=1 runs the
// TypeScript sources through tsx instead, for comparison) and prints its stages, each from the
// spawn: Chromium's launch begun (after the few modules it needs), every module loaded, database connected, Chromium launched, the runner taking jobs, the page
// pool warm, the first job done (the worker's own log lines), and the Banner row seen in Postgres.
// Repeats BENCH_RUNS times (default 3; the first run also pays the OS's cold file cache).
// BENCH_CPU_PROFILE_DIR=<dir> has each worker write a V8 CPU profile of its start there.
// Prints figures and the load average; no pass/fail on timings: they depend on the machine and its load.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { api, descendantsOf, type FarmProcess } from '../tasks/testing/farm-processes.js';
import { withBenchFarm } from './bench-farm.js';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 3);
const compiled = process.env['BENCH_SOURCES'] !== '1';
/** BENCH_CPU_PROFILE_DIR=dir: each worker writes a V8 CPU profile there (open it in Chrome's DevTools). */
const profileDir = process.env['BENCH_CPU_PROFILE_DIR'];

/** The worker's cold-start log lines, in order, and the field each reports its time in. */
const STAGES = [
  { label: 'launch begun', msg: 'render worker running', field: 'launchStartedMs' },
  { label: 'modules loaded', msg: 'render worker running', field: 'modulesMs' },
  { label: 'database connected', msg: 'database connected', field: 'sinceStartMs' },
  { label: 'browser launched', msg: 'browser launched', field: 'sinceStartMs' },
  { label: 'taking jobs', msg: 'render worker running', field: 'sinceStartMs' },
  { label: 'pages warm', msg: 'page pool warm', field: 'sinceStartMs' },
  { label: 'first job done', msg: 'first job done', field: 'sinceStartMs' },
] as const;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
process.stdout.write(
  `render worker from ${compiled ? 'compiled JavaScript (dist/)' : 'TypeScript sources (tsx)'}; load average ${load()}\n`,
);
process.stdout.write(`node startup alone (node -e 0): ${timeNode(['-e', '0'])} ms\n`);
await withBenchFarm({ workers: 0, logLevel: 'info', compiled }, async ({ farm, pool, seed }) => {
  for (let run = 1; run <= RUNS; run++) {
    const res = await api(farm, seed.key, 'POST', `/async/banner-builder/${seed.designId}/generate`, {
      template_format_names: ['square'],
      image_file_type: 'jpeg',
    });
    const requestId = res.body.generation_request_id as string;
    const spawnedAt = Date.now();
    const worker = farm.addWorker(
      profileDir
        ? {
            env: { NODE_OPTIONS: `--require ${fileURLToPath(new URL('./cpu-profile.cjs', import.meta.url))}`, CPU_PROFILE_DIR: profileDir },
          }
        : {},
    );
    const stored = (await firstBanner(pool, requestId, worker)) - spawnedAt;
    // CPU time spent by then, which a loaded machine inflates far less than wall time: the worker's
    // own (main thread and encoder threads) and its Chromium's.
    const pid = worker.child.pid ?? 0;
    const cpu = `CPU worker ${cpuMs(pid)} ms, Chromium ${descendantsOf(pid).reduce((sum, child) => sum + cpuMs(child), 0)} ms`;
    // The worker logs "first job done" a moment after the row is visible; give it that moment.
    for (let i = 0; i < 100 && !logLine(worker, 'first job done'); i++) await new Promise((r) => setTimeout(r, 20));
    const stages = STAGES.map(({ label, msg, field }) => `${label} ${logLine(worker, msg)?.[field] ?? '?'}`);
    // The first job may be a maintenance job that was due, not the render: say which it was.
    stages.push(`(first job: ${logLine(worker, 'first job done')?.['task'] ?? '?'})`);
    process.stdout.write(`run ${run} (ms from start): ${stages.join(' | ')} | banner row seen ${stored} | ${cpu} | load ${load()}\n`);
    worker.child.kill('SIGTERM');
    await worker.exited;
  }
});

async function firstBanner(pool: pg.Pool, requestId: string, worker: FarmProcess): Promise<number> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { rows } = await pool.query('SELECT 1 FROM banners WHERE generation_request_id = $1', [requestId]);
    if (rows.length > 0) return Date.now();
    if (worker.child.exitCode !== null) throw new Error(`render worker exited:\n${worker.output()}`);
    if (Date.now() > deadline) throw new Error(`no banner within 120 s:\n${worker.output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function logLine(worker: FarmProcess, msg: string): Record<string, number> | undefined {
  for (const line of worker.output().split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as Record<string, unknown>;
      if (entry['msg'] === msg) return entry as Record<string, number>;
    } catch {
      // not a log line
    }
  }
  return undefined;
}

function timeNode(args: string[]): number {
  const t = performance.now();
  spawnSync(process.execPath, args);
  return Math.round(performance.now() - t);
}

/** User + system CPU time of one process so far, from /proc (Linux; 0 elsewhere or once it is gone). */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime in clock ticks of 10 ms
  } catch {
    return 0;
  }
}
