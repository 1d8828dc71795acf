// AI properties on the generation endpoints: an operation this farm cannot run is refused up front
// with 400 invalid_payload naming it (docs/ai.md), and nothing is queued or charged.
import { type AiOperation, unavailableMessage } from '@pressroom/shared/ai/refusals';
import { memoryDesignSource } from '@pressroom/shared/generation/design-source';
import { exampleDesign } from '@pressroom/shared/generation/testing/example-design';
import { createLogger } from '@pressroom/shared/logger';
import { createMetricsRegistry } from '@pressroom/shared/metrics/index';
import { createStorage } from '@pressroom/shared/storage/index';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { buildApp } from '../app.js';
import { createProject } from '../services/projects.js';

let h: Harness;
let app: FastifyInstance;
const ws = { id: '', key: '' };
let designId = '';

beforeAll(async () => {
  h = await createHarness({ RATE_LIMIT_GLOBAL_PER_SECOND: '1000' });
  const designs = memoryDesignSource([]);
  app = await buildApp({
    config: h.config,
    db: h.db.pool,
    logger: createLogger('test', 'silent'),
    metrics: createMetricsRegistry('control-plane'),
    publicBaseUrl: 'http://localhost:8080',
    storage: await createStorage(h.config, { publicBaseUrl: 'http://localhost:8080', dataDir: h.dataDir }),
    designs,
  });
  Object.assign(ws, await h.workspace());
  const project = await createProject(h.db.pool, ws.id, 'Campaigns');
  const design = await exampleDesign('static-summer-sale.json', { workspaceId: ws.id, projectId: project!.id });
  designs.add(design);
  designId = design.id;
});

afterAll(async () => {
  await app?.close();
  await h?.close();
});

async function post(url: string, payload: unknown) {
  const res = await app.inject({ method: 'POST', url, headers: { 'x-api-key': ws.key }, payload: payload as object });
  return { status: res.statusCode, body: res.json() as { id?: string; errors?: { path: string; code: string; message: string }[] } };
}

async function requestsAndSpend(): Promise<[number, number]> {
  const requests = await h.db.pool.query<{ n: string }>('SELECT count(*) AS n FROM generation_requests WHERE workspace_id = $1', [ws.id]);
  const spent = await h.db.pool.query<{ n: string }>(
    'SELECT COALESCE(sum(consumed), 0) AS n FROM credit_balances WHERE workspace_id = $1',
    [ws.id],
  );
  return [Number(requests.rows[0]!.n), Number(spent.rows[0]!.n)];
}

const sync = () => `/banner-builder/${designId}/generate`;
const async_ = () => `/async/banner-builder/${designId}/generate`;

describe('AI properties without a provider', () => {
  it.each([
    ['sync', sync, { remove_bg: true }, 'remove_bg'],
    ['async', async_, { remove_bg: true }, 'remove_bg'],
    ['async', async_, { text_to_image: 'a red bicycle on a sunny beach' }, 'text_to_image'],
    ['async', async_, { expand: true }, 'expand'],
    ['async', async_, { upscale: true, upscale_properties: { upscale_factor: 4 } }, 'upscale'],
  ])('%s refuses %o with 400 invalid_payload naming the operation, queuing and charging nothing', async (_mode, url, photo, op) => {
    const before = await requestsAndSpend();
    const res = await post(url(), { elements: { 'hero-photo': photo } });
    expect(res.status).toBe(400);
    expect(res.body.id).toBe('invalid_payload');
    expect(res.body.errors).toEqual([
      {
        path: `elements.hero-photo.${op}`,
        code: 'invalid_payload',
        message: unavailableMessage(op as AiOperation),
      },
    ]);
    expect(await requestsAndSpend()).toEqual(before);
  });

  it.each(['text_to_image', 'expand', 'upscale'])('sync refuses %s whatever the configuration', async (op) => {
    const res = await post(sync(), { elements: { 'hero-photo': { [op]: op === 'text_to_image' ? 'a red bicycle on a beach' : true } } });
    expect(res.status).toBe(400);
    expect(res.body.id).toBe('invalid_payload');
    expect(res.body.errors?.map((e) => e.path)).toEqual([`elements.hero-photo.${op}`]);
  });

  it('refuses focus_objects (no detector) but accepts auto_focus with the saliency settings', async () => {
    const refused = await post(async_(), { elements: { 'hero-photo': { auto_focus: true, focus_objects: ['dog'] } } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.map((e) => e.path)).toEqual(['elements.hero-photo.auto_focus_properties.focus_objects']);
    const accepted = await post(async_(), {
      template_format_names: ['square'],
      elements: { 'hero-photo': { auto_focus: true, auto_focus_model: 'people', focus_zoom: 'low', focus_target: 'left' } },
    });
    expect(accepted.status).toBe(200);
  });
});
