import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';

describe('projects, on real Postgres', () => {
  let h: Harness;
  let app: FastifyInstance;
  let key: string;
  const create = (name: unknown, k = key) =>
    app.inject({ method: 'POST', url: '/projects', payload: { name }, headers: { 'x-api-key': k } });

  beforeAll(async () => {
    h = await createHarness({ RATE_LIMIT_GLOBAL_PER_SECOND: '1000' });
    app = await h.build();
    key = (await h.workspace()).key;
  });
  afterAll(() => h.close());

  it('creates a project with 200, the status of the vendor OpenAPI document, and the Project shape', async () => {
    const res = await create('Summer campaign');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(String),
      name: 'Summer campaign',
      created_at_ts: expect.any(Number),
      version: expect.any(String),
    });
  });

  it('trims for storage, comparison and the length rule', async () => {
    // The name stored is the trimmed one, so that is the one 2 to 100 characters long: spaces
    // made ' b ' long enough and '   ' a project named "" (both were 200).
    for (const short of [' b ', '   ', ' \u00a0 ', ''])
      expect((await create(short)).json()).toMatchObject({
        id: 'out_of_range',
        errors: [
          { path: 'name', code: 'out_of_range', expected: { min: 2, max: 100 }, message: 'must be 2 to 100 characters once trimmed' },
        ],
      });
    expect((await create(' bb ')).json()).toMatchObject({ name: 'bb' });
    // One name however its accents are encoded: stored composed (NFC), compared so.
    const other = (await h.workspace('pro', 'Accents')).key;
    expect((await create('Cafe\u0301', other)).json()).toMatchObject({ name: 'Caf\u00e9' });
    expect((await create('Caf\u00e9', other)).json()).toMatchObject({ id: 'project_already_exists' });
    const listed = await app.inject({
      method: 'GET',
      url: `/projects?name=${encodeURIComponent('Cafe\u0301')}`,
      headers: { 'x-api-key': other },
    });
    expect(listed.json()).toHaveLength(1);
    const roomy = (await h.workspace('pro', 'Roomy')).key;
    expect((await create(`${'y'.repeat(100)}  `, roomy)).json()).toMatchObject({ name: 'y'.repeat(100) });
    const dup = await create('  Summer campaign ');
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({ id: 'project_already_exists' });
    expect(dup.json().errors).toBeUndefined();
    expect((await create('a')).json().id).toBe('out_of_range');
    expect((await create('x'.repeat(101))).json()).toMatchObject({
      id: 'out_of_range',
      errors: [{ expected: { max: 100 }, received: 101 }],
    });
  });

  it('lists by name, bare array, X-Total-Count, paging and name filter; never across workspaces', async () => {
    for (const n of ['Zeta', 'Alpha', 'Mid']) await create(n);
    const other = await h.workspace('pro', 'Other');
    await create('Alpha', other.key);

    const all = await app.inject({ method: 'GET', url: '/projects', headers: { 'x-api-key': key } });
    const names = all.json().map((p: { name: string }) => p.name);
    expect(names).toEqual(['Alpha', 'bb', 'Mid', 'Summer campaign', 'Zeta']);
    expect(all.headers['x-total-count']).toBe('5');
    expect(all.json()[0]).toMatchObject({ category_name: 'Alpha' });

    const page = await app.inject({ method: 'GET', url: '/projects?page=2&per_page=2', headers: { 'x-api-key': key } });
    expect(page.json().map((p: { name: string }) => p.name)).toEqual(['Mid', 'Summer campaign']);
    expect(page.headers['x-total-count']).toBe('5');

    const byName = await app.inject({ method: 'GET', url: '/projects?name=Mid', headers: { 'x-api-key': key } });
    expect(byName.json()).toHaveLength(1);
    expect(byName.headers['x-total-count']).toBe('1');
  });
});
