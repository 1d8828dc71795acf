import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fontIdForSlug, RenderRefusedError } from '@pressroom/model';
import { loadFontCatalogue } from '@pressroom/platform';
import { planRender } from '@pressroom/renderer';
import { testDesign, testOverrides } from '@pressroom/renderer/testing';
import type { Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparePng } from '../../test/golden/compare.js';
import { FIXTURES, type Fixture } from '../../test/golden/fixtures.js';
import { resourcesFor, starPngBase64 } from '../../test/golden/resources.js';
import { BrowserSupervisor, withPage } from '../browser/index.js';
import { renderToImage } from './render-to-image.js';
import type { RenderOutput } from './types.js';

/**
 * Golden images: every fixture is rendered to PNG by real Chromium and compared with the
 * committed image in render-worker/test/golden (tolerance in compare.ts). `UPDATE_GOLDENS=1`
 * rewrites them; look at the changed files before committing.
 */
const GOLDEN_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../test/golden');
const UPDATE = process.env.UPDATE_GOLDENS === '1';

let supervisor: BrowserSupervisor;
beforeAll(() => {
  supervisor = new BrowserSupervisor({ poolSize: 1 });
});
afterAll(async () => {
  await supervisor.stop();
});

async function render<T = undefined>(fixture: Fixture, output: RenderOutput = { type: 'png' }, inspect?: (page: Page) => Promise<T>) {
  const overrides = { ...fixture.overrides };
  if (fixture.name === 'button-icons') overrides.encoded = { icon_encoded: await starPngBase64() };
  const design = testDesign(fixture.elements, {
    background: fixture.background ?? null,
    ...(fixture.variables ? { variables: fixture.variables } : {}),
    ...(fixture.assets ? { assets: fixture.assets } : {}),
  });
  const plan = planRender({ catalogue: loadFontCatalogue(), design, formatName: 'g', overrides: testOverrides(overrides) });
  const resources = await resourcesFor(plan, fixture.assets);
  return withPage(
    supervisor,
    async (page, ctx) => {
      const file = await renderToImage({ plan, page, registerAsset: ctx.registerAsset, resources, output });
      return { file, inspected: inspect ? await inspect(page) : undefined };
    },
    { timeoutMs: 60_000 },
  );
}

/** Families Chromium actually used for each text run, from CDP (custom = a web font we served). */
async function platformFonts(page: Page): Promise<{ family: string; custom: boolean; glyphs: number }[]> {
  const cdp = await page.createCDPSession();
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector: '.pr-run' });
  const out: { family: string; custom: boolean; glyphs: number }[] = [];
  for (const nodeId of nodeIds) {
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    for (const f of fonts) out.push({ family: f.familyName, custom: f.isCustomFont, glyphs: f.glyphCount });
  }
  await cdp.detach();
  return out;
}

describe('golden images', () => {
  it.each(FIXTURES.map((f) => [f.name, f] as const))('%s', async (name, fixture) => {
    const { file, inspected } = await render(fixture, { type: 'png' }, fixture.glyphFamilies ? platformFonts : undefined);
    expect(file).toMatchObject({ contentType: 'image/png', width: 320, height: 240 });
    const path = join(GOLDEN_DIR, `${name}.png`);
    if (UPDATE || !existsSync(path)) {
      if (!UPDATE) throw new Error(`no golden for ${name}; run with UPDATE_GOLDENS=1 and review ${path}`);
      mkdirSync(GOLDEN_DIR, { recursive: true });
      writeFileSync(path, file.bytes);
    } else {
      const result = await comparePng(file.bytes, readFileSync(path));
      if (!result.same) writeFileSync(join(GOLDEN_DIR, `${name}.actual.png`), file.bytes);
      expect(result.reason).toBeNull();
    }
    if (fixture.glyphFamilies) {
      // No missing-glyph boxes: every glyph came from one of our served fonts, none from a system
      // fallback (which could draw .notdef boxes, or hide a font we failed to load).
      const used = inspected ?? [];
      expect(used.length).toBeGreaterThan(0);
      for (const f of used) {
        expect(f.custom, `${f.family} is a system font`).toBe(true);
        // The platform name is the file's own (a variable CJK font reports e.g. "Noto Sans JP Thin").
        expect(
          fixture.glyphFamilies.some((family) => f.family.startsWith(family)),
          f.family,
        ).toBe(true);
      }
    }
  });
});

