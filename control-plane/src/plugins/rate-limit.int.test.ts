import { createPool } from '@pressroom/platform';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';

// Windows are aligned to the database clock, and a loaded machine may spread a burst over a
// window's edge. So no test guesses from its own clock where the edges fall: each reads the
// counts the server recorded per window, and expects exactly what those counts mean.

/** The counts of one of a workspace's buckets, one per window the server opened, oldest first. */
async function windowCounts(h: Harness, workspaceId: string, bucket: string): Promise<number[]> {
  const { rows } = await h.db.pool.query<{ count: number }>(
    'SELECT count FROM rate_limit_counters WHERE workspace_id = $1 AND bucket = $2 ORDER BY window_start',
    [workspaceId, bucket],
  );
  return rows.map((r) => r.count);
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

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

  it('500 concurrent requests against a tier of 120 per minute: exactly 120 per window succeed', async () => {
    const { key, id } = await h.workspace();
    const responses = await Promise.all(
      Array.from({ length: 500 }, (_, i) => fetch(`${urls[i % 2]}/projects`, { headers: { 'x-api-key': key } })),
    );
    const statuses = responses.map((r) => r.status);
    // One minute window, or two when the burst met an edge: 120 of each succeed, never more.
    const minutes = await windowCounts(h, id, 'read:minute');
    expect(sum(minutes)).toBe(500);
    const allowed = sum(minutes.map((c) => Math.min(c, 120)));
    expect(allowed).toBeLessThanOrEqual(240);
    expect(statuses.filter((s) => s === 200)).toHaveLength(allowed);
    expect(statuses.filter((s) => s === 429)).toHaveLength(500 - allowed);

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
    const { key, id } = await h.workspace();
    const first = await fetch(`${urls[0]}/projects`, { headers: { 'x-api-key': key } });
    expect(first.headers.get('x-ratelimit-limit')).toBe('120');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('119');
    const second = await fetch(`${urls[1]}/credits`, { headers: { 'x-api-key': key } });
    // 118 when both fell in one minute window (the usual case), 119 when a new window opened.
    const minutes = await windowCounts(h, id, 'read:minute');
    expect(sum(minutes)).toBe(2);
    expect(second.headers.get('x-ratelimit-remaining')).toBe(String(120 - minutes.at(-1)!));
    const ready = await fetch(`${urls[0]}/ready`, { headers: { 'x-api-key': key } });
    expect(ready.headers.get('x-ratelimit-limit')).toBeNull();
    const unauth = await fetch(`${urls[0]}/projects`);
    expect(unauth.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('a refused request still counts, and the global ceiling answers rate_limit_exceeded', async () => {
    const strict = await h.build({ RATE_LIMIT_GLOBAL_PER_SECOND: '3', RATE_LIMIT_READ_PER_MINUTE: '120' });
    const { key, id } = await h.workspace();
    const burst = await Promise.all(
      Array.from({ length: 40 }, () => strict.inject({ method: 'GET', url: '/credits', headers: { 'x-api-key': key } })),
    );
    const refused = burst.filter((r) => r.statusCode === 429);
    // Exactly the requests over 3 in each one-second window the server counted; 40 requests
    // would have to spread over 14 seconds to escape it.
    const seconds = await windowCounts(h, id, 'global');
    expect(sum(seconds)).toBe(40);
    expect(refused).toHaveLength(sum(seconds.map((c) => Math.max(0, c - 3))));
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused[0]!.json().id).toBe('rate_limit_exceeded');
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Every request of the burst, refused or not, was counted in the tier's minute window.
    const { rows } = await h.db.pool.query(
      `SELECT sum(count)::int AS n FROM rate_limit_counters WHERE bucket = 'read:minute' AND workspace_id = $1`,
      [id],
    );
    expect(rows[0].n).toBe(40);
  });
});
