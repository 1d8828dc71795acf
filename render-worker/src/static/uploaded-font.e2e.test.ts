import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FontCatalogue, RenderRefusedError, uploadedFontCssFamily, withUploadedFonts } from '@pressroom/model';
import { loadFontCatalogue, parseFontFile } from '@pressroom/platform';
import { planRender } from '@pressroom/renderer';
import { testDesign, testOverrides } from '@pressroom/renderer/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparePng } from '../../test/golden/compare.js';
import { BrowserSupervisor, withPage } from '../browser/index.js';
import { renderToImage } from './render-to-image.js';

// An uploaded face as the render worker sees it once RenderFonts.prepare has put it on disk.
const TTF = readFileSync('/usr/share/fonts/truetype/liberation2/LiberationSerif-Bold.ttf');
const ID = '5f0c2a8e-3b1d-4c6e-9a7f-1e2d3c4b5a69';

function catalogueWith(path: string): FontCatalogue {
  const parsed = parseFontFile(TTF);
  return withUploadedFonts(loadFontCatalogue(), {
    fonts: [{ id: ID, name: 'Liberation Serif', available_weights: [700], category: 'serif', type: 'custom' }],
    faces: new Map([
      [
        ID,
        [
          {
            family: uploadedFontCssFamily(ID),
            weight: 700,
            style: 'normal',
            unicodeRange: parsed.unicodeRange,
            subset: 'upload',
            path,
            source: { sha256: parsed.sha256, storageKey: 'unused', format: 'ttf' },
          },
        ],
      ],
    ]),
  });
}

describe('an uploaded face in the static pipeline', () => {
  let supervisor: BrowserSupervisor;
  const dir = mkdtempSync(join(tmpdir(), 'pressroom-uploaded-face-'));
  beforeAll(() => {
    supervisor = new BrowserSupervisor({ poolSize: 1 });
  });
  afterAll(async () => {
    await supervisor.stop();
  });

  const render = (catalogue: FontCatalogue, font: string) => {
    const design = testDesign(
      [
        {
          name: 'title',
          type: 'text',
          box: [10, 10, 380, 100],
          properties: { payload: 'Hamburgefonstiv', font, font_size: 48, font_weight: 700 },
        },
      ],
      { background: '#ffffff', width: 400, height: 120 },
    );
    const plan = planRender({ catalogue, design, formatName: 'g', overrides: testOverrides({}) });
    return withPage(
      supervisor,
      (page, ctx) =>
        renderToImage({ plan, page, registerAsset: ctx.registerAsset, resources: new Map(), catalogue, output: { type: 'png' } }),
      { timeoutMs: 60_000 },
    );
  };

  it('draws with the uploaded file, not the default font', async () => {
    const path = join(dir, 'good.ttf');
    writeFileSync(path, TTF);
    const catalogue = catalogueWith(path);
    const [uploaded, plain] = await Promise.all([render(catalogue, ID), render(catalogue, 'Inter')]);
    expect((await comparePng(uploaded.bytes, plain.bytes)).same).toBe(false);
  });

  it('a face the browser cannot decode refuses the render naming the layer, never a fallback', async () => {
    const path = join(dir, 'broken.ttf');
    writeFileSync(path, Buffer.concat([TTF.subarray(0, 12), Buffer.alloc(4000, 7)]));
    const refused = await render(catalogueWith(path), ID).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(RenderRefusedError);
    expect((refused as RenderRefusedError).layer).toBe('title');
  });
});
