// `npm run bench:bulk` — does a bulk run (docs/bulk.md) keep the farm as busy as direct renders
// do, do sync renders of another workspace stay fast while it goes, and does no process's memory
// grow with the run?
//
// Starts its own farm (embedded Postgres, a control plane, one render worker and one media
// worker, compiled, local storage), seeds the example static design in two workspaces, and
// prints, beside the machine's load averages (the machine may be shared with other work):
//   1. one render worker's throughput as `bench:render` measures it (sync renders of the example
//      1080² JPEG at concurrency 8), measured in this same run;
//   2. the sync render p99 of the other workspace, unloaded (BENCH_SERIAL serial renders, 100);
//   3. a bulk run of BENCH_BULK_ROWS rows × 1 format (default 10,000), its rows per second against
//      (1) (goal ≥ 85 %), the other workspace's sync p99 while it goes (goal ≤ 2× unloaded), and
//      each process's resident memory, idle against its peak during the run (goal ≤ 150 MB above),
//      and where the CPU went while it ran (each process, the render worker's main thread and its
//      Chromium apart, Postgres), with the sync latencies' spread;
//   4. the runner's own cost (`pumpBulkRun`, docs/bulk.md "Running"): with the workers stopped,
//      one step that starts n rows (BENCH_PUMP_ROWS, default 1, 32 and 128; 32 is BULK_WINDOW's
//      default) of a fresh run, run here on a pool that counts the statements its clients send:
//      statements and milliseconds per step (median of BENCH_PUMP_REPEAT, 5), and per row started.
// No pass/fail: the figures depend on the machine and its load.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { pumpBulkRun, setCredits } from '@pressroom/platform';
import { countingPool } from '@pressroom/platform/testing';
import type pg from 'pg';
import { api, type Farm, type FarmProcess, seedExample } from '../tasks/testing/farm-processes.js';
import { withBenchFarm } from './bench-farm.js';

const THROUGHPUT = Number(process.env['BENCH_THROUGHPUT'] ?? 60);
// 100 serial renders: the p99 of 30 was their slowest, and the ratio it anchors swung with it.
const UNLOADED = Number(process.env['BENCH_SERIAL'] ?? 100);
const ROWS = Number(process.env['BENCH_BULK_ROWS'] ?? 10_000);
const PUMP_ROWS = (process.env['BENCH_PUMP_ROWS'] ?? '1,32,128').split(',').map(Number);
const PUMP_REPEAT = Number(process.env['BENCH_PUMP_REPEAT'] ?? 5);
const GOALS = { throughputRatio: 0.85, p99Ratio: 2, memoryMb: 150 };

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
process.stdout.write(`load average at start: ${load()} (${process.env['BENCH_NOTE'] ?? 'machine shared with other work'})\n`);

function percentile(ms: number[], q: number): number {
  const sorted = [...ms].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}

/**
 * Memory of a process, in MB: `own`, its resident set (VmRSS); `tree`, the proportional set size
 * (Pss) of it and its descendants (the render worker's Chromium). Pss divides each shared page
 * among the processes that map it: a sum of RSS counts Chromium's shared pages once per process.
 */
/** Every descendant of a process (the children of its main thread, which spawns them all here). */
function descendants(pid: number): number[] {
  try {
    const kids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    return kids.flatMap((k) => [k, ...descendants(k)]);
  } catch {
    return [];
  }
}

/** utime + stime (+ reaped children's, with `children`) of /proc/<path>/stat, in seconds. */
function statCpuSeconds(path: string, children: boolean): number {
  try {
    const fields = readFileSync(`/proc/${path}/stat`, 'utf8').split(') ')[1]!.split(' ').map(Number);
    // After "pid (comm) ": state is fields[0]; utime, stime, cutime, cstime are fields[11..14].
    const ticks = fields[11]! + fields[12]! + (children ? fields[13]! + fields[14]! : 0);
    return ticks / 100;
  } catch {
    return 0; // gone
  }
}

