import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FormatDesign } from '@pressroom/model';
import { resolveSource } from '@pressroom/model';
import { loadFontCatalogue, parseExampleDocument } from '@pressroom/platform';
import { type AssetRef, planRender } from '@pressroom/renderer';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserSupervisor, withPage } from '../browser/index.js';
import { renderToImage } from './render-to-image.js';
import type { Resource } from './types.js';

/** Every format of every example design renders at its size, with every asset supplied. */
const DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../examples/designs');
const TYPES: Record<string, string> = { svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' };

function load(file: string): FormatDesign | null {
  const result = parseExampleDocument(JSON.parse(readFileSync(join(DIR, file), 'utf8')));
  if (!result.ok) throw new Error(`${file}: ${JSON.stringify(result.issues)}`);
  return result.design.type === 'printer_multipage' ? null : result.design;
}

/** The bytes the render task would fetch: example `file:` assets from disk, `data:` URLs decoded. */
function resourcesOf(design: FormatDesign, refs: readonly AssetRef[]): Map<string, Resource> {
  const out = new Map<string, Resource>();
  for (const a of refs) {
    if (a.source.kind === 'base64')
      out.set(a.ref, { bytes: Buffer.from(a.source.data, 'base64'), contentType: a.source.contentType ?? '' });
    if (a.source.kind !== 'design_asset') continue;
    const src = resolveSource(design, `asset:${a.source.name}`);
    if (src.kind === 'file')
      out.set(a.ref, { bytes: readFileSync(join(DIR, src.path)), contentType: TYPES[src.path.split('.').pop() ?? ''] ?? '' });
    if (src.kind === 'data') {
      const comma = src.url.indexOf(',');
      const head = src.url.slice(0, comma);
      const body = src.url.slice(comma + 1);
      const bytes = head.endsWith(';base64') ? Buffer.from(body, 'base64') : Buffer.from(decodeURIComponent(body));
      out.set(a.ref, { bytes, contentType: head.slice(5).split(';')[0] ?? '' });
    }
  }
  return out;
}

let supervisor: BrowserSupervisor;
beforeAll(() => {
  supervisor = new BrowserSupervisor({ poolSize: 1 });
});
afterAll(async () => {
  await supervisor.stop();
});

const cases = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .flatMap((file) => {
    const design = load(file);
    return design ? design.formats.map((f) => [file, f.name, design] as const) : [];
  });

describe('example designs', () => {
  it('has examples to render', () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  it.each(cases)('%s / %s', async (_file, format, design) => {
    const plan = planRender({ catalogue: loadFontCatalogue(), design, formatName: format });
    const resources = resourcesOf(design, plan.assets);
    const wanted = plan.assets.filter((a) => a.purpose !== 'font').map((a) => a.ref);
    expect([...resources.keys()].sort()).toEqual(wanted.sort());
    const file = await withPage(
      supervisor,
      (page, ctx) => renderToImage({ plan, page, registerAsset: ctx.registerAsset, resources, output: { type: 'jpeg' } }),
      { timeoutMs: 60_000 },
    );
    const meta = await sharp(file.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', plan.width, plan.height]);
    // Not a blank page: a designed image has many distinct colors.
    expect((await sharp(file.bytes).stats()).entropy).toBeGreaterThan(2);
  });
});
