import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';

describe('GET /fonts', () => {
  let h: Harness;
  let app: FastifyInstance;
  let key: string;
  const get = (qs: string) => app.inject({ method: 'GET', url: `/fonts${qs}`, headers: { 'x-api-key': key } });

  beforeAll(async () => {
    h = await createHarness({ RATE_LIMIT_GLOBAL_PER_SECOND: '1000' });
    app = await h.build();
    key = (await h.workspace()).key;
  });
  afterAll(() => h.close());

  it('lists at least 30 families with stable ids and X-Total-Count', async () => {
    const res = await get('');
    expect(res.statusCode).toBe(200);
    const fonts = res.json();
    expect(fonts.length).toBeGreaterThanOrEqual(30);
    expect(res.headers['x-total-count']).toBe(String(fonts.length));
    expect(new Set(fonts.map((f: { category: string }) => f.category))).toEqual(
      new Set(['serif', 'sans-serif', 'display', 'handwriting', 'monospace']),
    );
  });

  it('finds a name ignoring case, spaces and hyphens, exact match first', async () => {
    for (const q of ['open sans', 'OpenSans', 'open-sans', 'OPEN  SANS']) {
      const res = await get(`?name=${encodeURIComponent(q)}`);
      expect(res.json()[0].name).toBe('Open Sans');
    }
  });

  it('filters by category, weight and style, and pages', async () => {
    const mono = (await get('?category=monospace')).json();
    expect(mono.every((f: { category: string }) => f.category === 'monospace')).toBe(true);
    const italic900 = (await get('?weight=900&style=italic')).json();
    expect(italic900.every((f: { available_weights: unknown[] }) => f.available_weights.includes('900-italic'))).toBe(true);
    const page = await get('?page=2&per_page=5');
    expect(page.json()).toHaveLength(5);
    expect(Number(page.headers['x-total-count'])).toBeGreaterThanOrEqual(30);
  });

  it('refuses bad query values with field paths', async () => {
    const res = await get('?weight=150&category=gothic');
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['category', 'weight']);
  });
});
