// `npm run soak:render-memory` — does a render worker's memory stay bounded over many renders?
//
// Starts its own farm (embedded Postgres in a temp dir, a control plane and one render worker as
// child processes, local storage), renders SOAK_RENDERS (default 300) sync generations of the
// example design with varied text, formats and file types, and prints the render worker's RSS
// (its own process, not Chromium's) every SOAK_EVERY (default 25) renders. No pass/fail: read the
// curve. The bounds are listed in docs/operations.md, "Render worker memory".
import { readFile } from 'node:fs/promises';
import { api } from '../src/tasks/testing/farm-processes.js';
import { withBenchFarm } from './bench-farm.js';

const RENDERS = Number(process.env['SOAK_RENDERS'] ?? 300);
const EVERY = Number(process.env['SOAK_EVERY'] ?? 25);
const TYPES = ['jpeg', 'png', 'webp'] as const;

await withBenchFarm({ workers: 1, logLevel: process.env['LOG_LEVEL'] ?? 'error', compiled: true }, async ({ farm, seed }) => {
  const pid = farm.workers[0]!.child.pid!;
  process.stdout.write(`render worker ${pid}: RSS ${await rssMb(pid)} MB before the first render\n`);
  let failed = 0;
  for (let i = 1; i <= RENDERS; i++) {
    const res = await api(farm, seed.key, 'POST', `/banner-builder/${seed.designId}/generate`, {
      template_format_name: seed.formats[i % seed.formats.length],
      image_file_type: TYPES[i % TYPES.length],
      elements: { headline: { payload: `Soak ${i} ${Math.random().toString(36).slice(2, 10)}` } },
    });
    if (res.status !== 200) failed++;
    if (i % EVERY === 0) process.stdout.write(`after ${i} renders: RSS ${await rssMb(pid)} MB${failed ? ` (${failed} failed)` : ''}\n`);
  }
});

async function rssMb(pid: number): Promise<string> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return (kb / 1024).toFixed(0);
}
