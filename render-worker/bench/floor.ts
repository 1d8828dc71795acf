// The floor under a Pressroom render, measured in the bench's own process on a Chromium of its
// own: the same design and format drawn by the renderer the worker uses (`renderToImage` on a
// warm pooled page, no HTTP, queue, database or storage), and a bare `capture()` of that same drawn
// page (one frame on demand in the headless shell), the part no optimisation of ours can remove.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StaticDesign } from '@pressroom/model';
import { resolveSource } from '@pressroom/model';
import { loadFontCatalogue, parseExampleDocument } from '@pressroom/platform';
import { type AssetRef, planRender } from '@pressroom/renderer';
import { BrowserSupervisor, capture, withPage } from '../src/browser/index.js';
import { renderToImage } from '../src/static/index.js';
import type { Resource } from '../src/static/types.js';
import { WarmDesigns } from '../src/static/warm-designs.js';

const DIR = fileURLToPath(new URL('../../examples/designs/', import.meta.url));
const TYPES: Record<string, string> = { svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' };

export interface Floor {
  /** The worker's renderer in process with the design warm, a fresh headline each time: that layer redrawn and fitted, capture. */
  inProcess: number[];
  /** The same with a fresh canvas each time (no warm pages): the whole document rebuilt and fitted, capture. */
  inProcessCold: number[];
  /** `capture()` JPEG q90 of the drawn page, as the worker captures it (a frame on demand in the headless shell). */
  capture: number[];
  /** The same capture with `optimizeForSpeed` (a candidate; kept only if faster here). */
  captureOptimized: number[];
}

export async function measureFloor(file: string, formatName: string, n: number): Promise<Floor> {
  const parsed = parseExampleDocument(JSON.parse(readFileSync(join(DIR, file), 'utf8')));
  if (!parsed.ok || parsed.design.type !== 'static') throw new Error(`${file} is not a static design`);
  const design = parsed.design as StaticDesign;
  const planOf = (headline: string) =>
    planRender({
      catalogue: loadFontCatalogue(),
      design,
      formatName,
      overrides: { layers: { headline: { payload: headline } }, vars: {} },
    });
  const resources = resourcesOf(design, planOf('warm-up').assets);
  const supervisor = new BrowserSupervisor({ poolSize: 1 });
  try {
    return await withPage(
      supervisor,
      async (page, ctx) => {
        const warm = {
          designs: new WarmDesigns({ maxDesigns: 4, maxBytes: 256 * 1024 * 1024 }),
          key: { designId: file, version: '1', format: formatName },
        };
        const draw = (headline: string, warmed: boolean) =>
          renderToImage({
            plan: planOf(headline),
            page,
            registerAsset: ctx.registerAsset,
            resources,
            output: { type: 'jpeg' },
            warm: warmed ? warm : null,
          });
        for (let i = 0; i < 5; i++) await draw(`Summer sale warm-up ${i}`, i % 2 === 0);
        // Alternated, so that load on the shared machine falls on both alike.
        const inProcess: number[] = [];
        const inProcessCold: number[] = [];
        for (let i = 0; i < n; i++) {
          inProcessCold.push(...(await timed(1, () => draw(`Summer sale cold ${i.toString(36)}`, false))));
          // The cold draw replaced the page's canvas: draw warm once to show the design again.
          await draw(`Summer sale again ${i.toString(36)}`, true);
          inProcess.push(...(await timed(1, () => draw(`Summer sale ${i.toString(36)}`, true))));
        }
        const box = { width: 1080, height: 1080, format: 'jpeg' as const, quality: 90 };
        // Alternated, so that load on the shared machine falls on both alike.
        const plain: number[] = [];
        const optimized: number[] = [];
        for (let i = 0; i < n; i++) {
          plain.push(...(await timed(1, () => capture(page, box))));
          optimized.push(...(await timed(1, () => capture(page, { ...box, optimizeForSpeed: true }))));
        }
        return { inProcess, inProcessCold, capture: plain, captureOptimized: optimized };
      },
      { timeoutMs: 600_000 },
    );
  } finally {
    await supervisor.stop();
  }
}

async function timed(n: number, run: (i: number) => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await run(i);
    out.push(performance.now() - t);
  }
  return out;
}

/** The bytes the render task would fetch: the example's `file:` assets, read from disk. */
function resourcesOf(design: StaticDesign, refs: readonly AssetRef[]): Map<string, Resource> {
  const out = new Map<string, Resource>();
  for (const a of refs) {
    if (a.source.kind !== 'design_asset') continue;
    const src = resolveSource(design, `asset:${a.source.name}`);
    if (src.kind === 'file')
      out.set(a.ref, { bytes: readFileSync(join(DIR, src.path)), contentType: TYPES[src.path.split('.').pop() ?? ''] ?? '' });
  }
  return out;
}
