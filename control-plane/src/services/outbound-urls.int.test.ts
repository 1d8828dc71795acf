import { randomUUID } from 'node:crypto';
import { memoryDesignSource } from '@pressroom/platform';
import { exampleDesign } from '@pressroom/platform/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';

/**
 * Issue 22 item 6 and issue 36 item 9: every URL a request gives Pressroom to connect to later
 * (callback_url, a webhook subscription, the media URLs of generation overrides) is refused at
 * submit when it can only reach a forbidden address, by one guard (outbound-urls.ts).
 */
describe('outbound URLs at submit', () => {
  let h: Harness;
  let app: FastifyInstance;
  let ws: { id: string; key: string };
  let designId: string;

  beforeAll(async () => {
    h = await createHarness({ RATE_LIMIT_GLOBAL_PER_SECOND: '1000' });
    ws = await h.workspace();
    const project = await h.db.pool.query<{ id: string }>(`INSERT INTO projects (workspace_id, name) VALUES ($1, 'P') RETURNING id`, [
      ws.id,
    ]);
    const design = await exampleDesign('static-summer-sale.json', { workspaceId: ws.id, projectId: project.rows[0]!.id });
    designId = design.id;
    app = await h.build({}, h.db.pool, memoryDesignSource([design]));
  });
  afterAll(() => h.close());

  const post = (target: FastifyInstance, url: string, payload: unknown, key = ws.key) =>
    target.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-api-key': key } });

  const FORBIDDEN = [
    'https://127.0.0.1/x',
    'https://[::1]/',
    'https://169.254.169.254/',
    'https://10.0.0.1/',
    'https://192.168.1.20:8443/hook',
    'https://2130706433/', // decimal 127.0.0.1
    'https://0x7f000001/', // hex
    'https://0177.0.0.1/', // octal
    'https://127.1/', // short form
    'https://localhost/x', // a name: every address it resolves to is loopback
  ];

  it.each(FORBIDDEN)('%s answers 400 invalid_payload at callback_url on every endpoint that takes one', async (callback) => {
    for (const url of [
      `/async/banner-builder/${randomUUID()}/generate`,
      `/async/banner-builder/${randomUUID()}/generate-multipage-pdf`,
      '/async/banners/export',
    ]) {
      const res = await post(app, url, { callback_url: callback, ids: [randomUUID()], pages: {} });
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ id: 'invalid_payload', errors: [{ path: 'callback_url', code: 'invalid_payload' }] });
    }
  });

  it.each(FORBIDDEN)('%s answers 400 invalid_payload at url as a webhook subscription, and nothing is subscribed', async (target) => {
    const res = await post(app, '/webhook-subscriptions', { url: target });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ id: 'invalid_payload', errors: [{ path: 'url', code: 'invalid_payload' }] });
    const list = await app.inject({ method: 'GET', url: '/webhook-subscriptions', headers: { 'x-api-key': ws.key } });
    expect(list.json()).toEqual([]);
  });

  it.each(FORBIDDEN.map((u) => u.replace('https:', 'http:')))(
    '%s as a media URL answers 400 image_fetching_error at its path, on the async endpoint as on the sync one, before anything is queued',
    async (image) => {
      for (const url of [`/async/banner-builder/${designId}/generate`, `/banner-builder/${designId}/generate`]) {
        const res = await post(app, url, { elements: { 'hero-photo': { image_url: image } } });
        expect(res.statusCode, `${url} ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({
          id: 'image_fetching_error',
          errors: [{ path: 'elements.hero-photo.image_url', code: 'image_fetching_error', received: image }],
        });
      }
      const { rows } = await h.db.pool.query('SELECT 1 FROM generation_requests WHERE workspace_id = $1', [ws.id]);
      expect(rows).toEqual([]);
    },
  );

  it('names every forbidden media URL of a request at once', async () => {
    const res = await post(app, `/async/banner-builder/${designId}/generate`, {
      elements: { 'hero-photo': { image_url: 'http://127.0.0.1/a.png' }, logo: { image_url: 'http://10.1.1.1/b.png' } },
    });
    const paths = new Set(res.json().errors.map((e: { path: string }) => e.path));
    expect([res.statusCode, paths]).toEqual([400, new Set(['elements.hero-photo.image_url', 'elements.logo.image_url'])]);
  });

  it('a public address goes on: the next check answers, or the request is accepted', async () => {
    const res = await post(app, `/async/banner-builder/${randomUUID()}/generate`, { callback_url: 'https://93.184.215.14/x' });
    expect([res.statusCode, res.json().id]).toEqual([404, 'template_not_found']);
    const sub = await post(app, '/webhook-subscriptions', { url: 'https://93.184.215.14/hook' });
    expect(sub.statusCode).toBe(201);
    const media = await post(app, `/async/banner-builder/${designId}/generate`, {
      template_format_names: ['square'],
      elements: { 'hero-photo': { image_url: 'http://93.184.215.14/a.png' } },
    });
    expect(media.statusCode, media.body).toBe(200);
  });

  it('OUTBOUND_ALLOW_PRIVATE_NETWORKS (tests with a loopback server) lets them through', async () => {
    const open = await h.build({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', RATE_LIMIT_GLOBAL_PER_SECOND: '1000' });
    const res = await post(open, `/async/banner-builder/${randomUUID()}/generate`, { callback_url: 'https://127.0.0.1/x' });
    expect([res.statusCode, res.json().id]).toEqual([404, 'template_not_found']);
    const sub = await post(open, '/webhook-subscriptions', { url: 'https://127.0.0.1/hook' });
    expect(sub.statusCode).toBe(201);
  });
});
