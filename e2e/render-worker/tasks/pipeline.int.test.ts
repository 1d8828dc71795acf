// The generation pipeline on real Postgres and real storage: the control plane's endpoints, the
// LISTEN/NOTIFY wait, graphile-worker, the render_static task and Banner records. Chromium is
// replaced by a sharp stand-in here (the e2e tests run the real one).
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@pressroom/control-plane/app';
import { loadControlPlaneConfig } from '@pressroom/control-plane/config';
import { createProject } from '@pressroom/control-plane/services/projects';
import { createKey, createWorkspace } from '@pressroom/control-plane/services/workspaces';
import type { RenderStaticPayload } from '@pressroom/model';
import {
  createGenerationRequest,
  createLogger,
  createMetricsRegistry,
  createStorage,
  memoryDesignSource,
  purgeExpiredRequests,
  spendCredits,
  startWorkerRuntime,
  type WorkerRuntime,
} from '@pressroom/platform';
import { exampleDesign, type TestDatabase, testDatabase, until } from '@pressroom/platform/testing';
import { loadRenderWorkerConfig } from '@pressroom/render-worker/config';
import type { RenderDeps } from '@pressroom/render-worker/deps';
import { BUNDLED_FONTS_ONLY } from '@pressroom/render-worker/static/render-fonts';
import { renderStaticTask } from '@pressroom/render-worker/static/task';
import { renderTaskList } from '@pressroom/render-worker/tasks/index';
import { createRenderMetrics } from '@pressroom/render-worker/tasks/metrics';
import { noAnimationRenderer, standInRenderer } from '@pressroom/render-worker/tasks/testing/stand-in-renderer';
import type { FastifyInstance } from 'fastify';
import type { JobHelpers } from 'graphile-worker';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json } from './testing/farm-processes.js';

let db: TestDatabase;
let app: FastifyInstance;
let worker: WorkerRuntime;
let deps: RenderDeps;
let renders = 0;
const designs = memoryDesignSource([]);
const ws = { id: '', key: '', projectId: '' };
let summer: Awaited<ReturnType<typeof exampleDesign>>;

async function post(url: string, payload: unknown, key = ws.key) {
  const res = await app.inject({ method: 'POST', url, headers: { 'x-api-key': key }, payload: payload as object });
  return { status: res.statusCode, body: res.json() as Record<string, Json> };
}
async function get(url: string, key = ws.key) {
  const res = await app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
  return { status: res.statusCode, body: res.json() as Record<string, Json> };
}
async function credits(workspaceId = ws.id): Promise<number> {
  const { rows } = await db.pool.query<{ consumed: string }>(
    `SELECT consumed FROM credit_balances WHERE workspace_id = $1 AND kind = 'generation'`,
    [workspaceId],
  );
  return Number(rows[0]!.consumed);
}
async function pollUntilFinal(id: string): Promise<Record<string, Json>> {
  return until(
    `generation request ${id} to be final`,
    async () => {
      const res = await get(`/generation-request/${id}`);
      if (res.status === 200) return res.body;
      expect(res.status).toBe(202);
      return undefined;
    },
    { timeoutMs: 20_000, intervalMs: 100 },
  );
}

/** The render_static job of one format of the Summer Sale design, as the control plane enqueues it. */
function staticJob(requestId: string, bannerId: string, format: string): RenderStaticPayload {
  return {
    v: 1,
    generation_request_id: requestId,
    banner_id: bannerId,
    workspace_id: ws.id,
    design_id: summer.id,
    format_name: format,
    file_type: 'jpeg',
    overrides: { layers: {}, vars: {} },
    priority: 'async',
    enqueued_at: Date.now(),
  };
}

