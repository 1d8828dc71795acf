import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';

describe('local file serving through signed URLs', () => {
  let h: Harness;
  let app: FastifyInstance;
  beforeAll(async () => {
    h = await createHarness();
    app = await h.build();
  });
  afterAll(() => h.close());

  const pathOf = (url: string) => {
    const u = new URL(url);
    return u.pathname + u.search;
  };

  it('serves a stored object through its signed download URL, with its file name', async () => {
    await h.storage.put('workspaces/w1/banners/b1/hello world.txt', Buffer.from('bytes!'), { contentType: 'text/plain' });
    const url = await h.storage.downloadUrl('workspaces/w1/banners/b1/hello world.txt', { filename: 'hello.txt' });
    const res = await app.inject({ method: 'GET', url: pathOf(url) });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('bytes!');
    expect(res.headers['content-type']).toBe('text/plain');
    expect(res.headers['content-disposition']).toContain('hello.txt');
    // Readable from any origin's page (a CSS mask or a fetch is a CORS request), credentials never sent.
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('refuses a tampered signature', async () => {
    const url = await h.storage.downloadUrl('workspaces/w1/banners/b1/hello world.txt');
    const res = await app.inject({ method: 'GET', url: pathOf(url).replace(/sig=[^&]+/, 'sig=AAAA') });
    expect(res.statusCode).toBe(401);
    expect(res.json().id).toBe('unauthorized');
  });

  it('accepts an upload through a signed PUT URL and refuses one with a forged URL', async () => {
    const url = await h.storage.uploadUrl('workspaces/w1/imports/i1/logo.png', { expiresInSeconds: 60, contentType: 'image/png' });
    const ok = await app.inject({
      method: 'PUT',
      url: pathOf(url),
      payload: Buffer.from([1, 2, 3]),
      headers: { 'content-type': 'image/png' },
    });
    expect(ok.statusCode).toBe(200);
    expect([...(await h.storage.get('workspaces/w1/imports/i1/logo.png'))]).toEqual([1, 2, 3]);
    const forged = await app.inject({
      method: 'PUT',
      url: pathOf(url).replace('logo.png', 'other.png'),
      payload: 'x',
      headers: { 'content-type': 'image/png' },
    });
    expect(forged.statusCode).toBe(401);
  });
});
