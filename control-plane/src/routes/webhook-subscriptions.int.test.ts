import { newBannerBatchEvent } from '@pressroom/model';
import { enqueueEvent } from '@pressroom/platform';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';

describe('console extensions: webhook subscriptions, the delivery log, generation history, workspace', () => {
  let h: Harness;
  let app: FastifyInstance;
  let ws: { id: string; key: string };
  let other: { id: string; key: string };
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, key: string, payload?: object) =>
    app.inject({ method, url, headers: { 'x-api-key': key }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    h = await createHarness();
    app = await h.build({ RATE_LIMIT_GLOBAL_PER_SECOND: '1000' });
    ws = await h.workspace('pro', 'Acme');
    other = await h.workspace('pro', 'Other');
  });
  afterAll(() => h.close());

  it('adds, lists and removes subscriptions of the key’s workspace only', async () => {
    const added = await call('POST', '/webhook-subscriptions', ws.key, {
      url: 'https://hooks.example.com/in',
      event_types: ['NEW_BANNER_BATCH'],
    });
    expect(added.statusCode).toBe(201);
    const sub = added.json();
    expect(sub).toMatchObject({ url: 'https://hooks.example.com/in', event_types: ['NEW_BANNER_BATCH'], active: true });
    expect(sub).not.toHaveProperty('workspace_id');

    const all = await call('POST', '/webhook-subscriptions', ws.key, { url: 'https://hooks.example.com/all' });
    expect(all.json().event_types).toBeNull();
    expect((await call('GET', '/webhook-subscriptions', ws.key)).json().map((s: { id: string }) => s.id)).toEqual([sub.id, all.json().id]);
    expect((await call('GET', '/webhook-subscriptions', other.key)).json()).toEqual([]);

    // Another workspace's key cannot remove it: 404, and it stays active.
    expect((await call('DELETE', `/webhook-subscriptions/${sub.id}`, other.key)).statusCode).toBe(404);
    const removed = await call('DELETE', `/webhook-subscriptions/${sub.id}`, ws.key);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ active: false, deactivation_reason: 'removed' });
  });

  it('refuses a plain-HTTP URL and an unknown event type with field paths', async () => {
    const http = await call('POST', '/webhook-subscriptions', ws.key, { url: 'http://hooks.example.com/in' });
    expect(http.statusCode).toBe(400);
    expect(http.json().errors).toEqual([expect.objectContaining({ path: 'url', code: 'invalid_payload' })]);
    const unknown = await call('POST', '/webhook-subscriptions', ws.key, { url: 'https://x.example.com', event_types: ['NEW_THING'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].path).toBe('event_types[0]');
    // An empty list would deliver nothing, or (as it used to) everything: neither is what it says.
    const none = await call('POST', '/webhook-subscriptions', ws.key, { url: 'https://x.example.com', event_types: [] });
    expect([none.statusCode, none.json().id, none.json().errors]).toEqual([
      400,
      'out_of_range',
      [expect.objectContaining({ path: 'event_types', code: 'out_of_range', message: expect.stringMatching(/at least one event type/) })],
    ]);
    expect((await call('POST', '/webhook-subscriptions', ws.key, {})).json().errors[0]).toMatchObject({ path: 'url' });
    expect((await app.inject({ method: 'GET', url: '/webhook-subscriptions' })).statusCode).toBe(401);
  });

  it('lists deliveries with their attempts, filters them by generation request, and redelivers in scope', async () => {
    const requestId = '0b8f8a8e-3b7e-4c59-9a43-2f6a1f0d2c11';
    await call('POST', '/webhook-subscriptions', ws.key, { url: 'https://hooks.example.com/log' });
    const event = newBannerBatchEvent({ generationRequestId: requestId, banners: [] });
    await enqueueEvent(h.db.pool, { workspaceId: ws.id, eventType: 'NEW_BANNER_BATCH', payload: event });

    const log = (await call('GET', '/webhook-deliveries', ws.key)).json();
    expect(log.length).toBeGreaterThanOrEqual(1);
    expect(log[0]).toMatchObject({ event_type: 'NEW_BANNER_BATCH', generation_request_id: requestId, attempt_log: [] });
    const byRequest = (await call('GET', `/webhook-deliveries?generation_request_id=${requestId}`, ws.key)).json();
    expect(byRequest.map((d: { id: string }) => d.id)).toEqual(
      log.filter((d: { generation_request_id: string }) => d.generation_request_id === requestId).map((d: { id: string }) => d.id),
    );
    expect((await call('GET', '/webhook-deliveries?generation_request_id=7d9d3a3e-0000-4000-8000-000000000000', ws.key)).json()).toEqual(
      [],
    );
    expect((await call('GET', '/webhook-deliveries', other.key)).json()).toEqual([]);

    expect((await call('POST', `/webhook-deliveries/${log[0].id}/redeliver`, other.key)).statusCode).toBe(404);
    const again = await call('POST', `/webhook-deliveries/${log[0].id}/redeliver`, ws.key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: log[0].id, delivery_id: log[0].delivery_id, attempt: 1 });
  });

  it('lists generation requests newest first with a total, and describes the workspace', async () => {
    const empty = await call('GET', '/generation-requests', other.key);
    expect(empty.json()).toEqual([]);
    expect(empty.headers['x-total-count']).toBe('0');
    const page = await call('GET', '/generation-requests?page=2&per_page=5', ws.key);
    expect(page.statusCode).toBe(200);
    expect((await call('GET', '/generation-requests?design_id=nope', ws.key)).statusCode).toBe(400);

    const me = (await call('GET', '/workspace', ws.key)).json();
    expect(me).toMatchObject({ id: ws.id, name: 'Acme', plan: 'pro' });
    expect(me.rate_limits.read.per_minute).toBe(h.config.rateLimitReadPerMinute);
  });

  it('serves the console page and its modules without a key, and documents the extensions', async () => {
    const page = await app.inject({ method: 'GET', url: '/console' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    // One built bundle (scripts/build.mjs `CONSOLE`, Preact inside): no import map, no vendor modules.
    expect(page.body).toContain('src="/console/app.js"');
    expect(page.body).not.toContain('importmap');
    expect((await app.inject({ method: 'GET', url: '/console/' })).statusCode).toBe(200);
    for (const asset of [
      '/console/app.js',
      '/console/style.css',
      '/console/pages.css',
      '/console/editor.css',
      '/console/editor-panels.css',
      '/console/links.json',
    ]) {
      expect((await app.inject({ method: 'GET', url: asset })).statusCode, asset).toBe(200);
    }
    const bundle = await app.inject({ method: 'GET', url: '/console/app.js' });
    expect(bundle.headers['content-type']).toContain('text/javascript');
    // Only the bundle and the style sheet: never the sources, their tests or the page by its file name.
    for (const gone of [
      '/console/vendor/preact.mjs',
      '/console/vendor/htm.mjs',
      '/console/vendor/other.mjs',
      '/console/api.ts',
      '/console/app.ts',
      '/console/app.tsx',
      '/console/plan.test.ts',
      '/console/pages/designs.ts',
      '/console/pages/designs.tsx',
      '/console/pages/editor.js',
      '/console/index.html',
    ])
      expect((await app.inject({ method: 'GET', url: gone })).statusCode, gone).toBeGreaterThanOrEqual(400);
    // Where the farm's stored-file links point, for the editor's canvas (the local store: the farm's /files/).
    expect((await app.inject({ method: 'GET', url: '/console/links.json' })).json().files_base).toMatch(/\/files\/$/);

    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    for (const [path, method] of [
      ['/webhook-subscriptions', 'get'],
      ['/webhook-subscriptions', 'post'],
      ['/webhook-subscriptions/{id}', 'delete'],
      ['/webhook-deliveries', 'get'],
      ['/webhook-deliveries/{id}/redeliver', 'post'],
      ['/generation-requests', 'get'],
      ['/workspace', 'get'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/console'))).toBe(false);
  });
});
