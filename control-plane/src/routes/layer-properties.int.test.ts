import { describeLayerProperties } from '@pressroom/model';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';

describe('GET /layer-properties', () => {
  let h: Harness;
  let app: FastifyInstance;
  let key: string;
  const get = (qs: string, apiKey = key) => app.inject({ method: 'GET', url: `/layer-properties${qs}`, headers: { 'x-api-key': apiKey } });

  beforeAll(async () => {
    h = await createHarness({ RATE_LIMIT_GLOBAL_PER_SECOND: '1000' });
    app = await h.build();
    key = (await h.workspace()).key;
  });
  afterAll(() => h.close());

  it('answers the descriptors of the layer types of a design type, stamped like every answer', async () => {
    const res = await get('?type=static');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.design_type).toBe('static');
    expect(typeof body.version).toBe('string');
    expect(body.layers).toEqual(JSON.parse(JSON.stringify(describeLayerProperties('static'))));
    expect(body.layers.video).toBeUndefined();
    const fontSize = body.layers.text.find((d: { name: string }) => d.name === 'font_size');
    expect(fontSize).toMatchObject({ kind: 'integer', override: { min: 1 } });
    expect(body.layers.text.find((d: { name: string }) => d.name === 'rotation').override).toBeNull();

    const animated = (await get('?type=animated')).json();
    expect(animated.layers.video.map((d: { name: string }) => d.name)).toContain('video_url');
  });

  it('refuses a missing or unknown type with its field path, and a missing key with 401', async () => {
    for (const qs of ['', '?type=poster']) {
      const res = await get(qs);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toEqual(['type']);
    }
    const anonymous = await app.inject({ method: 'GET', url: '/layer-properties?type=static' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().id).toBe('unauthorized');
  });

  it('is documented in OpenAPI as a Pressroom extension', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const op = doc.paths['/layer-properties'].get;
    expect(op.tags[0]).toMatch(/\(Pressroom extension\)$/);
    expect(op.parameters).toEqual([expect.objectContaining({ name: 'type', in: 'query', required: true })]);
    expect(op.responses['200'].content['application/json'].schema).toBeDefined();
  });
});
