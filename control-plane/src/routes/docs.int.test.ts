import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';

describe('GET /docs, the interactive API docs', () => {
  let h: Harness;
  let app: FastifyInstance;

  beforeAll(async () => {
    h = await createHarness();
    app = await h.build();
  });
  afterAll(() => h.close());

  it('serves the UI without a key, with every asset local', async () => {
    const page = await app.inject({ method: 'GET', url: '/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) {
      expect(asset).not.toMatch(/^(https?:)?\/\//);
      const res = await app.inject({ method: 'GET', url: new URL(asset, 'http://x/docs').pathname });
      expect(res.statusCode, asset).toBe(200);
    }
  });

  it('shows the same document as /openapi.json', async () => {
    const docs = await app.inject({ method: 'GET', url: '/docs/json' });
    const openapi = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(docs.statusCode).toBe(200);
    const { version: _v, ...fromDocs } = docs.json();
    const { version: _w, ...fromOpenApi } = openapi.json();
    expect(fromDocs).toEqual(fromOpenApi);
    expect(Object.keys(fromDocs.paths)).toContain('/ready');
  });
});
