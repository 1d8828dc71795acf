// Fonts on the generation endpoints: a `font` id the workspace cannot name (GET /fonts does not list
// it) is 400 unknown_font at its path on every design type and every endpoint (docs/fonts.md),
// never a render that falls back to the default font; nothing is queued or charged.
import { randomUUID } from 'node:crypto';
import { loadFontCatalogue, memoryDesignSource } from '@pressroom/platform';
import { exampleDesign } from '@pressroom/platform/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { createProject } from '../services/projects.js';

let h: Harness;
let app: FastifyInstance;
const ws = { id: '', key: '' };
const designs = memoryDesignSource([]);
/** Design id by example file. */
const ids: Record<string, string> = {};
const EXAMPLES = ['static-summer-sale.json', 'animated-product-launch.json', 'printer-cafe-flyer.json', 'printer-multipage-catalogue.json'];

beforeAll(async () => {
  h = await createHarness({ RATE_LIMIT_GLOBAL_PER_SECOND: '1000' });
  app = await h.build({}, undefined, designs);
  Object.assign(ws, await h.workspace());
  const project = await createProject(h.db.pool, ws.id, 'Fonts');
  for (const file of EXAMPLES) {
    const design = await exampleDesign(file, { workspaceId: ws.id, projectId: project!.id });
    designs.add(design);
    ids[file] = design.id;
  }
});

afterAll(() => h?.close());

async function post(url: string, payload: unknown) {
  const res = await app.inject({ method: 'POST', url, headers: { 'x-api-key': ws.key }, payload: payload as object });
  return { status: res.statusCode, body: res.json() as { id?: string; errors?: { path: string; code: string; received?: unknown }[] } };
}

async function requests(): Promise<number> {
  const { rows } = await h.db.pool.query<{ n: string }>('SELECT count(*) AS n FROM generation_requests WHERE workspace_id = $1', [ws.id]);
  return Number(rows[0]!.n);
}

/** A well-formed font id no workspace has. */
const NOBODY = randomUUID();

describe('an unknown font in a generation request', () => {
  it.each([
    ['static', 'static-summer-sale.json', 'headline'],
    ['animated', 'animated-product-launch.json', 'headline'],
    ['printer', 'printer-cafe-flyer.json', 'headline'],
    ['printer_multipage', 'printer-multipage-catalogue.json', 'title'],
  ])('async generate on a %s design is 400 unknown_font at elements.<layer>.font', async (_type, file, layer) => {
    const before = await requests();
    const res = await post(`/async/banner-builder/${ids[file]}/generate`, { elements: { [layer]: { font: NOBODY } } });
    expect([res.status, res.body.id], JSON.stringify(res.body)).toEqual([400, 'unknown_font']);
    expect(res.body.errors).toEqual([expect.objectContaining({ path: `elements.${layer}.font`, code: 'unknown_font', received: NOBODY })]);
    expect(await requests()).toBe(before);
  });

  it('sync generate on a static design, and the multipage endpoint, answer the same at their own paths', async () => {
    const sync = await post(`/banner-builder/${ids['static-summer-sale.json']}/generate`, { elements: { headline: { font: NOBODY } } });
    expect([sync.status, sync.body.id, sync.body.errors?.[0]?.path]).toEqual([400, 'unknown_font', 'elements.headline.font']);
    const multipage = await post(`/async/banner-builder/${ids['printer-multipage-catalogue.json']}/generate-multipage-pdf`, {
      pages: { page_1: { title: { font: NOBODY } } },
    });
    expect([multipage.status, multipage.body.id, multipage.body.errors?.[0]?.path]).toEqual([
      400,
      'unknown_font',
      'pages.page_1.title.font',
    ]);
  });

  it('a bundled font passes on the multipage design (the check refuses only what GET /fonts does not list)', async () => {
    const font = loadFontCatalogue().fonts[0]!.id;
    const res = await post(`/async/banner-builder/${ids['printer-multipage-catalogue.json']}/generate`, { elements: { title: { font } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});
