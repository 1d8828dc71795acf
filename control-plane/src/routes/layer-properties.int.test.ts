import { describeLayerProperties } from '@pressroom/model';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';

describe('GET /layer-properties', () => {
  let h: Harness;
  let app: FastifyInstance;
  let key: string;
  const get = (qs: string, headers: Record<string, string> = { 'x-api-key': key }) =>
    app.inject({ method: 'GET', url: `/layer-properties${qs}`, headers });

  beforeAll(async () => {
    h = await createHarness({ RATE_LIMIT_GLOBAL_PER_SECOND: '1000' });
    app = await h.build();
    key = (await h.workspace()).key;
  });
  afterAll(() => h.close());

  it('answers the catalogue of the design type, stamped, as describeLayerProperties states it', async () => {
    const res = await get('?type=animated');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.design_type).toBe('animated');
    expect(body.version).toMatch(/^v\d{4}-\d{2}-\d{2}$/);
    expect(body.layers).toEqual(JSON.parse(JSON.stringify(describeLayerProperties('animated'))));
    const stroke = body.layers.text.find((d: { name: string }) => d.name === 'stroke_width');
    expect(stroke).toMatchObject({ kind: 'number', min: 0, max: 1000, override: { min: 0, max: 40 }, default: 0 });
    expect(Object.keys((await get('?type=printer')).json().layers)).not.toContain('video');
  });

  it('refuses a missing or unknown type with the field path, and a missing key', async () => {
    for (const qs of ['', '?type=poster']) {
      const res = await get(qs);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toEqual(['type']);
    }
    expect((await get('?type=static', {})).statusCode).toBe(401);
  });

  it('is in the OpenAPI document with its query and response', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const op = doc.paths['/layer-properties'].get;
    expect(op.operationId).toBe('listLayerProperties');
    expect(op.tags[0]).toMatch(/Pressroom extension/);
    expect(op.parameters).toEqual([expect.objectContaining({ name: 'type', in: 'query', required: true })]);
    expect(op.responses['200'].content['application/json'].schema.properties.layers).toBeDefined();
  });
});
