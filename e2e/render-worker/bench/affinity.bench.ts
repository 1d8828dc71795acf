// `npm run bench:affinity` — with two render workers under the k6 sync-render load
// (loadtest/02-sync-render-load.js), how often does a render find its design warm, with affinity
// and without it?
//
// Starts the bench farm, copies the example design into BENCH_DESIGNS designs (default 4), and
// runs k6 at PRESSROOM_RATE renders/s (default 4) for PRESSROOM_DURATION s (default 30) over them
// at random, twice: with two render workers holding AFFINITY_HOLD_MS (default 250), then with two
// fresh ones at 0 (no affinity). Each worker keeps BENCH_WARM_DESIGNS designs warm (default 2:
// fewer than the designs, so which worker a design lands on matters). Prints each worker's warm
// hits and misses over the k6 run (pressroom_render_warm_hits_total / _misses_total) and the
// farm's warm-hit rate. No pass/fail: the figures depend on the machine and its load, printed too.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir, loadavg } from 'node:os';
import { join } from 'node:path';
import { counterDelta, type Scrape, scrape } from '@pressroom/render-worker/bench/stage-breakdown';
import { api, freePort, waitForWorkers } from '../tasks/testing/farm-processes.js';
import { withBenchFarm } from './bench-farm.js';

const RATE = process.env['PRESSROOM_RATE'] ?? '4';
const DESIGNS = Number(process.env['BENCH_DESIGNS'] ?? 4);
const WARM_DESIGNS = process.env['BENCH_WARM_DESIGNS'] ?? '2';
const HOLD_MS = process.env['AFFINITY_HOLD_MS'] ?? '250';
const DURATION = process.env['PRESSROOM_DURATION'] ?? '30';
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

function k6Binary(): string {
  const found = [process.env['K6_BINARY'], join(homedir(), 'go', 'bin', 'k6')].find((c) => c && existsSync(c));
  if (!found) throw new Error('k6 not found (K6_BINARY, ~/go/bin/k6): run `npm run setup -- --test`.');
  return found;
}

function k6(env: Record<string, string>): Promise<string> {
  return new Promise((resolve) => {
    execFile(
      k6Binary(),
      ['run', '--quiet', 'loadtest/02-sync-render-load.js'],
      { env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 },
      (_err, stdout, stderr) => resolve(`${stdout}${stderr}`),
    );
  });
}

process.stdout.write(`load average at start: ${load()} (${process.env['BENCH_NOTE'] ?? 'machine shared with other work'})\n`);
await withBenchFarm(
  { workers: 0, logLevel: process.env['LOG_LEVEL'] ?? 'error', compiled: true, env: {} },
  async ({ farm, seed, pool }) => {
    // Copies of the example design in the same workspace (same document and assets).
    const ids = [seed.designId];
    for (let i = 1; i < DESIGNS; i++) {
      const { rows } = await pool.query<{ id: string }>(
        `INSERT INTO designs (id, workspace_id, project_id, type, name, document)
         SELECT gen_random_uuid(), workspace_id, project_id, type, name || ' ' || $2::text, document FROM designs WHERE id = $1 RETURNING id`,
        [seed.designId, String(i)],
      );
      const id = rows[0]!.id;
      await pool.query(
        `INSERT INTO design_formats (design_id, name, position, width, height, unit)
         SELECT $2, name, position, width, height, unit FROM design_formats WHERE design_id = $1`,
        [seed.designId, id],
      );
      ids.push(id);
    }
    for (const hold of [HOLD_MS, '0']) {
      const ports = [await freePort(), await freePort()];
      const workers = ports.map((port) =>
        farm.addWorker({ env: { METRICS_PORT: String(port), AFFINITY_HOLD_MS: hold, WARM_DESIGNS: WARM_DESIGNS } }),
      );
      await waitForWorkers(pool, farm, 2);
      for (const id of ids) {
        await api(farm, seed.key, 'POST', `/banner-builder/${id}/generate`, { template_format_name: 'square' });
      }
      const scrapeAll = () => Promise.all(ports.map((p) => scrape(`http://127.0.0.1:${p}/metrics`)));
      const before: Scrape[] = await scrapeAll();
      const output = await k6({
        PRESSROOM_BASE_URL: farm.baseUrl,
        PRESSROOM_API_KEY: seed.key,
        PRESSROOM_DESIGN_ID: seed.designId,
        PRESSROOM_DESIGN_IDS: ids.join(','),
        PRESSROOM_RATE: RATE,
        PRESSROOM_DURATION: DURATION,
        PRESSROOM_RAMP: '5',
        // Speed is not the question here: latency thresholds at the 10 s budget.
        PRESSROOM_P95_MS: '10000',
        PRESSROOM_P99_MS: '10000',
      });
      const after: Scrape[] = await scrapeAll();
      const summary = output.split('\n').filter((l) => /sync_within_budget\.|iterations\.|checks_failed/.test(l));
      process.stdout.write(
        `k6 02-sync-render-load.js at ${RATE}/s for ${DURATION} s over ${ids.length} designs, 2 render workers, WARM_DESIGNS=${WARM_DESIGNS}, AFFINITY_HOLD_MS=${hold}:\n${summary.join('\n')}\n`,
      );
      let hits = 0;
      let total = 0;
      ports.forEach((_, i) => {
        const h = counterDelta(before[i]!, after[i]!, 'pressroom_render_warm_hits_total');
        const m = counterDelta(before[i]!, after[i]!, 'pressroom_render_warm_misses_total');
        hits += h;
        total += h + m;
        process.stdout.write(`  render worker ${i + 1}: ${h + m} renders, warm hits ${h}, misses ${m}\n`);
      });
      process.stdout.write(
        `  warm-hit rate: ${((100 * hits) / Math.max(1, total)).toFixed(1)} % (${hits} of ${total}); load average ${load()}\n`,
      );
      // The next pair starts cold, with its own setting.
      for (const w of workers) w.child.kill('SIGTERM');
      await Promise.all(workers.map((w) => w.exited));
      await pool.query(`DELETE FROM worker_heartbeats WHERE role = 'render-worker'`);
    }
  },
);
