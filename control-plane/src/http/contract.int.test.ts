import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { PAGE_KEY_PATTERN } from '@pressroom/model';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { STORABLE_TEXT_PATTERN } from './json-bounds.js';

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

  it('an undeclared method answers 405 method_not_allowed in the envelope, QUERY and unknown methods included', async () => {
    for (const method of ['QUERY', 'DELETE', 'OPTIONS'] as const) {
      const res = await app.inject({ method, url: '/credits', headers: { 'x-api-key': key } });
      expect(res.statusCode, method).toBe(405);
      expect(res.json(), method).toMatchObject({ id: 'method_not_allowed', version: expect.any(String) });
      expect(res.headers['allow'], method).toBe('GET, HEAD');
    }
    // A method Node's HTTP parser does not know never reaches Fastify; it still gets the envelope.
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(new URL(base).port), '127.0.0.1', () => socket.write('FOO /credits HTTP/1.1\r\nHost: x\r\n\r\n'));
      let text = '';
      socket.on('data', (d) => {
        text += String(d);
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 405 /);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toMatchObject({ id: 'method_not_allowed' });
  });

  it('the OpenAPI document states the version stamp, the key, the error statuses and links between operations', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.components.securitySchemes.apiKey).toEqual({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    const credits = doc.paths['/credits'].get.responses;
    expect(credits['200'].content['application/json'].schema.required).toContain('version');
    expect(Object.keys(credits)).toEqual(expect.arrayContaining(['401', '429', 'default']));
    expect(doc.paths['/ready'].get.security).toEqual([]);
    expect(doc.paths['/ready'].get.responses['429']).toBeUndefined();
    const projects = doc.paths['/projects'].get.parameters;
    expect(projects.find((p: { name: string }) => p.name === 'page').schema).toMatchObject({ minimum: 1 });
    expect(projects.find((p: { name: string }) => p.name === 'per_page').schema).toMatchObject({ minimum: 1, maximum: 100 });
    expect(doc.paths['/designs'].get.responses['200'].links.getDesign).toEqual({
      operationId: 'getDesign',
      parameters: { id: '$response.body#/0/id' },
    });
    const operationIds = new Set(
      Object.values(doc.paths).flatMap((ops) => Object.values(ops as Record<string, { operationId: string }>).map((o) => o.operationId)),
    );
    for (const ops of Object.values(doc.paths) as Record<
      string,
      { responses: Record<string, { links?: Record<string, { operationId: string }> }> }
    >[]) {
      for (const op of Object.values(ops))
        for (const response of Object.values(op.responses))
          for (const link of Object.values(response.links ?? {})) expect(operationIds).toContain(link.operationId);
    }
  });

  it('the OpenAPI document states every status an operation answers (issue 22 item 10)', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const statuses = (path: string, method: string) => Object.keys(doc.paths[path][method].responses);
    expect(statuses('/banners/{id}', 'get')).toContain('200');
    expect(statuses('/banner-builder/{id}/generate', 'post')).toContain('200');
    expect(statuses('/generation-request/{id}', 'get')).toEqual(expect.arrayContaining(['200', '202', '410']));
    expect(statuses('/design-duplication-requests/{id}', 'get')).toContain('410');
    // A Banner's own `version` is an integer counter: no contract stamp is added to its schema.
    const banner = doc.paths['/banners/{id}'].get.responses['200'].content['application/json'].schema;
    expect(banner.properties.version).toMatchObject({ type: 'integer' });
    const width = doc.paths['/i/{uid}'].get.parameters.find((p: { name: string }) => p.name === 'width');
    expect(width.schema).toMatchObject({ type: 'integer', minimum: 16, maximum: 4000 });
    // U+0000 and lone surrogates are refused anywhere in a body, keys of unknown fields included; the schema says so.
    const body = doc.paths['/designs/{id}/dynamic-image-url'].post.requestBody.content['application/json'].schema;
    expect(body).toMatchObject({
      propertyNames: { pattern: STORABLE_TEXT_PATTERN },
      additionalProperties: { $ref: '#/components/schemas/StorableJson' },
    });
    expect(doc.components.schemas.StorableJson).toBeDefined();
  });

  it('the OpenAPI document states the rules the server checks (issue 36 item 12)', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const bodyOf = (path: string, method: string) => doc.paths[path][method].requestBody.content['application/json'].schema;
    // The page-key rule is kept beside the storable-key rule (it was overwritten).
    const pages = bodyOf('/async/banner-builder/{id}/generate-multipage-pdf', 'post').properties.pages;
    expect(pages.propertyNames).toEqual({ allOf: [{ pattern: PAGE_KEY_PATTERN }, { pattern: STORABLE_TEXT_PATTERN }] });
    // The dynamic image's file type: the values checkFileType takes, in any case.
    const query = doc.paths['/i/{uid}'].get.parameters as { name: string; schema: { pattern: string } }[];
    for (const name of ['format', 'image_file_type']) {
      const pattern = new RegExp(query.find((p) => p.name === name)!.schema.pattern);
      for (const ok of ['jpeg', 'jpg', 'JPG', 'png', 'webp', 'avif', 'Avif']) expect(pattern.test(ok), ok).toBe(true);
      for (const no of ['pdf', 'gif', '', 'jpegg', ' png']) expect(pattern.test(no), no).toBe(false);
    }
    // The document PUT (and the import) require formats, or pages and a page size, by design type.
    for (const [path, method] of [
      ['/designs/{id}/document', 'put'],
      ['/designs/import/json', 'post'],
    ]) {
      const branches = bodyOf(path!, method!).anyOf as { required: string[]; properties: { type: { const: string } } }[];
      const byType = Object.fromEntries(branches.map((b) => [b.properties.type.const, b.required]));
      expect(byType).toMatchObject({
        static: ['formats'],
        animated: ['formats', 'animation'],
        printer: ['formats', 'unit'],
        printer_multipage: ['pages', 'width', 'height', 'unit'],
      });
    }
  });

  it('a JSON null body is refused where the schema says object, at the root path `body`', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/designs/${randomUUID()}/dynamic-image-url`,
      payload: 'null',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('body');
  });

  it('U+0000 in a query value answers 400 invalid_payload naming the parameter, not a 500 from Postgres', async () => {
    const res = await app.inject({ method: 'GET', url: '/designs?query=%00abc', headers: { 'x-api-key': key } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ id: 'invalid_payload', errors: [{ path: 'query', code: 'invalid_payload' }] });
  });
});
