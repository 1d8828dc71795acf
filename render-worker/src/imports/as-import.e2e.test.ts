// as-import → re-import → render: each example design, written back in the import format by
// `toImportPayload` and parsed again, draws the same pixels as the original in every format
// (static and printer), every page (multipage) and at three moments (animated). Drawn by the
// code the render jobs run; the HTTP half of the round trip (signed asset URLs, a target added)
// is e2e/control-plane/routes/designs.int.test.ts.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AnimatedDesign, type Design, type FormatDesign, toImportPayload, VIDEO_FPS } from '@pressroom/model';
import { loadExampleDocuments, loadFontCatalogue, parseExampleDocument, resolveFfmpegPath } from '@pressroom/platform';
import { planRender } from '@pressroom/renderer';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleAssetLoader } from '../../test/example-assets.js';
import { createChromiumAnimator } from '../animation/render-animation.js';
import { BrowserSupervisor, withPage } from '../browser/index.js';
import { findOutputProfilePath, loadOutputProfile } from '../print/output-profile.js';
import { type PrintDesign, renderPrintPdf } from '../print/render-print.js';
import { renderToImage } from '../static/render-to-image.js';

const NONE = { layers: {}, vars: {} };
const work = mkdtempSync(join(tmpdir(), 'pressroom-as-import-'));
const profilePath = findOutputProfilePath(null);

function parsed(json: unknown): Design {
  const r = parseExampleDocument(json);
  if (!r.ok) throw new Error(JSON.stringify(r.issues.slice(0, 3)));
  return r.design;
}

async function still(design: FormatDesign, formatName: string): Promise<Buffer> {
  const plan = planRender({ catalogue: loadFontCatalogue(), design, formatName });
  const load = exampleAssetLoader(design);
  const resources = new Map();
  for (const a of plan.assets) {
    const r = await load(a.source as never);
    if (r) resources.set(a.ref, r);
  }
  const file = await withPage(
    supervisor,
    (page, ctx) => renderToImage({ plan, page, registerAsset: ctx.registerAsset, resources, output: { type: 'png' } }),
    { timeoutMs: 60_000 },
  );
  return file.bytes;
}

async function printPages(design: PrintDesign, frames: string[]): Promise<Buffer[]> {
  const out = await renderPrintPdf(supervisor, {
    design,
    pages: frames.map((frame) => ({ frame, overrides: NONE })),
    options: { cropMarks: false, safeZone: false },
    loadAsset: exampleAssetLoader(design),
    profile: loadOutputProfile(profilePath!),
    signal: new AbortController().signal,
    timeoutMs: 120_000,
  });
  const file = join(work, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, out.bytes);
  return frames.map((_, i) => execFileSync('pdftoppm', ['-r', '36', '-f', String(i + 1), '-l', String(i + 1), '-png', file]));
}

async function samePixels(a: Buffer, b: Buffer, what: string): Promise<void> {
  const [ra, rb] = await Promise.all([a, b].map((x) => sharp(x).raw().toBuffer({ resolveWithObject: true })));
  expect([rb!.info.width, rb!.info.height], what).toEqual([ra!.info.width, ra!.info.height]);
  expect(rb!.data.equals(ra!.data), `${what}: the re-imported design draws other pixels`).toBe(true);
}

let supervisor: BrowserSupervisor;
beforeAll(() => {
  supervisor = new BrowserSupervisor({ poolSize: 1 });
});
afterAll(async () => {
  await supervisor.stop();
});

const examples = loadExampleDocuments().map(({ file, json }) => {
  const original = parsed(json);
  const { payload, warnings } = toImportPayload(original);
  return { file, original, copy: parsed(JSON.parse(JSON.stringify(payload))), warnings };
});

describe('as-import → re-import → render', () => {
  it.each(examples)(
    '$file: the export warns of nothing but the kept fit floor, and re-imports to the same design',
    ({ original, copy, warnings }) => {
      // The one deliberate difference from Abyssale's export (docs/design-format.md): a text that
      // shrinks to fit keeps its starting font_size and min_font_size, and says so.
      const kept = (w: (typeof warnings)[number]) => w.code === 'property_not_representable' && (w.path ?? '').endsWith('.min_font_size');
      expect(warnings.filter((w) => !kept(w))).toEqual([]);
      expect(copy).toEqual(original);
    },
  );

  it.each(examples.filter((e) => e.original.type === 'static'))(
    '$file draws the same pixels in every format',
    async ({ original, copy }) => {
      for (const f of (original as FormatDesign).formats) {
        await samePixels(await still(original as FormatDesign, f.name), await still(copy as FormatDesign, f.name), f.name);
      }
    },
  );

  it.skipIf(profilePath === null).each(examples.filter((e) => e.original.type === 'printer' || e.original.type === 'printer_multipage'))(
    '$file prints the same pages',
    async ({ original, copy }) => {
      const frames =
        original.type === 'printer_multipage' ? original.pages.map((p) => p.id) : (original as FormatDesign).formats.map((f) => f.name);
      const a = await printPages(original as PrintDesign, frames);
      const b = await printPages(copy as PrintDesign, frames);
      for (const [i, page] of a.entries()) await samePixels(page, b[i]!, frames[i]!);
    },
  );

  it.each(examples.filter((e) => e.original.type === 'animated'))('$file draws the same frames', async ({ original, copy }) => {
    const animator = createChromiumAnimator(supervisor, { timeoutMs: 120_000, ffmpegPath: resolveFfmpegPath(process.env.FFMPEG_PATH) });
    const frame = (design: AnimatedDesign, formatName: string, index: number) =>
      animator.frames({
        design,
        formatName,
        overrides: NONE,
        fileType: 'mp4',
        loadAsset: exampleAssetLoader(design),
        loadMedia: async () => null,
        withSoundtrack: false,
        signal: new AbortController().signal,
        fps: VIDEO_FPS,
        start: index,
        end: index + 1,
      });
    for (const f of (original as AnimatedDesign).formats) {
      for (const index of [8, 30, 100]) {
        const [a, b] = [await frame(original as AnimatedDesign, f.name, index), await frame(copy as AnimatedDesign, f.name, index)];
        await samePixels(a.bytes, b.bytes, `${f.name} frame ${index}`);
      }
    }
  });
});
