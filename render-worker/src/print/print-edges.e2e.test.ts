import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseImportPayload, resolveSource } from '@pressroom/model';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparePng } from '../../test/golden/compare.js';
import { BrowserSupervisor } from '../browser/index.js';
import type { AssetSourceLike } from '../fetch/load-asset.js';
import type { Resource } from '../fetch/resource.js';
import { findOutputProfilePath, loadOutputProfile } from './output-profile.js';
import { type PrintDesign, renderPrintPdf } from './render-print.js';

/**
 * Print edges (docs/print.md, "Edges"): one layer of every print layer type on white paper, at
 * fractional millimetres, printed at 150 and 300 dpi and rasterised by poppler at the same DPI.
 * No page may show a hairline (an isolated faint 1-px line), and at 300 dpi each page matches its
 * golden (`print-edge-<type>.png`, `UPDATE_GOLDENS=1` rewrites them) within a tight tolerance.
 */
const HERE = dirname(fileURLToPath(import.meta.url));
const ASSETS = join(HERE, '../../../examples/designs/assets');
const GOLDEN = join(HERE, '../../test/golden');
const TYPES: Record<string, string> = { svg: 'image/svg+xml', jpg: 'image/jpeg', png: 'image/png' };
const work = mkdtempSync(join(tmpdir(), 'pressroom-print-edges-'));
const profilePath = findOutputProfilePath(null);

const BOX = { x: 6.3, y: 5.7, width: 40.3, height: 17.3 };
const TINT = 'cmyk(0,10,20,30)';
const CASES: { type: string; properties: Record<string, unknown>; extra?: Record<string, unknown>[] }[] = [
  {
    type: 'rating',
    properties: { rating_score: 70, star_dimension: 6.5, star_margin: 1.5, star_color: 'cmyk(0,20,60,0)', background_color: TINT },
  },
  { type: 'shape', properties: { background_color: TINT } },
  { type: 'text', properties: { payload: 'Edges', font_size: 24, color: 'cmyk(0,0,0,100)', background_color: TINT } },
  { type: 'button', properties: { payload: 'Order', font_size: 18, color: 'cmyk(0,0,0,100)', background_color: TINT, radius: 2 } },
  { type: 'image', properties: { src: 'latte.jpg', mask_name: 'rounded_corners' } },
  { type: 'logo', properties: { src: 'logo-lumen.svg' } },
  {
    type: 'illustration',
    properties: { illustration_file: 'coffee-bean.svg', illustration_properties: { primary_color: 'cmyk(20,60,80,45)' } },
  },
  { type: 'qrcode', properties: { payload: 'https://edges.example/', foreground_color: 'cmyk(0,0,0,100)', background_color: TINT } },
];

function design(type: string, properties: Record<string, unknown>, dpi: number): PrintDesign {
  return printDesign([{ name: 'l', type, layout: BOX, properties }], dpi);
}

function printDesign(layers: Record<string, unknown>[], dpi: number): PrintDesign {
  const parsed = parseImportPayload(
    {
      name: `Edge ${String(layers[0]?.['type'])}`,
      type: 'printer',
      unit: 'mm',
      formats: [{ name: 'f', dpi, width: 53.3, height: 29.1, bleed_size: 3, safe_size: 0, background_color: 'cmyk(0,0,0,0)' }],
      layers,
    },
    { requireTarget: false },
  );
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.design as PrintDesign;
}

function loaderFor(d: PrintDesign) {
  return async (source: AssetSourceLike): Promise<Resource | null> => {
    if (source.kind !== 'design_asset') return null;
    const src = resolveSource(d, `asset:${source.name}`);
    if (src.kind !== 'file') return null;
    return { bytes: readFileSync(join(ASSETS, src.path)), contentType: TYPES[src.path.split('.').pop() ?? ''] ?? '' };
  };
}

let supervisor: BrowserSupervisor;
beforeAll(() => {
  supervisor = new BrowserSupervisor({ poolSize: 1 });
});
afterAll(async () => {
  await supervisor.stop();
});

async function printPage(d: PrintDesign, dpi: number): Promise<Buffer> {
  const out = await renderPrintPdf(supervisor, {
    design: d,
    pages: [{ frame: 'f', overrides: { layers: {}, vars: {} } }],
    options: { cropMarks: false, safeZone: false },
    loadAsset: loaderFor(d),
    profile: loadOutputProfile(profilePath!),
    signal: new AbortController().signal,
    timeoutMs: 120_000,
  });
  const file = join(work, `${d.name.replace(/\W+/g, '-')}-${dpi}.pdf`);
  writeFileSync(file, out.bytes);
  execFileSync('pdftoppm', ['-r', String(dpi), '-png', '-singlefile', file, file.replace(/\.pdf$/, '')]);
  return readFileSync(file.replace(/\.pdf$/, '.png'));
}

/**
 * Runs of at least `minRun` faint pixels (off paper by at most `faint` levels in every channel,
 * but off it) on one row or column, with paper on both sides across the run: a hairline.
 */