beforeAll(async () => {
  db = await testDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), 'pressroom-pipeline-'));
  const env = {
    DATABASE_URL: db.url,
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SYNC_RENDER_TIMEOUT_MS: '4000',
    RATE_LIMIT_GLOBAL_PER_SECOND: '1000',
  };
  const config = loadControlPlaneConfig(env);
  const storage = await createStorage(config, { publicBaseUrl: 'http://localhost:8080', dataDir });
  const logger = createLogger('test', 'silent');
  app = await buildApp({
    config,
    db: db.pool,
    logger,
    metrics: createMetricsRegistry('control-plane'),
    publicBaseUrl: 'http://localhost:8080',
    storage,
    designs,
  });
  await app.ready();

  const w = await createWorkspace(db.pool, { name: 'Acme', plan: 'pro', credits: 50, aiCredits: 0 });
  ws.id = w.id;
  ws.key = await createKey(db.pool, w.id);
  ws.projectId = (await createProject(db.pool, w.id, 'Campaigns'))!.id;
  summer = await exampleDesign('static-summer-sale.json', { workspaceId: ws.id, projectId: ws.projectId });
  designs.add(summer);

  const metrics = new Registry();
  deps = {
    config: loadRenderWorkerConfig(env),
    db: db.pool,
    storage,
    logger,
    metrics,
    renderMetrics: createRenderMetrics(metrics),
    designs,
    render: standInRenderer({ refuseFormats: ['story'], onRender: () => renders++ }),
    animation: noAnimationRenderer(),
    fonts: BUNDLED_FONTS_ONLY,
    gate: null,
  };
  worker = await startWorkerRuntime({
    role: 'render-worker',
    db: db.pool,
    taskList: renderTaskList(deps),
    concurrency: 2,
    logger,
    metrics,
    pollIntervalMs: 200,
  });
});

afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await db?.drop();
});