/**
 * CPU seconds used so far: `main`, a process's main thread; `own`, all its threads; `tree`, it and
 * its descendants, those already ended and reaped included (Chromium's recycled browsers).
 */
function cpuSeconds(pid: number): { main: number; own: number; tree: number } {
  const tree = [pid, ...descendants(pid)].reduce((sum, p) => sum + statCpuSeconds(String(p), true), 0);
  return { main: statCpuSeconds(`${pid}/task/${pid}`, false), own: statCpuSeconds(String(pid), false), tree };
}

function memoryMb(pid: number): { own: number; tree: number } {
  const children = descendants;
  const field = (path: string, name: string) => {
    try {
      return Number(new RegExp(`${name}:\\s+(\\d+)`).exec(readFileSync(path, 'utf8'))?.[1] ?? 0);
    } catch {
      return 0; // gone
    }
  };
  const own = field(`/proc/${pid}/status`, 'VmRSS');
  let tree = 0;
  for (const p of [pid, ...children(pid)]) tree += field(`/proc/${p}/smaps_rollup`, 'Pss');
  return { own: own / 1024, tree: tree / 1024 };
}

await withBenchFarm({ workers: 1, logLevel: process.env['LOG_LEVEL'] ?? 'error', compiled: true }, async ({ farm, pool, seed }) => {
  farm.addMediaWorker();
  const other = await seedExample(pool, 'static-summer-sale.json');
  const sync = async (target: { key: string; designId: string }) => {
    const t = performance.now();
    const res = await api(farm, target.key, 'POST', `/banner-builder/${target.designId}/generate`, {
      template_format_name: 'square',
      image_file_type: 'jpeg',
      elements: { headline: { payload: `Sync ${Math.random().toString(36).slice(2, 8)}` } },
    });
    return { ms: performance.now() - t, ok: res.status === 200 };
  };
  const batch = async (n: number, concurrency: number, target: { key: string; designId: string }) => {
    const latencies: number[] = [];
    let failed = 0;
    let next = 0;
    const t = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < n) {
          next++;
          const r = await sync(target);
          latencies.push(r.ms);
          if (!r.ok) failed++;
        }
      }),
    );
    return { latencies, failed, seconds: (performance.now() - t) / 1000 };
  };
  await batch(6, 2, seed);
  await batch(6, 2, other);

  // 1. bench:render's one-worker throughput, in this run.
  const one = await batch(THROUGHPUT, 8, seed);
  const imagesPerSecond = (THROUGHPUT - one.failed) / one.seconds;
  process.stdout.write(
    `throughput, 1 render worker, concurrency 8 (bench:render's measure): ${imagesPerSecond.toFixed(2)} images/s (load ${load()})\n`,
  );

  // 2. The other workspace's sync renders, unloaded.
  const unloaded = await batch(UNLOADED, 1, other);
  const unloadedP99 = percentile(unloaded.latencies, 0.99);
  process.stdout.write(
    `sync renders of another workspace, unloaded: p50 ${percentile(unloaded.latencies, 0.5).toFixed(0)} ms, p99 ${unloadedP99.toFixed(0)} ms (n=${UNLOADED}, load ${load()})\n`,
  );

  // 3. The bulk run, with the other workspace's sync renders and every process's memory beside it.
  const processes: FarmProcess[] = [farm.controlPlane, ...farm.workers, ...farm.mediaWorkers];
  const idle = new Map(processes.map((p) => [p.name, memoryMb(p.child.pid!)]));
  // Postgres is this process's own child (the bench farm's embedded database); the roles are the farm's.
  const farmPids = new Set(processes.map((p) => p.child.pid!));
  const postgresPids = () =>
    readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number)
      .filter((p) => p > 0 && !farmPids.has(p));
  const cpuNow = () => ({
    roles: new Map(processes.map((p) => [p.name, cpuSeconds(p.child.pid!)])),
    postgres: postgresPids().reduce((sum, p) => sum + cpuSeconds(p).tree, 0),
    bench: cpuSeconds(process.pid).own,
  });
  const cpuBefore = cpuNow();
  const peak = new Map([...idle].map(([name, m]) => [name, { ...m }]));
  // The run's credits, whatever the throughput measure spent (a 10,000-row run needs them all).
  await setCredits(pool, seed.workspaceId, 'generation', ROWS + 100);
  const lines = ['headline.payload,_file_name'];
  for (let i = 0; i < ROWS; i++) lines.push(`Row ${i},bench-${i}`);
  const csv = Buffer.from(lines.join('\n')).toString('base64');
  const started = performance.now();
  const created = await api(farm, seed.key, 'POST', `/designs/${seed.designId}/bulk-runs`, {
    source: { type: 'csv', csv_encoded: csv },
    formats: ['square'],
    image_file_type: 'jpeg',
  });
  if (created.status !== 202) throw new Error(`the bulk run was refused: ${JSON.stringify(created.body)}`);
  const runId = String(created.body.id);
  process.stdout.write(`bulk run ${runId}: ${ROWS} rows × 1 format accepted in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  const loadedLatencies: number[] = [];
  const runStarted = performance.now();
  let rowsEnded = 0;
  let rowsSeconds = Number.NaN;
  let stop = false;
  const sampler = setInterval(() => {
    for (const p of processes) {
      const now = memoryMb(p.child.pid!);
      const top = peak.get(p.name)!;
      top.own = Math.max(top.own, now.own);
      top.tree = Math.max(top.tree, now.tree);
    }
  }, 500);
  const syncLoop = (async () => {
    while (!stop) {
      const r = await sync(other);
      if (!stop) loadedLatencies.push(r.ms);
      await new Promise((res) => setTimeout(res, 200));
    }
  })();
  let lastReport = 0;
  for (;;) {
    const { rows } = await pool.query<{ ended: number }>(
      `SELECT count(*) FILTER (WHERE status IN ('done', 'failed', 'cancelled'))::int AS ended FROM bulk_rows WHERE run_id = $1`,
      [runId],
    );
    rowsEnded = rows[0]!.ended;
    if (rowsEnded >= ROWS) {
      rowsSeconds = (performance.now() - started) / 1000;
      break;
    }
    if (performance.now() - lastReport > 30_000) {
      lastReport = performance.now();
      process.stdout.write(`  ${rowsEnded} rows ended after ${((performance.now() - started) / 1000).toFixed(0)} s (load ${load()})\n`);
    }
    await new Promise((res) => setTimeout(res, 1000));
  }
  const cpuAfter = cpuNow();
  const runSeconds = (performance.now() - runStarted) / 1000;
  stop = true;
  await syncLoop;
  clearInterval(sampler);
  const finished = await waitFinished(farm, seed.key, runId);
  const rowsPerSecond = ROWS / rowsSeconds;
  const loadedP99 = percentile(loadedLatencies, 0.99);
  process.stdout.write(
    `bulk run ended: ${JSON.stringify(finished.rows)}, ${rowsPerSecond.toFixed(2)} rows/s over ${rowsSeconds.toFixed(0)} s\n`,
  );
  process.stdout.write(
    `sync renders of another workspace during the run: p50 ${percentile(loadedLatencies, 0.5).toFixed(0)} ms, p90 ${percentile(loadedLatencies, 0.9).toFixed(0)} ms, p99 ${loadedP99.toFixed(0)} ms, max ${Math.max(...loadedLatencies).toFixed(0)} ms (n=${loadedLatencies.length})\n`,
  );
  process.stdout.write(`\nCPU while the run went (${runSeconds.toFixed(0)} s; cores used on average):\n`);
  const cores = (seconds: number) => `${(seconds / runSeconds).toFixed(2)}`;
  for (const p of processes) {
    const [from, to] = [cpuBefore.roles.get(p.name)!, cpuAfter.roles.get(p.name)!];
    process.stdout.write(
      `  ${p.name}: main thread ${cores(to.main - from.main)}, all its threads ${cores(to.own - from.own)}, with children ${cores(to.tree - from.tree)}\n`,
    );
  }
  process.stdout.write(
    `  postgres: ${cores(cpuAfter.postgres - cpuBefore.postgres)}; this bench: ${cores(cpuAfter.bench - cpuBefore.bench)}\n`,
  );
  process.stdout.write('\nmemory, idle → peak during the run (the process alone, RSS; with its children, PSS):\n');
  for (const p of processes) {
    const [from, to] = [idle.get(p.name)!, peak.get(p.name)!];
    const mb = (n: number) => `${n.toFixed(0)} MB`;
    process.stdout.write(
      `  ${p.name}: ${mb(from.own)} → ${mb(to.own)} (+${mb(to.own - from.own)}); with children ${mb(from.tree)} → ${mb(to.tree)} (+${mb(to.tree - from.tree)}); goal ≤ +${GOALS.memoryMb} MB\n`,
    );
  }
  process.stdout.write(
    `\nbulk throughput ${rowsPerSecond.toFixed(2)} rows/s = ${((100 * rowsPerSecond) / imagesPerSecond).toFixed(0)} % of one worker's ${imagesPerSecond.toFixed(2)} images/s (goal ≥ ${GOALS.throughputRatio * 100} %)\n`,
  );
  process.stdout.write(
    `sync p99 while the run goes ${loadedP99.toFixed(0)} ms = ${(loadedP99 / unloadedP99).toFixed(2)}× unloaded ${unloadedP99.toFixed(0)} ms (goal ≤ ${GOALS.p99Ratio}×)\n`,
  );
  await pumpCost(farm, pool, seed);
  process.stdout.write(`load average at end: ${load()}\n`);
});

