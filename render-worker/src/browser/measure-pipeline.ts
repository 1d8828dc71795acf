/**
 * How long does each step of a render take on this machine? Prints medians for docs/render-worker.md.
 * Run: npx tsx render-worker/src/browser/measure-pipeline.ts [iterations]
 * Not a test: timings vary with load, so nothing here asserts.
 */
import { performance } from 'node:perf_hooks';
import { createEncoderPool } from '../encode/index.js';
import { BrowserSupervisor } from './browser-supervisor.js';
import { capture } from './capture.js';
import { launchBrowser } from './launch-browser.js';
import { printPdf } from './print-pdf.js';
import { withPage } from './with-page.js';

const iterations = Number(process.argv[2] ?? 15);
const SIZE = 1080;
const CARD = `<html><body style="margin:0"><div style="width:${SIZE}px;height:${SIZE}px;
  background:linear-gradient(135deg,#1e3c72,#2a5298 50%,#e96443);display:flex;align-items:center;justify-content:center">
  <h1 style="font:bold 96px sans-serif;color:white;text-align:center">Summer sale<br>-40% today</h1></div></body></html>`;

async function median(label: string, run: () => Promise<unknown>): Promise<void> {
  await run(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const mid = times[Math.floor(times.length / 2)]!;
  console.log(`| ${label} | ${mid.toFixed(0)} ms | ${times[0]!.toFixed(0)}–${times.at(-1)!.toFixed(0)} ms |`);
}

console.log(`iterations: ${iterations}, ${SIZE}×${SIZE}\n| Step | Median | Range |\n|---|---|---|`);
await median('launch + close Chromium (cold)', async () => (await launchBrowser()).close());

const supervisor = new BrowserSupervisor({ poolSize: 1 });
const encoder = createEncoderPool();
try {
  await median('withPage round trip on a warm pool (no work)', () => withPage(supervisor, async () => null, { timeoutMs: 30_000 }));
  let png: Buffer = Buffer.alloc(0);
  await withPage(
    supervisor,
    async (page) => {
      await page.setViewport({ width: SIZE, height: SIZE });
      await median('page.setContent (waitUntil load)', () => page.setContent(CARD, { waitUntil: 'load' }));
      const box = { width: SIZE, height: SIZE };
      await median('capture JPEG q90', () => capture(page, { ...box, format: 'jpeg', quality: 90 }));
      await median('capture PNG', () => capture(page, { ...box, format: 'png' }));
      await median('capture PNG optimizeForSpeed', async () => {
        png = await capture(page, { ...box, format: 'png', optimizeForSpeed: true });
      });
      await median('printPdf', () => printPdf(page, box));
    },
    { timeoutMs: 600_000 },
  );
  await median('encode JPEG q90 (pool)', () => encoder.encode(png, { format: 'jpeg', quality: 90 }));
  await median('encode PNG (pool)', () => encoder.encode(png, { format: 'png' }));
  await median('encode WebP q90 (pool)', () => encoder.encode(png, { format: 'webp', quality: 90 }));
  await median('encode AVIF q60 effort 2 (pool)', () => encoder.encode(png, { format: 'avif' }));
  await median('cropToFocus to 540×1080 PNG (pool)', () => encoder.cropToFocus(png, { width: 540, height: SIZE }));
  await median('crash recovery: kill -9 mid-render → retried render done', async () => {
    await withPage(
      supervisor,
      async (page, { attempt }) => {
        if (attempt === 0) {
          process.kill(supervisor.browserPid()!, 'SIGKILL');
          await page.evaluate(() => new Promise((r) => setTimeout(r, 10_000)));
        }
        await page.setContent(CARD);
        return capture(page, { width: SIZE, height: SIZE, format: 'jpeg' });
      },
      { timeoutMs: 60_000 },
    );
  });
} finally {
  await supervisor.stop();
  await encoder.stop();
}
