import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';

/** Points of the API contract that issue 10 found answered differently than documented. */
describe('contract details, on real Postgres', () => {
  let h: Harness;
  let app: FastifyInstance;
  let key: string;

  beforeAll(async () => {
    h = await createHarness({ RATE_LIMIT_GLOBAL_PER_SECOND: '1000' });
    app = await h.build();
    key = (await h.workspace()).key;
  });
  afterAll(() => h.close());

  const NOT_UUIDS = [
    ['GET', '/designs/not-a-uuid'],
    ['GET', '/designs/123/formats/a4'],
    ['GET', '/generation-request/xyz'],
    ['POST', '/banner-builder/xyz/generate'],
    ['POST', '/async/banner-builder/xyz/generate'],
    ['PUT', '/designs/import/json/xyz'],
  ] as const;

  it('a path parameter that is not a UUID answers 404 endpoint_not_found before authentication', async () => {
    for (const [method, url] of NOT_UUIDS) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().id, `${method} ${url}`).toBe('endpoint_not_found');
    }
  });

  it('... and before the rate limiter: it draws on no budget', async () => {
    const limited = await h.build({ RATE_LIMIT_GLOBAL_PER_SECOND: '3' });
    const own = (await h.workspace('pro', 'Limited')).key;
    for (let i = 0; i < 6; i++) {
      const res = await limited.inject({ method: 'GET', url: '/designs/not-a-uuid', headers: { 'x-api-key': own } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
    const counted = await limited.inject({ method: 'GET', url: '/projects', headers: { 'x-api-key': own } });
    expect(counted.statusCode).toBe(200);
    expect(counted.headers['x-ratelimit-limit']).toBeDefined();
  });

  it('malformed JSON answers invalid_payload on the asynchronous endpoint and invalid_json elsewhere', async () => {
    const post = (url: string) =>
      app.inject({ method: 'POST', url, payload: '{"elements": ', headers: { 'x-api-key': key, 'content-type': 'application/json' } });
    const asyncRes = await post(`/async/banner-builder/${randomUUID()}/generate`);
    expect(asyncRes.statusCode).toBe(400);
    expect(asyncRes.json().id).toBe('invalid_payload');
    const syncRes = await post(`/banner-builder/${randomUUID()}/generate`);
    expect(syncRes.statusCode).toBe(400);
    expect(syncRes.json().id).toBe('invalid_json');
  });
});
