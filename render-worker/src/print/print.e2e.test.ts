import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';
import type { PrinterDesign } from '@pressroom/model';
import { parseImportPayload, resolveSource } from '@pressroom/model';
import { parseExampleDocument } from '@pressroom/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparePng } from '../../test/golden/compare.js';
import { BrowserSupervisor } from '../browser/index.js';
import type { AssetSourceLike } from '../fetch/load-asset.js';
import type { Resource } from '../fetch/resource.js';
import { findOutputProfilePath, loadOutputProfile } from './output-profile.js';
import { type PrintDesign, renderPrintPdf } from './render-print.js';

/** Both print examples and a page of 100 % K text through the whole print route, checked with poppler and Ghostscript. */
const HERE = dirname(fileURLToPath(import.meta.url));
const EXAMPLES = join(HERE, '../../../examples/designs');
const GOLDEN = join(HERE, '../../test/golden');
const TYPES: Record<string, string> = { svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg' };
const work = mkdtempSync(join(tmpdir(), 'pressroom-print-'));

function example(file: string): { design: PrintDesign; json: unknown } {
  const json = JSON.parse(readFileSync(join(EXAMPLES, file), 'utf8')) as unknown;
  const parsed = parseExampleDocument(json);
  if (!parsed.ok) throw new Error(`${file}: ${JSON.stringify(parsed.issues)}`);
  return { design: parsed.design as PrintDesign, json };
}

function loaderFor(design: PrintDesign) {
  return async (source: AssetSourceLike): Promise<Resource | null> => {
    if (source.kind !== 'design_asset') return null;
    const src = resolveSource(design, `asset:${source.name}`);
    if (src.kind !== 'file') return null;
    return { bytes: readFileSync(join(EXAMPLES, src.path)), contentType: TYPES[src.path.split('.').pop() ?? ''] ?? '' };
  };
}

/** Every solid CMYK and every gradient stop the document states (shadows are rasters, see docs/print.md). */
function statedColours(json: unknown): { solids: Set<string>; stops: Set<string> } {
  const solids = new Set<string>();
  const stops = new Set<string>();
  const asPdf = (m: RegExpMatchArray) => [m[1], m[2], m[3], m[4]].map((v) => String(Number(v) / 100)).join(' ');
  const walk = (v: unknown, key: string) => {
    if (typeof v === 'string' && /color(_\d+)?$/.test(key) && !key.endsWith('shadow_color')) {
      const re = /cmyk\((\d+),(\d+),(\d+),(\d+)\)/g;
      for (const m of v.matchAll(re)) (v.includes('gradient') ? stops : solids).add(asPdf(m));
    } else if (Array.isArray(v)) {
      for (const x of v) walk(x, '');
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) walk(x, k);
    }
  };
  walk(json, '');
  return { solids, stops };
}

/** Decoded content of every Flate stream of the file (content streams, forms, images alike). */
function streams(pdf: Buffer): string[] {
  const out: string[] = [];
  const text = pdf.toString('latin1');
  for (const m of text.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    try {
      out.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // not Flate (fonts are, images too; nothing else is written)
    }
  }
  return out;
}

function run(cmd: string, args: string[]): string {
  return execFileSync(cmd, args, { encoding: 'utf8' });
}

function boxes(file: string): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const line of run('pdfinfo', ['-box', file]).split('\n')) {
    const m = /^(MediaBox|TrimBox|BleedBox):\s+(.*)$/.exec(line);
    if (m) out[m[1]!] = m[2]!.trim().split(/\s+/).map(Number);
  }
  return out;
}

const MM = 72 / 25.4;
const profilePath = findOutputProfilePath(null);
let supervisor: BrowserSupervisor;
beforeAll(() => {
  supervisor = new BrowserSupervisor({ poolSize: 1 });
});
afterAll(async () => {
  await supervisor.stop();
});

async function print(design: PrintDesign, frames: string[], options = { cropMarks: false, safeZone: false }): Promise<string> {
  const out = await renderPrintPdf(supervisor, {
    design,
    pages: frames.map((frame) => ({ frame, overrides: { layers: {}, vars: {} } })),
    options,
    loadAsset: loaderFor(design),
    profile: loadOutputProfile(profilePath!),
    signal: new AbortController().signal,
    timeoutMs: 120_000,
  });
  const file = join(work, `${design.name.replace(/\W+/g, '-')}-${frames.join('-')}.pdf`);
  writeFileSync(file, out.bytes);
  return file;
}

const cases = [
  { file: 'printer-cafe-flyer.json', golden: 'print-cafe-flyer', text: 'Slow mornings, good coffee.' },
  { file: 'printer-multipage-catalogue.json', golden: 'print-catalogue', text: 'The Brew Catalogue' },
];

