// Question: does every upload path refuse an oversized upload while it streams, and is a
// decompression bomb refused at import? (#22.1) Real Postgres, the local storage driver served by
// the real app on a real socket, a real graphile-worker for the import job.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { UploadSlot } from '@pressroom/control-plane/services/imports';
import { createHarness, type Harness } from '@pressroom/control-plane/test/harness';
import type { WorkerRuntime } from '@pressroom/platform';
import { pngDeclaring } from '@pressroom/render-worker/imports/testing/bomb';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headers, importViaApi, startDesignWorker } from '../design-worker.js';

/**
 * The one raw payload of this file (Abyssale's import format): a static design with one image;
 * a bare file name as `src` waits for an upload of that name.
 */
const imageDesign = (projectId: string, src = 'hero.png') => ({
  name: 'Hero',
  type: 'static',
  formats: [{ name: 'square', width: 400, height: 400, background_color: '#112233' }],
  layers: [{ name: 'hero', type: 'image', layout: { x: 0, y: 0, width: 400, height: 400 }, properties: { src } }],
  target: { kind: 'design', project_uuid: projectId },
});

const MB = 1_000_000;

describe('upload limits, enforced while streaming', () => {
  let h: Harness;
  let app: FastifyInstance;
  let base: string;
  let key: string;
  let projectId: string;
  let worker: WorkerRuntime | undefined;

  beforeAll(async () => {
    h = await createHarness({ RATE_LIMIT_WRITE_PER_MINUTE: '1000', RATE_LIMIT_POLLING_PER_MINUTE: '100000' });
    app = await h.build();
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    key = (await h.workspace()).key;
    projectId = (await app.inject({ method: 'POST', url: '/projects', payload: { name: 'Limits' }, headers: headers(key) })).json().id;
  });
  afterAll(async () => {
    await worker?.stop();
    await h.close();
  });

  const createSlot = async (): Promise<{ id: string; slot: UploadSlot }> => {
    const res = await app.inject({ method: 'POST', url: '/designs/import/json', payload: imageDesign(projectId), headers: headers(key) });
    expect(res.statusCode, res.body).toBe(200);
    return { id: res.json().id, slot: res.json().uploads[0] };
  };

  it('refuses a 300 MB file in a slot form while it streams: answered before the client sent 25 MB, nothing stored', async () => {
    const { id, slot } = await createSlot();
    expect(slot.max_bytes).toBe(20 * MB);
    const boundary = 'pressroom-limit-test';
    const head = Buffer.from(
      `${Object.entries(slot.fields)
        .map(([k, v]) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join('')}--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="hero.png"\r\ncontent-type: image/png\r\n\r\n`,
    );
    // No Content-Length: the body is chunked, so only the streaming limit can stop it.
    const req = httpRequest(`${base}${new URL(slot.url).pathname}`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
    });
    let answer: { status: number; body: string } | undefined;
    void answered.then((a) => {
      answer = a;
    });
    const chunk = Buffer.alloc(256 * 1024, 0x41); // one buffer reused: 300 MB are generated, never held
    let sent = 0;
    req.write(head);
    while (sent < 300 * MB && !answer) {
      if (sent >= 25 * MB) {
        // Past the limit with room to spare: the server must answer on its own, not wait for the end.
        await answered;
        break;
      }
      sent += chunk.length;
      if (!req.write(chunk)) await Promise.race([new Promise((r) => req.once('drain', r)), answered]);
    }
    const { status, body } = await answered;
    req.destroy();
    expect(status).toBe(413);
    expect(JSON.parse(body)).toMatchObject({ id: 'payload_too_large', errors: [{ path: 'file', expected: { max: 20 * MB } }] });
    expect(sent).toBeLessThanOrEqual(25 * MB + chunk.length);
    expect(await h.storage.head(slot.fields.key as string)).toBeUndefined();
    const put = await app.inject({ method: 'PUT', url: `/designs/import/json/${id}`, headers: headers(key) });
    expect(put.json()).toMatchObject({ id: 'missing_assets', errors: [{ expected: [{ name: 'hero.png' }] }] });
  });

  it('refuses a slot form that declares 300 MB before reading the file', async () => {
    const { slot } = await createSlot();
    const res = await fetch(`${base}${new URL(slot.url).pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(300 * MB) },
      body: `--x\r\n${Object.entries(slot.fields)
        .map(([k, v]) => `content-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n--x\r\n`)
        .join('')}content-disposition: form-data; name="file"; filename="a"\r\n\r\n`,
      duplex: 'half',
    } as RequestInit).catch((error: unknown) => error as Error);
    // The server answers 413 at once; undici may report the early answer or the reset it causes.
    if (res instanceof Response) expect(res.status).toBe(413);
    expect(await h.storage.head(slot.fields.key as string)).toBeUndefined();
  });

  it('refuses a signed PUT upload that declares more than the ceiling of any upload', async () => {
    const url = new URL(await h.storage.uploadUrl('workspaces/w/imports/i/big.png', { expiresInSeconds: 60, contentType: 'image/png' }));
    const res = await app.inject({
      method: 'PUT',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'image/png', 'content-length': String(501 * MB) },
      payload: Buffer.alloc(10),
    });
    expect(res.statusCode).toBe(413);
  });

  it('refuses a tiny PNG declaring 30000x30000 at import with invalid_asset, before any render', async () => {
    worker = await startDesignWorker(h.db.pool, h.storage);
    const done = await importViaApi(app, key, imageDesign(projectId), { 'hero.png': pngDeclaring(30_000, 30_000) });
    expect(done).toMatchObject({
      status: 'FAILED',
      result: null,
      error: { code: 'invalid_asset', path: 'layers[0].properties.src', message: expect.stringContaining('30000x30000') },
    });
  });

  it('refuses the same bomb carried in the payload as a data: URI', async () => {
    const inline = imageDesign(projectId, `data:image/png;base64,${pngDeclaring(30_000, 30_000).toString('base64')}`);
    const done = await importViaApi(app, key, inline);
    expect(done).toMatchObject({ status: 'FAILED', error: { code: 'invalid_asset', path: 'layers[0].properties.src' } });
  });
});
