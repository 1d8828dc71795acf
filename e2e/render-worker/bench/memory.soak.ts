// `npm run soak:render-memory` — does a render worker's memory stay bounded over many renders?
//
// Starts its own farm (embedded Postgres in a temp dir, a control plane and one render worker as
// child processes, the render worker compiled as in production, local storage), renders
// SOAK_RENDERS (default 1,000) sync generations of the example design with varied text, formats and
// file types, and prints the bounds of the worker's caches, then the render worker's RSS (its own
// process, not Chromium's) every SOAK_EVERY (default 25) renders, and a summary of the curve. No
// pass/fail: read the curve. The bounds are explained in docs/operations.md, "Render worker memory".
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { loadRenderWorkerConfig } from '@pressroom/render-worker/config';
import { FONT_CACHE_MAX_BYTES } from '@pressroom/render-worker/static/font-bytes';
import { api } from '../tasks/testing/farm-processes.js';
import { withBenchFarm } from './bench-farm.js';

const RENDERS = Number(process.env['SOAK_RENDERS'] ?? 1000);
const EVERY = Number(process.env['SOAK_EVERY'] ?? 25);
const TYPES = ['jpeg', 'png', 'webp'] as const;

await withBenchFarm({ workers: 1, logLevel: process.env['LOG_LEVEL'] ?? 'error', compiled: true }, async ({ farm, seed }) => {
  const pid = farm.workers[0]!.child.pid!;
  const config = loadRenderWorkerConfig();
  process.stdout.write(
    [
      'bounds of what the render worker keeps between renders:',
      `  font files: ${FONT_CACHE_MAX_BYTES / 1024 / 1024} MiB, least recently used evicted`,
      '  libvips operation cache: off',
      `  Chromium: ${config.pagePoolSize} pages, replaced after ${config.recycleAfterRenders} renders or above ${config.browserMaxMemoryMb} MiB (its own processes)`,
      '  request and override schemas: one per (request kind, design type) and (design type, mode), built once',
      '  CMYK tables: one per output profile; AI models: one per configured model path',
      `load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
      '',
    ].join('\n'),
  );
  const curve: number[] = [];
  process.stdout.write(`render worker ${pid}: RSS ${await rssMb(pid)} MB before the first render\n`);
  let failed = 0;
  for (let i = 1; i <= RENDERS; i++) {
    const res = await api(farm, seed.key, 'POST', `/banner-builder/${seed.designId}/generate`, {
      template_format_name: seed.formats[i % seed.formats.length],
      image_file_type: TYPES[i % TYPES.length],
      elements: { headline: { payload: `Soak ${i} ${Math.random().toString(36).slice(2, 10)}` } },
    });
    if (res.status !== 200) failed++;
    if (i % EVERY === 0) {
      const rss = await rssMb(pid);
      curve.push(rss);
      process.stdout.write(`after ${i} renders: RSS ${rss} MB${failed ? ` (${failed} failed)` : ''}\n`);
    }
  }
  const half = curve.slice(Math.floor(curve.length / 2));
  if (half.length > 0)
    process.stdout.write(
      `second half of the run: RSS ${Math.min(...half)}–${Math.max(...half)} MB; peak ${Math.max(...curve)} MB; ` +
        `${failed} of ${RENDERS} renders failed; load average ${loadavg()[0]!.toFixed(1)}\n`,
    );
});

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}