describe.skipIf(profilePath === null)('print PDFs of the examples', () => {
  it.each(cases)('$file: boxes, fonts, text, CMYK only, images, golden pages', async ({ file, golden, text }) => {
    const { design, json } = example(file);
    const frames = design.type === 'printer_multipage' ? design.pages.map((p) => p.id) : design.formats.map((f) => f.name);
    for (const frame of design.type === 'printer' ? frames : [frames.join(',')]) {
      const pdfFile = await print(design, frame.split(','));
      const pdf = readFileSync(pdfFile);

      // Boxes: media = trim + bleed on every side, trim = the format, bleed box = trim + bleed.
      const size = design.type === 'printer' ? (design as PrinterDesign).formats.find((f) => f.name === frame)! : design.page_size;
      const bleed = (design.type === 'printer' ? (size as { bleed?: number | null }).bleed : null) ?? design.print.bleed;
      const b = boxes(pdfFile);
      const w = size.width * MM;
      const h = size.height * MM;
      const o = bleed * MM;
      expect(b['MediaBox']![2]).toBeCloseTo(w + 2 * o, 1);
      expect(b['MediaBox']![3]).toBeCloseTo(h + 2 * o, 1);
      expect(b['TrimBox']).toEqual([o, o, o + w, o + h].map((v) => expect.closeTo(v, 1)));
      expect(b['BleedBox']).toEqual(b['MediaBox']);

      // Fonts embedded and subset; the text reads back.
      const fonts = run('pdffonts', [pdfFile]).trim().split('\n').slice(2);
      expect(fonts.length).toBeGreaterThan(0);
      for (const row of fonts) expect(row).toMatch(/\byes\s+yes\s+(yes|no)\s+\d+\s+\d+\s*$/);
      expect(run('pdftotext', [pdfFile, '-']).replace(/\s+/g, ' ')).toContain(text);

      // Every stated CMYK paint is an exact k/K operator, every gradient stop an exact shading colour,
      // and nothing RGB is left in any content stream or colour space.
      const decoded = streams(pdf);
      const content = decoded.join('\n');
      const { solids, stops } = statedColours(json);
      for (const c of solids) expect(content, `cmyk ${c}`).toMatch(new RegExp(`(^|\\s)${c.replaceAll('.', '\\.')} [kK](\\s|$)`, 'm'));
      const raw = pdf.toString('latin1');
      for (const c of stops) expect(raw, `stop ${c}`).toMatch(new RegExp(`/C[01] \\[ ${c.replaceAll('.', '\\.')} \\]`));
      for (const s of decoded) expect(s).not.toMatch(/(^|\s)(rg|RG)(\s|$)/m);
      expect(raw).not.toMatch(/DeviceRGB|ICCBased|CalRGB/);
      expect(raw).toMatch(/\/OutputIntents \[\s*<<[\s\S]*\/S \/GTS_PDFX/);

      // Images: CMYK, at most the format's dpi at their placed size.
      const images = run('pdfimages', ['-list', pdfFile]).trim().split('\n').slice(2);
      for (const row of images) {
        const cols = row.trim().split(/\s+/);
        expect(cols[5], row).toBe('cmyk');
        expect(Number(cols[12])).toBeLessThanOrEqual(design.print.dpi + 1);
        expect(Number(cols[13])).toBeLessThanOrEqual(design.print.dpi + 1);
      }

      // Golden raster of every page (CMYK as poppler previews it).
      const pageIds = frame.split(',');
      for (const [i, pageId] of pageIds.entries()) {
        const n = String(i + 1);
        const png = execFileSync('pdftoppm', ['-r', '24', '-f', n, '-l', n, '-png', pdfFile]);
        const goldenFile = join(GOLDEN, `${golden}-${pageId}.png`);
        if (process.env['UPDATE_GOLDENS']) writeFileSync(goldenFile, png);
        const result = await comparePng(png, readFileSync(goldenFile), { threshold: 40, maxRatio: 0.01 });
        if (!result.same) writeFileSync(goldenFile.replace(/\.png$/, '.actual.png'), png);
        expect(result.reason, pageId).toBeNull();
      }
    }
  });

  it('a page of cmyk(0,0,0,100) text in inches: boxes in inches, ink in K only', async () => {
    const parsed = parseImportPayload(
      {
        name: 'Black text',
        type: 'printer',
        unit: 'in',
        formats: [{ name: 'card', width: 5, height: 7, bleed_size: 0.125, safe_size: 0.25, background_color: 'cmyk(0,0,0,0)' }],
        layers: [
          {
            name: 'body',
            type: 'text',
            layout: { card: { x: 0.5, y: 0.5, width: 4, height: 6 } },
            properties: { payload: 'Rich black is not black. '.repeat(30), font: 'Lora', font_size: 14, color: 'cmyk(0,0,0,100)' },
          },
        ],
      },
      { requireTarget: false },
    );
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const pdfFile = await print(parsed.design as PrintDesign, ['card'], { cropMarks: false, safeZone: false });
    const b = boxes(pdfFile);
    expect(b['MediaBox']).toEqual([0, 0, 378, 522]);
    expect(b['TrimBox']).toEqual([9, 9, 369, 513]);
    expect(b['BleedBox']).toEqual([0, 0, 378, 522]);
    const ink = run('gs', ['-q', '-o', '-', '-sDEVICE=inkcov', pdfFile]).trim().split(/\s+/).slice(0, 4).map(Number);
    expect(ink.slice(0, 3)).toEqual([0, 0, 0]);
    expect(ink[3]).toBeGreaterThan(0.005);
  });

  it('crop marks widen the sheet, keep the trim and bleed boxes, and print in the slug', async () => {
    const { design } = example('printer-cafe-flyer.json');
    const pdfFile = await print(design, ['a6'], { cropMarks: true, safeZone: true });
    const b = boxes(pdfFile);
    const slug = 7 * MM;
    expect(b['MediaBox']![2]).toBeCloseTo((105 + 6) * MM + 2 * slug, 1);
    expect(b['TrimBox']![0]).toBeCloseTo(slug + 3 * MM, 1);
    expect(b['BleedBox']![0]).toBeCloseTo(slug, 1);
    expect(streams(readFileSync(pdfFile)).join('\n')).toMatch(/1 1 1 1 K/);
  });
});
