// `npm run bench:print` — how long does a press-ready CMYK PDF take on a warm render worker, and
// how big is it? One row per case: an A5 flyer with a photo (goal under 1 s warm) and a 12-page
// catalogue (goal under 5 s).
//
// Runs the print renderer in this process on a warm Chromium pool, the work a render_print job
// does between fetching the design and storing the file (layout, Chromium print, CMYK assembly
// with the image conversion), with the examples' assets from disk. The queue and storage add the
// few milliseconds of any job (`npm run bench:render`). No pass/fail on timings: the numbers
// depend on the machine. Add a case by adding a row to CASES.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MultipageDesign } from '@pressroom/model';
import { resolveSource } from '@pressroom/model';
import { EXAMPLES_DIR, parseExampleDocument } from '@pressroom/platform';
import { BrowserSupervisor } from '../src/browser/index.js';
import type { AssetSourceLike } from '../src/fetch/load-asset.js';
import type { Resource } from '../src/fetch/resource.js';
import { findOutputProfilePath, loadOutputProfile } from '../src/print/output-profile.js';
import { type PrintDesign, renderPrintPdf } from '../src/print/render-print.js';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 7);
const TYPES: Record<string, string> = { svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg' };

function example(file: string): PrintDesign {
  const parsed = parseExampleDocument(JSON.parse(readFileSync(join(EXAMPLES_DIR, file), 'utf8')));
  if (!parsed.ok) throw new Error(`${file} does not parse`);
  return parsed.design as PrintDesign;
}

/** The catalogue's pages repeated until it has `count` pages. */
function catalogueOf(count: number): MultipageDesign {
  const base = example('printer-multipage-catalogue.json') as MultipageDesign;
  const pages = Array.from({ length: count }, (_, i) => ({ ...base.pages[i % base.pages.length]!, id: `page_${i + 1}` }));
  return { ...base, pages };
}

const CASES: { name: string; goalMs: number; design: PrintDesign; frames: string[] }[] = [
  { name: 'A5 flyer with a photo', goalMs: 1000, design: example('printer-cafe-flyer.json'), frames: ['a5'] },
  (() => {
    const design = catalogueOf(12);
    return { name: '12-page catalogue', goalMs: 5000, design, frames: design.pages.map((p) => p.id) };
  })(),
];

const loaderFor =
  (design: PrintDesign) =>
  async (source: AssetSourceLike): Promise<Resource | null> => {
    if (source.kind !== 'design_asset') return null;
    const src = resolveSource(design, `asset:${source.name}`);
    if (src.kind !== 'file') return null;
    return { bytes: readFileSync(join(EXAMPLES_DIR, src.path)), contentType: TYPES[src.path.split('.').pop() ?? ''] ?? '' };
  };

const profilePath = findOutputProfilePath(process.env['PRINT_CMYK_PROFILE'] ?? null);
if (profilePath === null) throw new Error('No CMYK profile: install ghostscript or set PRINT_CMYK_PROFILE.');
const profile = loadOutputProfile(profilePath);
const supervisor = new BrowserSupervisor({ poolSize: 2 });
const rows: string[] = ['| Case | Pages | p50 | min | max | PDF size | Goal |', '|---|---|---|---|---|---|---|'];
try {
  for (const c of CASES) {
    const once = () =>
      renderPrintPdf(supervisor, {
        design: c.design,
        pages: c.frames.map((frame) => ({ frame, overrides: { layers: {}, vars: {} } })),
        options: { cropMarks: false, safeZone: false },
        loadAsset: loaderFor(c.design),
        profile,
        signal: new AbortController().signal,
        timeoutMs: 120_000,
      });
    await once(); // warm: browser, fonts, the ICC table
    const times: number[] = [];
    let size = 0;
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      size = (await once()).bytes.length;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const p50 = times[Math.floor(times.length / 2)]!;
    rows.push(
      `| ${c.name} | ${c.frames.length} | ${Math.round(p50)} ms | ${Math.round(times[0]!)} ms | ${Math.round(times.at(-1)!)} ms | ${(size / 1024).toFixed(0)} KiB | < ${c.goalMs} ms${p50 < c.goalMs ? '' : ' (missed)'} |`,
    );
  }
} finally {
  await supervisor.stop();
}
process.stdout.write(`${rows.join('\n')}\n`);