describe('POST /banner-builder/<id>/generate', () => {
  it('renders one file and answers the Banner, spending one credit', async () => {
    const before = await credits();
    const res = await post(`/banner-builder/${summer.id}/generate`, {
      template_format_name: 'square',
      elements: { headline: { payload: 'Hi' } },
    });
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b).toMatchObject({
      version: 1,
      file: { type: 'jpeg', filename: 'northwind-summer-sale-social-set-square.jpeg' },
      format: { id: 'square', unit: 'px', width: 1080, height: 1080 },
      template: { id: summer.id, name: summer.design.name, created_at: 1_700_000_000, updated_at: 1_700_000_100 },
      project: { id: ws.projectId, name: 'Campaigns' },
    });
    expect(b.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.sharing_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.file.url).toMatch(/^http/);
    expect(b.file.cdn_url).toMatch(/^http/);
    expect(b.image).toEqual({ type: b.file.type, url: b.file.url });
    expect(await credits()).toBe(before + 1);

    const again = await get(`/banners/${b.id}`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: b.id, version: 1, sharing_id: b.sharing_id, format: b.format, template: b.template });

    const { rows } = await db.pool.query('SELECT storage_key FROM banners WHERE id = $1', [b.id]);
    expect((await deps.storage.head(rows[0].storage_key))?.size).toBeGreaterThan(100);
  });

  it('uses the first format and the requested file type when asked', async () => {
    const res = await post(`/banner-builder/${summer.id}/generate`, { image_file_type: 'png' });
    expect(res.status).toBe(200);
    expect(res.body.file.type).toBe('png');
    expect(res.body.format.id).toBe(summer.design.type === 'static' ? summer.design.formats[0]!.name : '');
  });

  it('maps a render refusal to 400 cannot_build_banner naming the layer, and refunds the credit', async () => {
    const before = await credits();
    const res = await post(`/banner-builder/${summer.id}/generate`, { elements: { headline: { payload: 'REFUSE' } } });
    expect(res.status).toBe(400);
    expect(res.body.id).toBe('cannot_build_banner');
    expect(res.body.message).toContain('headline');
    expect(await credits()).toBe(before);
  });

  it('answers 500 internal_server_error past the sync budget', async () => {
    const res = await post(`/banner-builder/${summer.id}/generate`, { elements: { headline: { payload: 'SLOW:6000' } } });
    expect(res.status).toBe(500);
    expect(res.body.id).toBe('internal_server_error');
  });

  it('validates the request before spending anything', async () => {
    const before = await credits();
    const cases: [unknown, number, string][] = [
      [{ template_format_name: 'nope' }, 404, 'format_not_found'],
      [{ image_file_type: 'mp4' }, 400, 'invalid_filetype'],
      [{ elements: { headline: 'bare string' } }, 400, 'invalid_payload'],
      [{ elements: { 'hero-photo': { text_to_image: 'a cat' } } }, 400, 'invalid_payload'],
      [{ elements: { 'hero-photo': { upscale: { factor: 2 } } } }, 400, 'invalid_payload'],
      [{ template_format_name: 3 }, 400, 'invalid_payload'],
    ];
    for (const [body, status, id] of cases) {
      const res = await post(`/banner-builder/${summer.id}/generate`, body);
      expect({ body, status: res.status, id: res.body.id }).toEqual({ body, status, id });
    }
    expect(await credits()).toBe(before);
  });

  it('answers template_not_found, template_not_static (animated and print) and feature_not_in_plan; accepts animated designs on a plan with them', async () => {
    expect((await post('/banner-builder/00000000-0000-4000-8000-000000000000/generate', {})).body.id).toBe('template_not_found');
    const other = await createWorkspace(db.pool, { name: 'Other', plan: 'pro', credits: 5, aiCredits: 0 });
    const otherKey = await createKey(db.pool, other.id);
    const notFound = await post(`/banner-builder/${summer.id}/generate`, {}, otherKey);
    expect([notFound.status, notFound.body.id]).toEqual([404, 'template_not_found']);

    const animated = await exampleDesign('animated-product-launch.json', { workspaceId: ws.id, projectId: ws.projectId });
    designs.add(animated);
    const notStatic = await post(`/banner-builder/${animated.id}/generate`, {});
    expect([notStatic.status, notStatic.body.id]).toEqual([400, 'template_not_static']);
    // Print designs are async only: the sync endpoint refuses them as it refuses animated ones.
    const printer = await exampleDesign('printer-cafe-flyer.json', { workspaceId: ws.id, projectId: ws.projectId });
    designs.add(printer);
    const printSync = await post(`/banner-builder/${printer.id}/generate`, {});
    expect([printSync.status, printSync.body.id]).toEqual([400, 'template_not_static']);
    // Animated designs are accepted on a plan that includes them, at CREDIT_COST_ANIMATION (5) per file.
    const studio = await createWorkspace(db.pool, { name: 'Studio', plan: 'pro', credits: 20, aiCredits: 0 });
    const studioKey = await createKey(db.pool, studio.id);
    const studioAnimated = await exampleDesign('animated-product-launch.json', { workspaceId: studio.id, projectId: ws.projectId });
    designs.add(studioAnimated);
    const accepted = await post(`/async/banner-builder/${studioAnimated.id}/generate`, { image_file_type: 'gif' }, studioKey);
    expect([accepted.status, typeof accepted.body.generation_request_id]).toEqual([200, 'string']);
    expect(await credits(studio.id)).toBe(20 - 2 * 5);

    const basic = await createWorkspace(db.pool, { name: 'Basic', plan: 'basic', credits: 5, aiCredits: 0 });
    const basicKey = await createKey(db.pool, basic.id);
    const basicAnimated = await exampleDesign('animated-product-launch.json', { workspaceId: basic.id, projectId: ws.projectId });
    designs.add(basicAnimated);
    for (const url of [`/banner-builder/${basicAnimated.id}/generate`, `/async/banner-builder/${basicAnimated.id}/generate`]) {
      const res = await post(url, {}, basicKey);
      expect([res.status, res.body.id, res.body.errors]).toEqual([429, 'feature_not_in_plan', undefined]);
    }
  });

  it('takes original_visual_id as the asynchronous endpoint does: the next version of that visual, or the spec errors', async () => {
    const url = `/banner-builder/${summer.id}/generate`;
    const first = await post(url, { template_format_name: 'square' });
    expect(first.status).toBe(200);
    const expectError = async (body: unknown, status: number, id: string) => {
      const res = await post(url, body);
      expect([res.status, res.body.id]).toEqual([status, id]);
    };
    await expectError({ template_format_name: 'square', original_visual_id: 'abc' }, 400, 'invalid_payload');
    await expectError(
      { template_format_name: 'square', original_visual_id: '00000000-0000-4000-8000-000000000000' },
      404,
      'visual_not_found',
    );
    // No format named: the design's first one (square), as the sync endpoint always renders one.
    await expectError({ template_format_name: 'landscape', original_visual_id: first.body.id }, 404, 'not_related_to_same_format');
    const twin = await exampleDesign('static-summer-sale.json', { workspaceId: ws.id, projectId: ws.projectId });
    designs.add(twin);
    const other = await post(`/banner-builder/${twin.id}/generate`, { template_format_name: 'square', original_visual_id: first.body.id });
    expect([other.status, other.body.id]).toEqual([404, 'not_related_to_same_template']);
    const next = await post(url, { original_visual_id: first.body.id });
    expect(next.status).toBe(200);
    expect([next.body.version, next.body.sharing_id]).toEqual([2, first.body.sharing_id]);
    expect(next.body.id).not.toBe(first.body.id);
  });

  it('refuses a JSON null body with 400 invalid_payload at body, on the sync and the async endpoint, spending nothing', async () => {
    const before = await credits();
    for (const url of [`/banner-builder/${summer.id}/generate`, `/async/banner-builder/${summer.id}/generate`]) {
      const res = await app.inject({
        method: 'POST',
        url,
        payload: 'null',
        headers: { 'x-api-key': ws.key, 'content-type': 'application/json' },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ id: 'invalid_payload', errors: [{ path: 'body', code: 'invalid_payload' }] });
    }
    // No body at all still renders the saved content.
    const empty = await app.inject({ method: 'POST', url: `/banner-builder/${summer.id}/generate`, headers: { 'x-api-key': ws.key } });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(await credits()).toBe(before + 1);
  });

  it('answers 429 rate_limit_exceeded without credits and leaves nothing queued', async () => {
    const poor = await createWorkspace(db.pool, { name: 'Poor', plan: 'pro', credits: 0, aiCredits: 0 });
    const poorKey = await createKey(db.pool, poor.id);
    const design = await exampleDesign('static-summer-sale.json', { workspaceId: poor.id, projectId: ws.projectId });
    designs.add(design);
    const res = await post(`/banner-builder/${design.id}/generate`, {}, poorKey);
    expect([res.status, res.body.id]).toEqual([429, 'rate_limit_exceeded']);
    const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM generation_requests WHERE workspace_id = $1', [poor.id]);
    expect(rows[0].n).toBe(0);
  });
});

