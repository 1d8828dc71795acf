import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';

/** Issue 22 item 6: a callback_url that can only reach a forbidden address is refused at submit. */
describe('callback_url at submit', () => {
  let h: Harness;
  let app: FastifyInstance;
  let key: string;

  beforeAll(async () => {
    h = await createHarness({ RATE_LIMIT_GLOBAL_PER_SECOND: '1000' });
    app = await h.build();
    key = (await h.workspace()).key;
  });
  afterAll(() => h.close());

  const post = (target: FastifyInstance, url: string, payload: unknown) =>
    target.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-api-key': key } });

  const FORBIDDEN = [
    'https://127.0.0.1/x',
    'https://[::1]/',
    'https://169.254.169.254/',
    'https://10.0.0.1/',
    'https://2130706433/',
    'https://0177.0.0.1/',
    'https://localhost/x', // a name: every address it resolves to is loopback
  ];

  it.each(FORBIDDEN)('%s answers 400 invalid_payload at callback_url on every endpoint that takes one', async (callback) => {
    for (const url of [
      `/async/banner-builder/${randomUUID()}/generate`,
      `/async/banner-builder/${randomUUID()}/generate-multipage-pdf`,
      '/async/banners/export',
    ]) {
      const res = await post(app, url, { callback_url: callback, ids: [randomUUID()], pages: {} });
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ id: 'invalid_payload', errors: [{ path: 'callback_url', code: 'invalid_payload' }] });
    }
  });

  it('a public address goes on to the next check (here: no such design)', async () => {
    const res = await post(app, `/async/banner-builder/${randomUUID()}/generate`, { callback_url: 'https://93.184.215.14/x' });
    expect(res.statusCode).toBe(404);
    expect(res.json().id).toBe('template_not_found');
  });

  it('OUTBOUND_ALLOW_PRIVATE_NETWORKS (tests with a loopback receiver) lets it through', async () => {
    const open = await h.build({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', RATE_LIMIT_GLOBAL_PER_SECOND: '1000' });
    const res = await post(open, `/async/banner-builder/${randomUUID()}/generate`, { callback_url: 'https://127.0.0.1/x' });
    expect(res.statusCode).toBe(404);
    expect(res.json().id).toBe('template_not_found');
  });
});
