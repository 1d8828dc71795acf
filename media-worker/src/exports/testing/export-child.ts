/**
 * A media worker reduced to one export, run as its own process so the test measures the memory
 * of exactly the process that packs the archive. Configured from the environment like the real
 * worker (DATABASE_URL, DATA_DIR or S3_*); EXPORT_ID names the export. Samples RSS and heap every
 * 10 ms while packing and prints one JSON line.
 */
import { createLogger, createPool, createStorage } from '@pressroom/platform';
import { loadMediaWorkerConfig } from '../../config.js';
import { runExport } from '../export-task.js';

const config = loadMediaWorkerConfig();
const logger = createLogger('export-child', 'warn');
const db = createPool(config.databaseUrl!, { max: 2, logger });
const storage = await createStorage(config, { dataDir: config.dataDir, publicBaseUrl: 'http://localhost:8080' });

// Warm up the code paths (modules, pool, storage client) before the baseline is taken.
await db.query('SELECT 1');
global.gc?.();
const baseline = process.memoryUsage();
let peakRss = baseline.rss;
let peakHeap = baseline.heapUsed;
let peakBuffers = baseline.arrayBuffers;
// RSS every 100 ms, to tell a plateau from a climb.
const rssSeries: number[] = [];
let tick = 0;
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
  peakBuffers = Math.max(peakBuffers, m.arrayBuffers);
  if (tick++ % 10 === 0) rssSeries.push(m.rss);
}, 10);

const result = await runExport({ db, storage, logger }, process.env['EXPORT_ID']!);
clearInterval(sampler);
const report = {
  result,
  baselineRss: baseline.rss,
  peakRss,
  baselineHeap: baseline.heapUsed,
  peakHeap,
  baselineBuffers: baseline.arrayBuffers,
  peakBuffers,
  rssSeries,
};
process.stdout.write(`${JSON.stringify(report)}\n`);
await storage.stop();
await db.end();
