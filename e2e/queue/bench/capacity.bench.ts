// `npm run bench:capacity` — how far one Postgres carries the queue (docs/capacity.md).
//
// A Postgres of its own (Debian's 15, pg_stat_statements loaded), migrated, with the example
// design seeded. For each step, W simulated workers (graphile-worker runtimes in up to 4 child
// processes, each runtime with its own pool, LISTEN connection and heartbeat, as a worker process
// of its own) run jobs from a queue filled beforehand, for DURATION seconds:
// - noop: a task that does nothing (the queue's own cost: fetch, complete, heartbeats, polls);
// - render: the real `render_static` task with a renderer that holds its slot for RENDER_MS and
//   answers a small JPEG: every query a render makes, none of its CPU. A worker runs 2 at once
//   (a render worker's 2 pages), so one simulated worker offers about 2000 / RENDER_MS jobs/s,
//   close to the 23 renders/s of one render worker (docs/generation.md, "Measured").
// Printed per step: jobs/s, Postgres CPU per job (the postgres processes' utime + stime from /proc,
// reaped backends included) and the cores Postgres used, statements per job (pg_stat_statements,
// everything included: polls and heartbeats), client connections at peak, the workers' own CPU,
// and the load average (the machine may be shared: compare figures within one run only). Then the
// accept side of a render (request row, credit, job) measured alone, and the statements of one
// render job. No pass/fail.
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGenerationRequest, createPool, migrate, spendCredits } from '@pressroom/platform';
import { startOwnPostgres } from '@pressroom/platform/testing';
import { seedExample } from '../../render-worker/tasks/testing/farm-processes.js';

const DURATION_S = Number(process.env['BENCH_CAPACITY_SECONDS'] ?? 10);
const RENDER_MS = Number(process.env['BENCH_CAPACITY_RENDER_MS'] ?? 85);
const CONCURRENCY = 2;
const STEPS = (process.env['BENCH_CAPACITY_WORKERS'] ?? '1,4,8,16,32').split(',').map(Number);
const MODES = (process.env['BENCH_CAPACITY_MODES'] ?? 'noop,render').split(',');
const PER_PROCESS = 8;
const TICK = 100; // CLK_TCK on Linux
const WORKER = fileURLToPath(new URL('./capacity-worker.ts', import.meta.url));

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const out = (line: string) => process.stdout.write(`${line}\n`);

/** utime + stime of a process (and, with `reaped`, of its children waited for), in seconds. */
function cpuOf(pid: number, reaped = false): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields from 3 (state): utime 14, stime 15, cutime 16, cstime 17 → indexes 11..14 here.
    const own = Number(f[11]) + Number(f[12]);
    return (own + (reaped ? Number(f[13]) + Number(f[14]) : 0)) / TICK;
  } catch {
    return 0; // gone
  }
}

function parentOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return -1;
  }
}

/** CPU seconds of the postmaster and every live backend, plus the backends it has reaped. */
function postgresCpu(postmaster: number): number {
  let total = cpuOf(postmaster, true);
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (Number.isInteger(pid) && parentOf(pid) === postmaster) total += cpuOf(pid);
  }
  return total;
}