/** 4. The runner's own cost, alone: no worker pumps or renders beside the steps measured here. */
async function pumpCost(farm: Farm, pool: pg.Pool, seed: { workspaceId: string; key: string; designId: string }): Promise<void> {
  for (const p of [...farm.workers, ...farm.mediaWorkers]) {
    p.child.kill('SIGTERM');
    await p.exited;
  }
  await setCredits(pool, seed.workspaceId, 'generation', PUMP_ROWS.reduce((a, b) => a + b, 0) * PUMP_REPEAT + 100);
  const counted = countingPool(pool.options.connectionString!);
  process.stdout.write(`\nthe runner's step (pumpBulkRun), workers stopped (load ${load()}):\n`);
  try {
    for (const n of PUMP_ROWS) {
      const ms: number[] = [];
      let statements = 0;
      for (let i = 0; i < PUMP_REPEAT; i++) {
        const rows = Array.from({ length: n }, (_, r) => ({ 'headline.payload': `Pump ${r}` }));
        const res = await api(farm, seed.key, 'POST', `/designs/${seed.designId}/bulk-runs`, {
          source: { type: 'rows', rows },
          formats: ['square'],
          image_file_type: 'jpeg',
        });
        if (res.status !== 202) throw new Error(`the bulk run was refused: ${JSON.stringify(res.body)}`);
        counted.reset();
        const t = performance.now();
        const step = await pumpBulkRun(counted.pool, String(res.body.id), { window: n, intervalMs: 250 });
        ms.push(performance.now() - t);
        statements = counted.statements();
        if (step.kind !== 'again' || step.started !== n) throw new Error(`the step started ${JSON.stringify(step)}, not ${n} rows`);
      }
      const median = percentile(ms, 0.5);
      process.stdout.write(
        `  a step starting ${n} rows × 1 format: ${statements} statements (${(statements / n).toFixed(2)} per row), median ${median.toFixed(1)} ms (${(median / n).toFixed(2)} ms per row; n=${PUMP_REPEAT})\n`,
      );
    }
  } finally {
    await counted.pool.end();
  }
}

async function waitFinished(farm: Farm, key: string, runId: string): Promise<{ rows: unknown }> {
  const deadline = Date.now() + 600_000;
  for (;;) {
    const run = (await api(farm, key, 'GET', `/bulk-runs/${runId}`)).body;
    if (run.finished_at_ts !== null || Date.now() > deadline) return run as { rows: unknown };
    await new Promise((res) => setTimeout(res, 1000));
  }
}