describe('POST /async/banner-builder/<id>/generate', () => {
  it('renders every format; a failing format lands in errors[]; the request finalises and announces NEW_BANNER_BATCH', async () => {
    const before = await credits();
    const res = await post(`/async/banner-builder/${summer.id}/generate`, { callback_url: 'https://hooks.example.test/x' });
    expect(res.status).toBe(200);
    expect(res.body.version).toMatch(/^v\d{4}-\d{2}-\d{2}$/);
    const final = await pollUntilFinal(res.body.generation_request_id);
    expect(final.is_finalized).toBe(true);
    expect(final.banners.map((b: Json) => b.format.id).sort()).toEqual(['landscape', 'square']);
    expect(final.errors).toEqual([{ template_format_name: 'story', reason: expect.stringContaining('headline') }]);
    // Three credits spent, the failed format's one given back.
    expect(await credits()).toBe(before + 2);
    const events = await db.pool.query(`SELECT payload FROM webhook_events WHERE event_type = 'NEW_BANNER_BATCH'`);
    const event = events.rows.find((r) => r.payload.generation_request_id === res.body.generation_request_id);
    expect(event?.payload.banners).toHaveLength(2);
    const deliveries = await db.pool.query(`SELECT url FROM webhook_deliveries WHERE target_kind = 'callback'`);
    expect(deliveries.rows.map((r) => r.url)).toContain('https://hooks.example.test/x');
  });

  it('answers 202 while in progress', async () => {
    const res = await post(`/async/banner-builder/${summer.id}/generate`, {
      template_format_names: ['square'],
      elements: { headline: { payload: 'SLOW:1500' } },
    });
    const poll = await get(`/generation-request/${res.body.generation_request_id}`);
    expect([poll.status, poll.body.is_finalized, poll.body.banners]).toEqual([202, false, []]);
    expect((await pollUntilFinal(res.body.generation_request_id)).banners).toHaveLength(1);
  });

  it('follows the original_visual_id rules and bumps the version', async () => {
    const first = await pollUntilFinal(
      (await post(`/async/banner-builder/${summer.id}/generate`, { template_format_names: ['square'] })).body.generation_request_id,
    );
    const original = first.banners[0].id;
    const url = `/async/banner-builder/${summer.id}/generate`;
    const expectError = async (body: unknown, status: number, id: string) => {
      const res = await post(url, body);
      expect([res.status, res.body.id]).toEqual([status, id]);
    };
    await expectError({ template_format_names: ['square', 'landscape'], original_visual_id: original }, 400, 'more_than_one_format');
    await expectError(
      { template_format_names: ['square'], original_visual_id: '00000000-0000-4000-8000-000000000000' },
      404,
      'visual_not_found',
    );
    await expectError({ template_format_names: ['landscape'], original_visual_id: original }, 404, 'not_related_to_same_format');
    await expectError({ template_format_names: ['nope'] }, 404, 'format_not_found');
    const twin = await exampleDesign('static-summer-sale.json', { workspaceId: ws.id, projectId: ws.projectId });
    designs.add(twin);
    const other = await post(`/async/banner-builder/${twin.id}/generate`, {
      template_format_names: ['square'],
      original_visual_id: original,
    });
    expect([other.status, other.body.id]).toEqual([404, 'not_related_to_same_template']);

    const next = await post(url, { template_format_names: ['square'], original_visual_id: original });
    const regenerated = await pollUntilFinal(next.body.generation_request_id);
    // A new version of the same visual: a new file, the share URL kept.
    expect(regenerated.banners[0].version).toBe(2);
    expect(regenerated.banners[0].id).not.toBe(original);
    expect(regenerated.banners[0].sharing_id).toBe(first.banners[0].sharing_id);
    const third = await pollUntilFinal(
      (await post(url, { template_format_names: ['square'], original_visual_id: regenerated.banners[0].id })).body.generation_request_id,
    );
    expect([third.banners[0].version, third.banners[0].sharing_id]).toEqual([3, first.banners[0].sharing_id]);
  });

  it('gives an unrelated visual a sharing_id of its own', async () => {
    const url = `/async/banner-builder/${summer.id}/generate`;
    const a = await pollUntilFinal((await post(url, { template_format_names: ['square'] })).body.generation_request_id);
    const b = await pollUntilFinal((await post(url, { template_format_names: ['square'] })).body.generation_request_id);
    expect([a.banners[0].version, b.banners[0].version]).toEqual([1, 1]);
    expect(a.banners[0].sharing_id).not.toBe(b.banners[0].sharing_id);
  });
});

