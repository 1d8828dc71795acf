import { randomUUID } from 'node:crypto';
import { exportArchiveKey, markExportDone, purgeExpiredExports } from '@pressroom/platform';
import { seedBanner } from '@pressroom/platform/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';

describe('POST /async/banners/export and GET /exports/<id>, on real Postgres', () => {
  let h: Harness;
  let app: FastifyInstance;
  let ws: { id: string; key: string };
  let ids: string[];
  const post = (payload: unknown, key = ws.key) =>
    app.inject({ method: 'POST', url: '/async/banners/export', payload: payload as object, headers: { 'x-api-key': key } });
  const get = (id: string) => app.inject({ method: 'GET', url: `/exports/${id}`, headers: { 'x-api-key': ws.key } });
  const jobsFor = async (exportId: string) =>
    (
      await h.db.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
          WHERE t.identifier = 'export_zip' AND j.payload->>'export_id' = $1`,
        [exportId],
      )
    ).rows[0]!.n;

  beforeAll(async () => {
    h = await createHarness({ RATE_LIMIT_GLOBAL_PER_SECOND: '1000' });
    app = await h.build();
    ws = await h.workspace();
    ids = [];
    for (const name of ['a.png', 'b.png']) {
      ids.push((await seedBanner(h.db.pool, h.storage, { workspaceId: ws.id, filename: name, body: Buffer.from(name) })).id);
    }
  });
  afterAll(() => h.close());

  it('accepts known ids: 200 {export_id, version}, the write tier headers, one job, no credits spent', async () => {
    const before = (await app.inject({ method: 'GET', url: '/credits', headers: { 'x-api-key': ws.key } })).json();
    const res = await post({ ids, callback_url: 'https://example.com/hook' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      export_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      version: expect.stringMatching(/^v\d{4}-\d{2}-\d{2}$/),
    });
    expect(res.headers['x-ratelimit-limit']).toBe(String(h.config.rateLimitWritePerMinute));
    const exportId = res.json().export_id as string;
    expect(await jobsFor(exportId)).toBe(1);
    const after = (await app.inject({ method: 'GET', url: '/credits', headers: { 'x-api-key': ws.key } })).json();
    expect(after).toEqual(before);

    const status = await get(exportId);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ export_id: exportId, status: 'pending', banner_ids: ids, archive_url: null });
  });

  it('a mix of known and unknown ids packs only the known ones, in the order asked, without repeats', async () => {
    const res = await post({ ids: [randomUUID(), ids[1], ids[0], ids[1]!.toUpperCase()] });
    expect(res.statusCode).toBe(200);
    expect((await get(res.json().export_id)).json().banner_ids).toEqual([ids[1], ids[0]]);
  });

  it('no id found answers 404 visual_not_found; another workspace’s files are not found', async () => {
    const res = await post({ ids: [randomUUID(), randomUUID()] });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ id: 'visual_not_found', version: expect.any(String) });
    const other = await h.workspace('pro', 'Other');
    expect((await post({ ids }, other.key)).json().id).toBe('visual_not_found');
  });

  it('an id that is not a UUID answers 404 endpoint_not_found, even next to a known one', async () => {
    const res = await post({ ids: [ids[0], 'not-a-uuid'] });
    expect(res.statusCode).toBe(404);
    expect(res.json().id).toBe('endpoint_not_found');
  });

  it('an invalid body answers 400 with paths', async () => {
    const missing = await post({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ id: 'missing_required', errors: [{ path: 'ids', code: 'missing_required' }] });
    const empty = await post({ ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].path).toBe('ids');
    const notString = await post({ ids: [ids[0], 42] });
    expect(notString.statusCode).toBe(400);
    expect(notString.json().errors[0].path).toBe('ids[1]');
    const http = await post({ ids, callback_url: 'http://example.com/hook' });
    expect(http.statusCode).toBe(400);
    expect(http.json().errors[0].path).toBe('callback_url');
  });

  it('GET /exports/<id>: archive_url once done, 404 for an unknown id, 410 once past retention', async () => {
    const exportId = (await post({ ids: [ids[0]] })).json().export_id as string;
    const key = exportArchiveKey(ws.id, exportId);
    await h.storage.put(key, Buffer.from('zip'), { contentType: 'application/zip' });
    await markExportDone(h.db.pool, exportId, { key, size: 3, bannerIds: [ids[0]!] });
    const done = (await get(exportId)).json();
    expect(done).toMatchObject({ status: 'done', archive_size: 3, banner_ids: [ids[0]] });
    expect(done.archive_url).toMatch(/^http/);

    expect((await get(randomUUID())).json()).toMatchObject({ id: 'not_found' });
    expect((await get('nope')).json()).toMatchObject({ id: 'endpoint_not_found' });

    const purged = await purgeExpiredExports(h.db.pool, new Date(Date.now() + 8 * 24 * 3600 * 1000));
    expect(purged).toContain(key);
    const gone = await get(exportId);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().id).toBe('export_gone');
  });

  it('the OpenAPI document describes the new routes', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.paths['/async/banners/export'].post).toMatchObject({ operationId: 'exportBanners', tags: ['Export'] });
    expect(doc.paths['/async/banners/export'].post.requestBody.content['application/json'].schema.required).toEqual(['ids']);
    expect(doc.paths['/exports/{id}'].get).toMatchObject({ operationId: 'getExport' });
    expect(Object.keys(doc.paths['/exports/{id}'].get.responses['200'].content['application/json'].schema.properties)).toContain(
      'archive_url',
    );
    expect(doc.paths['/designs/{id}/review'].post).toMatchObject({ operationId: 'reviewDesign' });
  });
});