const pgServer = await startOwnPostgres({
  settings: ['max_connections=400', 'shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.track=all'],
});
const postmaster = Number(readFileSync(join(pgServer.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
const pool = createPool(pgServer.url, { max: 4 });
const storageDir = await mkdtemp(join(tmpdir(), 'pressroom-capacity-'));
const children: ChildProcess[] = [];
// Interrupted: the server and the workers go too.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    for (const c of children) c.kill('SIGKILL');
    pgServer.destroy();
    process.exit(130);
  });

try {
  await migrate(pool);
  await pool.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  const seed = await seedExample(pool, 'static-summer-sale.json');
  const format = seed.formats[0]!;
  out(`machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}; load average at start: ${load()}`);
  out(
    `Postgres 15 of its own (fsync=off), ${DURATION_S} s per step, ${CONCURRENCY} jobs at once per worker, render = ${RENDER_MS} ms held`,
  );

  const statementCalls = async () =>
    Number((await pool.query<{ n: string }>('SELECT coalesce(sum(calls), 0) AS n FROM pg_stat_statements')).rows[0]!.n);
  const remaining = async () =>
    Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM graphile_worker._private_jobs')).rows[0]!.n);
  const connections = async () =>
    Number(
      (await pool.query<{ n: string }>(`SELECT count(*) AS n FROM pg_stat_activity WHERE backend_type = 'client backend'`)).rows[0]!.n,
    );

  const fill = async (mode: string, n: number) => {
    if (mode === 'noop') {
      await pool.query(
        `SELECT graphile_worker.add_jobs(array_agg(ROW('noop', '{}'::json, NULL, NULL, NULL, NULL, NULL, NULL)::graphile_worker.job_spec))
           FROM generate_series(1, $1)`,
        [n],
      );
      return;
    }
    // The queue as many accepted requests leave it (the accept side is measured on its own below).
    await pool.query(
      `WITH r AS (
         INSERT INTO generation_requests (workspace_id, design_id, kind, callback_url, file_type, expected_files, credit_per_file)
         SELECT $1, $2, 'async', NULL, 'jpeg', 1, 1 FROM generate_series(1, $3) RETURNING id)
       SELECT graphile_worker.add_jobs(array_agg(ROW('render_static', json_build_object(
         'v', 1, 'generation_request_id', r.id, 'banner_id', gen_random_uuid(), 'workspace_id', $1::uuid,
         'design_id', $2::uuid, 'format_name', $4::text, 'file_type', 'jpeg',
         'overrides', json_build_object('layers', '{}'::json, 'vars', '{}'::json),
         'priority', 'async', 'enqueued_at', (extract(epoch FROM now()) * 1000)::bigint), NULL, NULL, NULL, NULL, NULL, NULL)::graphile_worker.job_spec)) FROM r`,
      [seed.workspaceId, seed.designId, n, format],
    );
  };

  const startWorkers = async (mode: string, workers: number) => {
    const ready: Promise<void>[] = [];
    for (let left = workers; left > 0; left -= PER_PROCESS) {
      const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
        env: {
          ...process.env,
          DATABASE_URL: pgServer.url,
          WORKERS: String(Math.min(PER_PROCESS, left)),
          CONCURRENCY: String(CONCURRENCY),
          MODE: mode,
          RENDER_MS: String(RENDER_MS),
          STORAGE_DIR: storageDir,
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(child);
      ready.push(
        new Promise((resolve, reject) => {
          child.stdout!.on('data', (b: Buffer) => {
            if (b.toString().includes('ready')) resolve();
          });
          child.on('exit', (code) => reject(new Error(`capacity worker exited (${code}) before it was ready`)));
        }),
      );
    }
    await Promise.all(ready);
  };

  const stopWorkers = async () => {
    const all = children.splice(0);
    await Promise.all(
      all.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null) return resolve();
            c.on('exit', () => resolve());
            c.kill('SIGTERM');
            setTimeout(() => c.kill('SIGKILL'), 15_000).unref();
          }),
      ),
    );
  };

  out('');
  out(
    '| mode | workers | connections (peak) | offered jobs/s | jobs/s | Postgres CPU ms/job | Postgres cores | statements/job | workers’ CPU cores | load average (1/5/15 min) |',
  );
  out('|---|---|---|---|---|---|---|---|---|---|');
  for (const mode of MODES) {
    for (const workers of STEPS) {
      await pool.query('DELETE FROM graphile_worker._private_jobs');
      const offered = mode === 'render' ? (workers * CONCURRENCY * 1000) / RENDER_MS : Number.POSITIVE_INFINITY;
      // Enough that the queue never runs dry during startup and the window.
      const n = mode === 'render' ? Math.ceil(offered * (DURATION_S + 10) * 1.1) : 1_000 * (DURATION_S + 10);
      process.stderr.write(`${mode} × ${workers}: queueing ${n} jobs\n`);
      await fill(mode, n);
      process.stderr.write(`${mode} × ${workers}: starting the workers\n`);
      await startWorkers(mode, workers);
      await pool.query('SELECT pg_stat_statements_reset()');
      const r0 = await remaining();
      const calls0 = await statementCalls();
      const cpu0 = postgresCpu(postmaster);
      const w0 = children.reduce((s, c) => s + cpuOf(c.pid!), 0);
      const t0 = performance.now();
      let peak = 0;
      while (performance.now() - t0 < DURATION_S * 1000) {
        peak = Math.max(peak, await connections());
        await new Promise((r) => setTimeout(r, 1000));
      }
      const seconds = (performance.now() - t0) / 1000;
      const cpu1 = postgresCpu(postmaster);
      const w1 = children.reduce((s, c) => s + cpuOf(c.pid!), 0);
      const calls1 = await statementCalls();
      const r1 = await remaining();
      const done = r0 - r1;
      const row = [
        mode,
        String(workers),
        String(peak),
        Number.isFinite(offered) ? offered.toFixed(0) : '—',
        `${(done / seconds).toFixed(0)}${r1 === 0 ? ' (queue ran dry)' : ''}`,
        done > 0 ? (((cpu1 - cpu0) * 1000) / done).toFixed(2) : '—',
        ((cpu1 - cpu0) / seconds).toFixed(2),
        done > 0 ? ((calls1 - calls0) / done).toFixed(1) : '—',
        ((w1 - w0) / seconds).toFixed(2),
        load(),
      ];
      out(`| ${row.join(' | ')} |`);
      await stopWorkers();
    }
  }

  // The accept side of one render, alone: a request row, its credit, its job, as the control
  // plane writes them (the HTTP request's own rate-limit and idempotency writes are not included).
  await pool.query('DELETE FROM graphile_worker._private_jobs');
  const ACCEPTS = 500;
  await pool.query('SELECT pg_stat_statements_reset()');
  const a0 = postgresCpu(postmaster);
  const ta = performance.now();
  for (let i = 0; i < ACCEPTS; i++) {
    const requestId = await createGenerationRequest(pool, {
      workspaceId: seed.workspaceId,
      designId: seed.designId,
      kind: 'async',
      callbackUrl: null,
      fileType: 'jpeg',
      expectedFiles: 1,
      creditPerFile: 1,
    });
    await spendCredits(pool, seed.workspaceId, 'generation', 1, 'generation', requestId);
    await pool.query(`SELECT graphile_worker.add_job('render_static', $1::json)`, [
      JSON.stringify({
        v: 1,
        generation_request_id: requestId,
        banner_id: crypto.randomUUID(),
        workspace_id: seed.workspaceId,
        design_id: seed.designId,
        format_name: format,
        file_type: 'jpeg',
        overrides: { layers: {}, vars: {} },
        priority: 'async',
        enqueued_at: Date.now(),
      }),
    ]);
  }
  const acceptCpu = postgresCpu(postmaster) - a0;
  out('');
  out(
    `accept side (request row + credit + job, serial, ${ACCEPTS}): Postgres CPU ${((acceptCpu * 1000) / ACCEPTS).toFixed(2)} ms per render, ${(ACCEPTS / ((performance.now() - ta) / 1000)).toFixed(0)} accepts/s from one connection; load average ${load()}`,
  );

  // The statements of one render job, by what they are, from a quiet run of one worker.
  await pool.query('SELECT pg_stat_statements_reset()');
  const before = await remaining();
  await startWorkers('render', 1);
  await new Promise((r) => setTimeout(r, 5_000));
  await stopWorkers();
  const jobs = before - (await remaining());
  const { rows } = await pool.query<{ calls: string; query: string }>(
    `SELECT calls, regexp_replace(query, '\\s+', ' ', 'g') AS query FROM pg_stat_statements
      WHERE query NOT ILIKE '%pg_stat_statements%' ORDER BY calls DESC LIMIT 25`,
  );
  out('');
  out(`statements of ${jobs} render jobs by one worker in 5 s (calls per job; heartbeats and polls included):`);
  for (const r of rows) out(`  ${(Number(r.calls) / Math.max(1, jobs)).toFixed(2).padStart(6)}  ${r.query.slice(0, 150)}`);
} finally {
  for (const c of children) c.kill('SIGKILL');
  await pool.end().catch(() => undefined);
  pgServer.destroy();
  await rm(storageDir, { recursive: true, force: true });
}
out(`load average at end: ${load()}`);
