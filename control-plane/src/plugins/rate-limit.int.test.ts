import { createPool } from '@pressroom/platform';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { awayFromMinuteEdge } from '../../test/windows.js';

describe('rate limits shared by two control planes on one Postgres', () => {
  let h: Harness;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let urls: string[];

  beforeAll(async () => {
    h = await createHarness();
    // Each instance gets its own pool, as two processes would.
    const env = { RATE_LIMIT_GLOBAL_PER_SECOND: '100000', RATE_LIMIT_READ_PER_MINUTE: '120' };
    a = await h.build(env, createPool(h.db.url, { max: 20 }));
    b = await h.build(env, createPool(h.db.url, { max: 20 }));
    urls = [await a.listen({ port: 0, host: '127.0.0.1' }), await b.listen({ port: 0, host: '127.0.0.1' })];
  });
  afterAll(() => h.close());

  it('500 concurrent requests against a tier of 120 per minute: exactly 120 succeed', async () => {
    const { key } = await h.workspace();
    await awayFromMinuteEdge();
    const responses = await Promise.all(
      Array.from({ length: 500 }, (_, i) => fetch(`${urls[i % 2]}/projects`, { headers: { 'x-api-key': key } })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(120);
    expect(statuses.filter((s) => s === 429)).toHaveLength(380);

    const refused = responses.find((r) => r.status === 429)!;
    const body = await refused.json();
    expect(Object.keys(body).sort()).toEqual(['id', 'message', 'version']);
    expect(body.id).toBe('request_rate_limited');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('x-ratelimit-limit')).toBe('120');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    const reset = Number(refused.headers.get('x-ratelimit-reset'));
    expect(reset % 60).toBe(0);
    expect(reset - Date.now() / 1000).toBeLessThanOrEqual(60);
  });

  it('describes the window closest to exhaustion on every budgeted response, none on unbudgeted ones', async () => {
    const { key } = await h.workspace();
    await awayFromMinuteEdge();
    const first = await fetch(`${urls[0]}/projects`, { headers: { 'x-api-key': key } });
    expect(first.headers.get('x-ratelimit-limit')).toBe('120');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('119');
    const second = await fetch(`${urls[1]}/credits`, { headers: { 'x-api-key': key } });
    expect(second.headers.get('x-ratelimit-remaining')).toBe('118');
    const ready = await fetch(`${urls[0]}/ready`, { headers: { 'x-api-key': key } });
    expect(ready.headers.get('x-ratelimit-limit')).toBeNull();
    const unauth = await fetch(`${urls[0]}/projects`);
    expect(unauth.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('a refused request still counts, and the global ceiling answers rate_limit_exceeded', async () => {
    const strict = await h.build({ RATE_LIMIT_GLOBAL_PER_SECOND: '3', RATE_LIMIT_READ_PER_MINUTE: '120' });
    const { key, id } = await h.workspace();
    await awayFromMinuteEdge();
    const burst = await Promise.all(
      Array.from({ length: 8 }, () => strict.inject({ method: 'GET', url: '/credits', headers: { 'x-api-key': key } })),
    );
    const refused = burst.filter((r) => r.statusCode === 429);
    expect(refused.length).toBeGreaterThanOrEqual(5);
    expect(refused[0]!.json().id).toBe('rate_limit_exceeded');
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Every request of the burst, refused or not, was counted in the tier's minute window.
    const { rows } = await h.db.pool.query(
      `SELECT sum(count)::int AS n FROM rate_limit_counters WHERE bucket = 'read:minute' AND workspace_id = $1`,
      [id],
    );
    expect(rows[0].n).toBe(8);
  });
});
