// `npm run bench:cold-start` — where does a render worker's cold start go, and how long from
// spawning the process to its first finished job?
//
// Starts its own farm (embedded Postgres in a temp dir, a control plane, local storage), queues
// one async generation (one 1080×1080 format) while no render worker runs, then spawns a render
// worker and times it from spawn: module loading (node + tsx compiling TypeScript + imports), the
// job runner taking jobs ("render worker running"), Chromium's page pool warm, and the first
// Banner stored. Repeats BENCH_RUNS times (default 3; the first run also pays tsx's cold cache).
// Prints figures; no pass/fail on timings: they depend on the machine and its load.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { api, type FarmProcess } from '../src/tasks/testing/farm-processes.js';
import { withBenchFarm } from './bench-farm.js';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 3);

process.stdout.write(`node startup alone: ${timeNode(['-e', '0'])} ms; node --import tsx (empty .ts): ${await timeTsxEmpty()} ms\n`);
await withBenchFarm({ workers: 0, logLevel: 'info' }, async ({ farm, pool, seed }) => {
  for (let run = 1; run <= RUNS; run++) {
    const res = await api(farm, seed.key, 'POST', `/async/banner-builder/${seed.designId}/generate`, {
      template_format_names: ['square'],
      image_file_type: 'jpeg',
    });
    const requestId = res.body.generation_request_id as string;
    const spawnedAt = Date.now();
    const worker = farm.addWorker();
    const firstJobMs = (await firstBanner(pool, requestId, worker)) - spawnedAt;
    const running = logLine(worker, 'render worker running');
    const warm = logLine(worker, 'page pool warm');
    const launched = logLine(worker, 'browser launched');
    process.stdout.write(
      `run ${run}: modules ${running?.modulesMs ?? '?'} ms | browser launched ${launched?.time ? launched.time - spawnedAt : '?'} ms | ` +
        `taking jobs ${running?.sinceStartMs ?? '?'} ms | pages warm ${warm?.sinceStartMs ?? '?'} ms | first job stored ${firstJobMs} ms\n`,
    );
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

async function timeTsxEmpty(): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'pressroom-bench-tsx-'));
  const file = join(dir, 'empty.ts');
  await writeFile(file, 'export const x: number = 1;\n');
  const ms = timeNode(['--import', 'tsx', file]);
  await rm(dir, { recursive: true, force: true });
  return ms;
}