describe('GET /generation-request/<id>', () => {
  it('answers 404 for an unknown id and 410 once retention has passed', async () => {
    expect((await get('/generation-request/00000000-0000-4000-8000-000000000000')).body.id).toBe('generation_request_not_found');
    const res = await post(`/async/banner-builder/${summer.id}/generate`, { template_format_names: ['square'] });
    const id = res.body.generation_request_id;
    await pollUntilFinal(id);
    await db.pool.query(`UPDATE generation_requests SET finalized_at = now() - interval '8 days' WHERE id = $1`, [id]);
    const gone = await get(`/generation-request/${id}`);
    expect([gone.status, gone.body.id]).toEqual([410, 'generation_request_gone']);
    expect(await purgeExpiredRequests(db.pool)).toBeGreaterThanOrEqual(1);
    const { rows } = await db.pool.query('SELECT purged_at FROM generation_requests WHERE id = $1', [id]);
    expect(rows[0].purged_at).not.toBeNull();
    expect((await get(`/generation-request/${id}`)).status).toBe(410);
  });
});

describe('render_static idempotency', () => {
  it('running the same job twice stores exactly one banner and renders once', async () => {
    const res = await post(`/async/banner-builder/${summer.id}/generate`, { template_format_names: ['square'] });
    const id = res.body.generation_request_id;
    await pollUntilFinal(id);
    // Replay the job as a re-run after a killed worker would see it: same banner id, same format.
    const banner = await db.pool.query('SELECT id FROM banners WHERE generation_request_id = $1', [id]);
    const payload = staticJob(id, banner.rows[0].id, 'square');
    const helpers = { job: { id: '1', attempts: 1, max_attempts: 3 }, abortSignal: new AbortController().signal } as unknown as JobHelpers;
    const before = renders;
    await renderStaticTask(deps)(payload, helpers);
    expect(renders).toBe(before);
    const count = await db.pool.query('SELECT count(*)::int AS n FROM banners WHERE generation_request_id = $1', [id]);
    expect(count.rows[0].n).toBe(1);
  });

  it('a second run that gets past the pre-check still inserts nothing (the unique index decides)', async () => {
    const res = await post(`/async/banner-builder/${summer.id}/generate`, { template_format_names: ['landscape'] });
    const id = res.body.generation_request_id;
    const final = await pollUntilFinal(id);
    const { recordOutcome } = await import('@pressroom/platform');
    const row = (await db.pool.query('SELECT * FROM banners WHERE id = $1', [final.banners[0].id])).rows[0];
    const outcome = await recordOutcome(
      db.pool,
      id,
      { kind: 'banner', banner: { ...row, id: crypto.randomUUID(), original_banner_id: null } },
      deps.storage,
    );
    expect(outcome).toEqual({ recorded: false, finalized: false });
    const count = await db.pool.query('SELECT count(*)::int AS n FROM banners WHERE generation_request_id = $1', [id]);
    expect(count.rows[0].n).toBe(1);
  });
});

