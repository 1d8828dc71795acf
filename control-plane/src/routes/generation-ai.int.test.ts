// AI properties on the generation endpoints: an operation this farm cannot run is refused up front
// with 400 invalid_payload naming it (docs/ai.md), and nothing is queued or charged.
import { type AiOperation, unavailableMessage } from '@pressroom/model';
import {
  createLogger,
  createMetricsRegistry,
  createStorage,
  memoryDesignSource,
  type ObjectStorage,
  readCredits,
  recordOutcome,
} from '@pressroom/platform';
import { exampleDesign } from '@pressroom/platform/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { buildApp } from '../app.js';
import type { ControlPlaneConfig } from '../config.js';
import { createProject } from '../services/projects.js';
import { createKey, createWorkspace } from '../services/workspaces.js';

let h: Harness;
let app: FastifyInstance;
/** The same control plane with both local models configured. */
let withModels: FastifyInstance;
const ws = { id: '', key: '' };
let designId = '';
let storage: ObjectStorage;
const designs = memoryDesignSource([]);

function build(config: ControlPlaneConfig) {
  return buildApp({
    config,
    db: h.db.pool,
    logger: createLogger('test', 'silent'),
    metrics: createMetricsRegistry('control-plane'),
    publicBaseUrl: 'http://localhost:8080',
    storage,
    designs,
  });
}

beforeAll(async () => {
  h = await createHarness({ RATE_LIMIT_GLOBAL_PER_SECOND: '1000' });
  storage = await createStorage(h.config, { publicBaseUrl: 'http://localhost:8080', dataDir: h.dataDir });
  app = await build(h.config);
  withModels = await build({ ...h.config, aiRemoveBgModel: '/models/rmbg.onnx', aiUpscaleModel: '/models/sr.onnx', creditCostAi: 2 });
  Object.assign(ws, await h.workspace());
  const project = await createProject(h.db.pool, ws.id, 'Campaigns');
  const design = await exampleDesign('static-summer-sale.json', { workspaceId: ws.id, projectId: project!.id });
  designs.add(design);
  designId = design.id;
});

afterAll(async () => {
  await app?.close();
  await withModels?.close();
  await h?.close();
});

async function post(url: string, payload: unknown, on = app, key = ws.key) {
  const res = await on.inject({ method: 'POST', url, headers: { 'x-api-key': key }, payload: payload as object });
  return {
    status: res.statusCode,
    body: res.json() as { id?: string; generation_request_id?: string; errors?: { path: string; code: string; message: string }[] },
  };
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

async function consumed(workspaceId: string): Promise<{ generation: number; ai: number }> {
  const credits = await readCredits(h.db.pool, workspaceId);
  return { generation: credits.generation.consumed, ai: credits.ai.consumed };
}

describe('AI operations with a model configured', () => {
  it('accepts them and spends CREDIT_COST_AI per operation per file; a failed file gives its share back', async () => {
    const before = await consumed(ws.id);
    const res = await post(
      async_(),
      { template_format_names: ['square', 'landscape'], elements: { 'hero-photo': { remove_bg: true, upscale: true } } },
      withModels,
    );
    expect(res.status).toBe(200);
    // 2 operations × 2 credits × 2 files (the workspace has 10); the files themselves cost generation credits as before.
    expect(await consumed(ws.id)).toEqual({ generation: before.generation + 2, ai: before.ai + 8 });

    const requestId = res.body.generation_request_id!;
    await recordOutcome(
      h.db.pool,
      requestId,
      { kind: 'error', formatName: 'square', errorId: 'cannot_build_banner', reason: 'upscale failed: x' },
      storage,
    );
    expect(await consumed(ws.id)).toEqual({ generation: before.generation + 1, ai: before.ai + 4 });
  });

  it('answers 429 rate_limit_exceeded without enough AI credits, spending and queuing nothing', async () => {
    const poor = await createWorkspace(h.db.pool, { name: 'Poor', plan: 'pro', credits: 100, aiCredits: 1 });
    const key = await createKey(h.db.pool, poor.id);
    const project = await createProject(h.db.pool, poor.id, 'Campaigns');
    const design = await exampleDesign('static-summer-sale.json', { workspaceId: poor.id, projectId: project!.id });
    designs.add(design);
    const url = `/async/banner-builder/${design.id}/generate`;
    const res = await post(url, { template_format_names: ['square'], elements: { 'hero-photo': { remove_bg: true } } }, withModels, key);
    expect(res.status).toBe(429);
    expect(res.body.id).toBe('rate_limit_exceeded');
    expect(await consumed(poor.id)).toEqual({ generation: 0, ai: 0 });
    const { rows } = await h.db.pool.query('SELECT 1 FROM generation_requests WHERE workspace_id = $1', [poor.id]);
    expect(rows).toEqual([]);
    // Without AI operations the same workspace generates as usual.
    expect((await post(url, { template_format_names: ['square'] }, withModels, key)).status).toBe(200);
  });

  it('still refuses the operations no model backs, and upscale on sync', async () => {
    const expand = await post(async_(), { elements: { 'hero-photo': { expand: true } } }, withModels);
    expect(expand.body.errors?.map((e) => e.message)).toEqual([unavailableMessage('expand')]);
    const sync = await post(`/banner-builder/${designId}/generate`, { elements: { 'hero-photo': { upscale: true } } }, withModels);
    expect(sync.status).toBe(400);
    expect(sync.body.errors?.map((e) => e.path)).toEqual(['elements.hero-photo.upscale']);
  });
});