describe('fitting failures', () => {
  const base = { name: 'fail', background: '#ffffff' };
  const long = 'This sentence is far too long for such a small box at any allowed size';

  it('auto_resize that cannot reach a fit answers cannot_build_banner naming the layer', async () => {
    const fixture: Fixture = {
      ...base,
      elements: [
        {
          name: 'headline',
          type: 'text',
          box: [10, 10, 120, 30],
          properties: { payload: long, font: 'Inter', font_size: 30, auto_resize: true, min_font_size: 20 },
        },
      ],
    };
    const error = await render(fixture).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RenderRefusedError);
    expect(error).toMatchObject({ code: 'cannot_build_banner', layer: 'headline' });
    expect((error as Error).message).toContain('"headline"');
  });

  it('max_lines exceeded without truncation answers cannot_build_banner', async () => {
    const fixture: Fixture = {
      ...base,
      elements: [
        { name: 'body', type: 'text', box: [10, 10, 300, 200], properties: { payload: long, font: 'Inter', font_size: 24, max_lines: 1 } },
      ],
    };
    await expect(render(fixture)).rejects.toMatchObject({ code: 'cannot_build_banner', layer: 'body' });
  });

  it('the same text with text_truncation renders', async () => {
    const fixture: Fixture = {
      ...base,
      elements: [
        {
          name: 'body',
          type: 'text',
          box: [10, 10, 300, 200],
          properties: { payload: long, font: 'Inter', font_size: 24, max_lines: 1, text_truncation: true },
        },
      ],
    };
    const { inspected } = await render(fixture, { type: 'png' }, (page) => page.$eval('.pr-run', (el) => el.textContent ?? ''));
    expect(inspected).toMatch(/…$/);
    expect((inspected ?? '').length).toBeLessThan(long.length);
  });

  it('auto_resize shrinks to a size between min_font_size and font_size', async () => {
    const fixture = FIXTURES.find((f) => f.name === 'text-auto-resize')!;
    const { inspected } = await render(fixture, { type: 'png' }, (page) =>
      page.$$eval('[data-fitted-size]', (els) => els.map((el) => Number((el as HTMLElement).dataset.fittedSize))),
    );
    const [shrunk, untouched, lines] = inspected ?? [];
    expect(shrunk).toBeGreaterThan(8);
    expect(shrunk).toBeLessThan(40);
    expect(untouched).toBe(40);
    expect(lines).toBeLessThan(30);
  });
});

describe('design fonts', () => {
  it('draws a text in a font the design brings, served from the fetched bytes', async () => {
    const lobster = loadFontCatalogue()
      .faces.get(fontIdForSlug('lobster'))!
      .find((f) => f.subset === 'latin')!;
    const design = testDesign(
      [{ name: 't', type: 'text', box: [10, 10, 300, 100], properties: { payload: 'Brand script', font: 'Brand Script', font_size: 40 } }],
      {
        fonts: [{ family: 'Brand Script', weight: 400, src: 'https://fonts.example/brand.woff2' }],
      },
    );
    const plan = planRender({ catalogue: loadFontCatalogue(), design, formatName: 'g' });
    const [ref] = plan.assets;
    expect(ref).toMatchObject({ purpose: 'font', source: { kind: 'url', url: 'https://fonts.example/brand.woff2' } });
    const resources = new Map([[ref!.ref, { bytes: readFileSync(lobster.path), contentType: 'font/woff2' }]]);
    const used = await withPage(
      supervisor,
      async (page, ctx) => {
        await renderToImage({ plan, page, registerAsset: ctx.registerAsset, resources, output: { type: 'png' } });
        return platformFonts(page);
      },
      { timeoutMs: 60_000 },
    );
    expect(used).toEqual([expect.objectContaining({ family: 'Lobster', custom: true })]);
  });
});

describe('outputs', () => {
  const fixture = FIXTURES.find((f) => f.name === 'shape-gradients')!;
  it.each([
    ['jpeg', 'image/jpeg', [0xff, 0xd8]],
    ['webp', 'image/webp', [0x52, 0x49]],
    ['avif', 'image/avif', null],
    ['pdf', 'application/pdf', [0x25, 0x50]],
  ] as const)('%s', async (type, contentType, magic) => {
    const { file } = await render(fixture, { type });
    expect(file.contentType).toBe(contentType);
    if (magic) expect([...file.bytes.subarray(0, 2)]).toEqual(magic);
    if (type === 'avif') expect(file.bytes.subarray(4, 12).toString('latin1')).toBe('ftypavif');
    if (type === 'pdf') expect(file.bytes.toString('latin1')).toMatch(/\/MediaBox \[0 0 240 180\]/);
  });
});