export async function hairlines(png: Buffer, { minRun = 20, faint = 80 } = {}): Promise<string[]> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const off = (x: number, y: number) => {
    const i = (y * width + x) * 3;
    return Math.max(255 - data[i]!, 255 - data[i + 1]!, 255 - data[i + 2]!);
  };
  const paper = (x: number, y: number) => off(x, y) <= 2;
  const isFaint = (x: number, y: number) => {
    const o = off(x, y);
    return o > 2 && o <= faint;
  };
  const found: string[] = [];
  for (const horizontal of [true, false]) {
    const [lines, along] = horizontal ? [height, width] : [width, height];
    for (let l = 1; l < lines - 1; l++) {
      let run = 0;
      for (let a = 0; a <= along; a++) {
        const [x, y] = horizontal ? [a, l] : [l, a];
        const [bx, by, ax, ay] = horizontal ? [x, y - 1, x, y + 1] : [x - 1, y, x + 1, y];
        if (a < along && isFaint(x, y) && paper(bx, by) && paper(ax, ay)) {
          run++;
          continue;
        }
        if (run >= minRun) found.push(`${horizontal ? 'row' : 'column'} ${l}, ${run} px from ${a - run}`);
        run = 0;
      }
    }
  }
  return found;
}

describe.skipIf(profilePath === null)('print edges', () => {
  it('the detector finds a faint 1-px line and nothing on plain paper', async () => {
    const paper = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    expect(await hairlines(paper)).toEqual([]);
    const line = await sharp(paper)
      .composite([
        {
          input: await sharp({ create: { width: 120, height: 1, channels: 3, background: { r: 249, g: 243, b: 232 } } })
            .png()
            .toBuffer(),
          left: 40,
          top: 50,
        },
      ])
      .png()
      .toBuffer();
    expect(await hairlines(line)).toEqual(['row 50, 120 px from 40']);
  });

  it.each(CASES)('$type: no hairline at 150 or 300 dpi; the 300 dpi golden', async ({ type, properties }) => {
    for (const dpi of [150, 300]) {
      const png = await printPage(design(type, properties, dpi), dpi);
      expect(await hairlines(png), `${type} at ${dpi} dpi`).toEqual([]);
      if (dpi !== 300) continue;
      const goldenFile = join(GOLDEN, `print-edge-${type}.png`);
      if (process.env['UPDATE_GOLDENS'] || !existsSync(goldenFile)) {
        if (!process.env['UPDATE_GOLDENS']) throw new Error(`no golden for ${type}; run with UPDATE_GOLDENS=1 and review ${goldenFile}`);
        writeFileSync(goldenFile, png);
      }
      // Tight: a hairline is a few levels off paper along one row, a few hundred pixels.
      const result = await comparePng(png, readFileSync(goldenFile), { threshold: 6, maxRatio: 0.0005 });
      if (!result.same) writeFileSync(goldenFile.replace(/\.png$/, '.actual.png'), png);
      expect(result.reason, type).toBeNull();
    }
  });
});

async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return (x: number, y: number) => {
    const i = (Math.round(y) * info.width + Math.round(x)) * 3;
    return [data[i]!, data[i + 1]!, data[i + 2]!];
  };
}

describe.skipIf(profilePath === null)('print bleed', () => {
  it('a rectangle and a cover image touching the trim edge reach the bleed box', async () => {
    // 53.3 × 29.1 mm, 3 mm bleed: the rectangle covers the left half of the trim, the image the
    // right half; a text sits on the top edge. Tint and photo must reach the sheet's edge.
    const d = printDesign(
      [
        { name: 'band', type: 'shape', layout: { x: 0, y: 0, width: 26.65, height: 29.1 }, properties: { background_color: TINT } },
        { name: 'photo', type: 'image', layout: { x: 26.65, y: 0, width: 26.65, height: 29.1 }, properties: { src: 'latte.jpg' } },
        {
          name: 'title',
          type: 'text',
          layout: { x: 0, y: 0, width: 20, height: 8 },
          properties: { payload: 'Top', font_size: 20, color: 'cmyk(0,0,0,100)', text_align: 'top left' },
        },
      ],
      300,
    );
    const dpi = 300;
    const png = await printPage(d, dpi);
    const file = join(work, 'Edge-shape-300.pdf');
    const box = execFileSync('pdfinfo', ['-box', file], { encoding: 'utf8' });
    const bleedBox = /BleedBox:\s+(.*)/.exec(box)![1]!.trim().split(/\s+/).map(Number);
    const mediaBox = /MediaBox:\s+(.*)/.exec(box)![1]!.trim().split(/\s+/).map(Number);
    expect(bleedBox).toEqual(mediaBox);
    const at = await pixels(png);
    const px = (mm: number) => (mm * dpi) / 25.4;
    const tint = at(px(3 + 10), px(3 + 20));
    expect(tint).not.toEqual([255, 255, 255]);
    // The bleed zone, half a millimetre from the sheet's edge, on every side the rectangle touches.
    for (const [x, y] of [
      [0.5, 3 + 20],
      [3 + 10, 0.5],
      [3 + 10, 3 + 29.1 + 2.5],
      [0.5, 0.5],
    ] as const) {
      expect(at(px(x), px(y)), `tint at ${x},${y} mm`).toEqual(tint);
    }
    // The photo reaches the right, top and bottom edges of the sheet: no paper there.
    for (const [x, y] of [
      [3 + 53.3 + 2.5, 3 + 15],
      [3 + 40, 0.5],
      [3 + 40, 3 + 29.1 + 2.5],
    ] as const) {
      expect(at(px(x), px(y)), `photo at ${x},${y} mm`).not.toEqual([255, 255, 255]);
    }
  });
});
