import { createPool } from '@pressroom/platform';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness.js';
import { revokeKey } from './services/workspaces.js';

const VERSION = /^v\d{4}-\d{2}-\d{2}$/;

describe('the error envelope and identity, on real Postgres', () => {
  let h: Harness;
  let app: FastifyInstance;
  let key: string;

  beforeAll(async () => {
    h = await createHarness({ RATE_LIMIT_GLOBAL_PER_SECOND: '1000' });
    app = await h.build({ BODY_LIMIT_BYTES: '2048' });
    key = (await h.workspace()).key;
  });
  afterAll(() => h.close());

  const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload, headers: { 'x-api-key': key, 'content-type': 'application/json', ...headers } });

  it('POST /auth names the workspace and stamps the version', async () => {
    const res = await app.inject({ method: 'POST', url: '/auth', headers: { 'x-api-key': key } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ company: 'Acme', version: expect.stringMatching(VERSION) });
  });

  it.each([
    ['missing', {}],
    ['unknown', { 'x-api-key': 'prk_nope' }],
  ])('answers 401 unauthorized for a %s key', async (_what, headers) => {
    const res = await app.inject({ method: 'POST', url: '/auth', headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ id: 'unauthorized', version: expect.stringMatching(VERSION) });
  });

  it('revocation takes effect at once', async () => {
    const { key: doomed } = await h.workspace();
    expect((await app.inject({ method: 'POST', url: '/auth', headers: { 'x-api-key': doomed } })).statusCode).toBe(200);
    await revokeKey(h.db.pool, doomed);
    const res = await app.inject({ method: 'POST', url: '/auth', headers: { 'x-api-key': doomed } });
    expect(res.statusCode).toBe(401);
    expect(res.json().id).toBe('unauthorized');
  });

  it('answers 401 api_access_denied (never 403) on a plan without API access', async () => {
    const { key: noApi } = await h.workspace('no-api');
    const res = await app.inject({ method: 'GET', url: '/projects', headers: { 'x-api-key': noApi } });
    expect(res.statusCode).toBe(401);
    expect(res.json().id).toBe('api_access_denied');
  });

  it('GET /ready needs no key and answers 200 whatever key is sent', async () => {
    for (const headers of [{}, { 'x-api-key': 'revoked-or-not' }]) {
      const res = await app.inject({ method: 'GET', url: '/ready', headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'ok', database: 'ok' });
    }
  });

  it('invalid_json for an unparseable body', async () => {
    const res = await post('/projects', '{"name": ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ id: 'invalid_json', version: expect.stringMatching(VERSION) });
  });

  it('missing_required with a field path', async () => {
    const res = await post('/projects', '{}');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ id: 'missing_required', errors: [{ path: 'name', code: 'missing_required' }] });
  });

  it('out_of_range carries expected and received', async () => {
    const res = await post('/projects', JSON.stringify({ name: 'x' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      id: 'out_of_range',
      errors: [{ path: 'name', code: 'out_of_range', expected: { min: 2 }, received: 1 }],
    });
  });

  it('invalid_payload for a wrong type', async () => {
    const res = await post('/projects', JSON.stringify({ name: 42 }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ id: 'invalid_payload', errors: [{ path: 'name', code: 'invalid_payload' }] });
  });

  it('endpoint_not_found for an unknown route', async () => {
    const res = await app.inject({ method: 'GET', url: '/nope', headers: { 'x-api-key': key } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ id: 'endpoint_not_found', version: expect.stringMatching(VERSION) });
  });

  it('method_not_allowed when the route exists with another method', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/projects', headers: { 'x-api-key': key } });
    expect(res.statusCode).toBe(405);
    expect(res.json().id).toBe('method_not_allowed');
    expect(res.headers['allow']).toContain('GET');
  });

  it('not_acceptable when Accept excludes JSON', async () => {
    const res = await app.inject({ method: 'GET', url: '/projects', headers: { 'x-api-key': key, accept: 'text/html' } });
    expect(res.statusCode).toBe(406);
    expect(res.json().id).toBe('not_acceptable');
  });

  it('unsupported_media_type when the body is not JSON', async () => {
    const res = await post('/projects', 'name=abc', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(415);
    expect(res.json().id).toBe('unsupported_media_type');
  });

  it('answers an oversize body with a 413 envelope', async () => {
    const res = await post('/projects', JSON.stringify({ name: 'x'.repeat(5000) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ id: 'payload_too_large', version: expect.stringMatching(VERSION) });
  });

  it('503 internal_server_error with Retry-After and a safe message when the database behind the API is down', async () => {
    const deadPool = createPool('postgres://nobody:nothing@127.0.0.1:1/none');
    const broken = await h.build({}, deadPool);
    const res = await broken.inject({ method: 'POST', url: '/auth', headers: { 'x-api-key': key } });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      id: 'internal_server_error',
      message: expect.not.stringContaining('ECONNREFUSED'),
      version: expect.stringMatching(VERSION),
    });
    await deadPool.end();
  });

  it('serves an OpenAPI 3.1 document generated from the route schemas', async () => {
    const res = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/projects'].post.requestBody.content['application/json'].schema.properties.name).toMatchObject({
      type: 'string',
      minLength: 2,
      maxLength: 100,
    });
    expect(doc.paths['/ready'].get.security).toEqual([]);
  });
});