describe('a render_static job whose payload breaks its contract', () => {
  it('fails its file as any failed file fails: the error, the credit back, the request finalised and announced', async () => {
    const requestId = await createGenerationRequest(db.pool, {
      workspaceId: ws.id,
      designId: summer.id,
      kind: 'async',
      callbackUrl: 'https://hooks.example.test/broken',
      fileType: 'jpeg',
      expectedFiles: 2,
      creditPerFile: 1,
    });
    expect(await spendCredits(db.pool, ws.id, 'generation', 2, 'generation', requestId)).toBe(true);
    const spent = await credits();
    const square = staticJob(requestId, crypto.randomUUID(), 'square');
    // As a newer control plane might have enqueued it, or a corrupted row reads: a file type this
    // worker does not know, no priority.
    const { priority: _, ...landscape } = { ...square, banner_id: crypto.randomUUID(), format_name: 'landscape', file_type: 'avif' };
    for (const payload of [square, landscape])
      await db.pool.query('SELECT graphile_worker.add_job($1, $2::json)', ['render_static', JSON.stringify(payload)]);

    const final = await pollUntilFinal(requestId);
    expect(final.banners.map((b: Json) => b.format.id)).toEqual(['square']);
    expect(final.errors).toEqual([{ template_format_name: 'landscape', reason: expect.stringContaining('invalid_job_payload') }]);
    expect(await credits()).toBe(spent - 1);
    const { rows: errors } = await db.pool.query('SELECT error_id FROM generation_errors WHERE generation_request_id = $1', [requestId]);
    expect(errors).toEqual([{ error_id: 'internal_server_error' }]);
    const events = await db.pool.query<{ id: string; payload: Record<string, Json> }>(
      `SELECT id, payload FROM webhook_events WHERE event_type = 'NEW_BANNER_BATCH' AND payload->>'generation_request_id' = $1`,
      [requestId],
    );
    expect(events.rows).toHaveLength(1);
    expect(events.rows[0]!.payload.errors).toEqual([
      { template_format_name: 'landscape', reason: expect.stringContaining('invalid_job_payload') },
    ]);
    const deliveries = await db.pool.query('SELECT url FROM webhook_deliveries WHERE event_id = $1', [events.rows[0]!.id]);
    expect(deliveries.rows).toEqual([{ url: 'https://hooks.example.test/broken' }]);
    // The broken job ended for good (graphile-worker deletes it once the task returns): nothing is left to retry the same bytes.
    await until(
      'the broken job to leave the queue',
      async () => {
        const left = await db.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE payload->>'generation_request_id' = $1`,
          [requestId],
        );
        return left.rows[0]!.n === 0;
      },
      { timeoutMs: 10_000, intervalMs: 100 },
    );
  });
});
