// A property that could have no effect on its layer (docs/overrides.md, "Properties that need
// another") is refused at submit, on every generation endpoint, with its path and what it needs;
// nothing is queued. Sent with what it needs, or to a layer that has it, it is accepted.
import { memoryDesignSource } from '@pressroom/platform';
import { exampleDesign } from '@pressroom/platform/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { createProject } from '../services/projects.js';

let h: Harness;
let app: FastifyInstance;
const ws = { id: '', key: '' };
const designs = memoryDesignSource([]);
let sale = '';
let catalogue = '';

beforeAll(async () => {
  h = await createHarness({ RATE_LIMIT_GLOBAL_PER_SECOND: '1000' });
  app = await h.build({}, undefined, designs);
  Object.assign(ws, await h.workspace());
  const project = await createProject(h.db.pool, ws.id, 'Edges');
  const summer = await exampleDesign('static-summer-sale.json', { workspaceId: ws.id, projectId: project!.id });
  const brew = await exampleDesign('printer-multipage-catalogue.json', { workspaceId: ws.id, projectId: project!.id });
  designs.add(summer);
  designs.add(brew);
  sale = summer.id;
  catalogue = brew.id;
});

afterAll(() => h?.close());

type Answer = { id?: string; errors?: { path: string; code: string; message: string }[] };

async function post(url: string, payload: unknown) {
  const res = await app.inject({ method: 'POST', url, headers: { 'x-api-key': ws.key }, payload: payload as object });
  return { status: res.statusCode, body: res.json() as Answer };
}

async function requests(): Promise<number> {
  const { rows } = await h.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM generation_requests WHERE workspace_id = $1', [
    ws.id,
  ]);
  return rows[0]!.n;
}

describe('a property with nothing to show on its layer', () => {
  it.each([
    ['sync', () => `/banner-builder/${sale}/generate`, { template_format_name: 'square' }],
    ['async', () => `/async/banner-builder/${sale}/generate`, { template_format_names: ['square'] }],
  ])('%s generate: a shadow blur on a layer without a shadow colour is 400 at its path, naming shadow_color', async (_m, url, body) => {
    const before = await requests();
    const res = await post(url(), { ...body, elements: { headline: { shadow_blur: 10 }, 'hero-photo': { stroke_width: 8 } } });
    expect([res.status, res.body.id], JSON.stringify(res.body)).toEqual([400, 'invalid_payload']);
    expect(res.body.errors).toEqual([
      { path: 'elements.headline.shadow_blur', code: 'invalid_payload', message: expect.stringMatching(/without a shadow_color/) },
      { path: 'elements.hero-photo.stroke_width', code: 'invalid_payload', message: expect.stringMatching(/without a stroke_color/) },
    ]);
    expect(await requests()).toBe(before);
  });

  it('async generate: accepted with what it needs in the request, or on a layer that has it (the cta has a shadow)', async () => {
    const res = await post(`/async/banner-builder/${sale}/generate`, {
      template_format_names: ['square'],
      elements: { headline: { shadow_blur: 10, shadow_color: '#000000' }, cta: { shadow_blur: 4 } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('generate-multipage-pdf: the path names the page', async () => {
    const res = await post(`/async/banner-builder/${catalogue}/generate-multipage-pdf`, {
      pages: { page_1: { 'cover-photo': { overlay_direction: 'vertical' } } },
    });
    expect([res.status, res.body.errors?.map((e) => e.path)], JSON.stringify(res.body)).toEqual([
      400,
      ['pages.page_1.cover-photo.overlay_direction'],
    ]);
  });
});

describe('a layer or property given twice', () => {
  // JSON.parse keeps the last of two equal keys: the first layer's overrides would be accepted and
  // have no effect. Only the raw text shows the repeat, so it is sent as text.
  async function postText(url: string, text: string) {
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { 'x-api-key': ws.key, 'content-type': 'application/json' },
      payload: text,
    });
    return { status: res.statusCode, body: res.json() as Answer };
  }

  it('sync and async generate: 400 invalid_payload at the second one, nothing queued', async () => {
    const before = await requests();
    for (const [url, body] of [
      [
        `/banner-builder/${sale}/generate`,
        '{"template_format_name":"square","elements":{"headline":{"payload":"A"},"headline":{"color":"#ffffff"}}}',
      ],
      [
        `/async/banner-builder/${sale}/generate`,
        '{"template_format_names":["square"],"elements":{"headline":{"payload":"A","payload":"B"}}}',
      ],
    ] as const) {
      const res = await postText(url, body);
      expect([res.status, res.body.id], JSON.stringify(res.body)).toEqual([400, 'invalid_payload']);
      expect(res.body.errors).toEqual([
        {
          path: expect.stringMatching(/^elements\.headline(\.payload)?$/),
          code: 'invalid_payload',
          message: expect.stringMatching(/is given more than once/),
        },
      ]);
    }
    expect(await requests()).toBe(before);
  });

  it('the same layer names in two pages are not a repeat', async () => {
    const res = await postText(
      `/async/banner-builder/${catalogue}/generate-multipage-pdf`,
      '{"pages":{"page_1":{"cover-photo":{}},"page_2":{"cover-photo":{}}}}',
    );
    expect(res.body.errors?.some((e) => /more than once/.test(e.message)) ?? false, JSON.stringify(res.body)).toBe(false);
  });
});
