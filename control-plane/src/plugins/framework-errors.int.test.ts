import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { API_VERSION } from '@pressroom/model';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';

/**
 * Sends raw bytes and reads one answer: these requests are ones no HTTP client would build. The
 * socket stays open (a half-closed socket would end the request early); the answer ends at its
 * Content-Length, or when the server closes.
 */
function raw(port: number, request: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    const answer = () => {
      const end = data.indexOf('\r\n\r\n');
      if (end === -1) return null;
      const head = data.slice(0, end);
      const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? Number.NaN);
      const body = data.slice(end + 4);
      if (Buffer.byteLength(body) < length) return null;
      return { status: Number(head.split(' ')[1]), body: body ? JSON.parse(body) : null };
    };
    socket.on('data', (chunk) => {
      data += String(chunk);
      const done = answer();
      if (done) {
        socket.destroy();
        resolve(done);
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(answer() ?? { status: Number.NaN, body: data }));
    socket.write(request);
  });
}

/** Issue 22 item 5: framework failures answer in the spec's envelope, with `id` and `version`. */
describe('framework errors answer in the envelope', () => {
  let h: Harness;
  let app: FastifyInstance;
  let port: number;
  let key: string;

  beforeAll(async () => {
    h = await createHarness();
    app = await h.build({ BODY_LIMIT_BYTES: '2048', REQUEST_TIMEOUT_MS: '500' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
    key = (await h.workspace()).key;
  });
  afterAll(() => h.close());

  const cases: [string, string, number, string][] = [
    ['a URL that does not decode', 'GET /%ff HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 400, 'invalid_payload'],
    ['a malformed header', 'GET /projects HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n', 400, 'invalid_payload'],
    ['headers past the parser limit', `GET /projects HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'invalid_payload'],
    ['an unknown method', 'FOO /projects HTTP/1.1\r\nHost: x\r\n\r\n', 405, 'method_not_allowed'],
    [
      'a body larger than the limit',
      `POST /projects HTTP/1.1\r\nHost: x\r\nX-Api-Key: KEY\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n{"name":"${'a'.repeat(3989)}"}`,
      413,
      'payload_too_large',
    ],
    [
      'a media type other than JSON',
      'POST /projects HTTP/1.1\r\nHost: x\r\nX-Api-Key: KEY\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nhi',
      415,
      'unsupported_media_type',
    ],
    [
      'malformed JSON',
      'POST /projects HTTP/1.1\r\nHost: x\r\nX-Api-Key: KEY\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 5\r\n\r\n{"a":',
      400,
      'invalid_json',
    ],
  ];

  for (const [name, request, status, id] of cases) {
    it(`${name}: ${status} ${id}`, async () => {
      const res = await raw(port, request.replace('KEY', key));
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({ id, version: API_VERSION });
      expect(typeof (res.body as { message: unknown }).message).toBe('string');
    });
  }

  it('a request not received within REQUEST_TIMEOUT_MS: 408 in the envelope', async () => {
    // The body never arrives; the socket stays open until the server answers.
    const res = await raw(
      port,
      `POST /projects HTTP/1.1\r\nHost: x\r\nX-Api-Key: ${key}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
    );
    expect(res.status).toBe(408);
    expect(res.body).toMatchObject({ id: 'invalid_payload', version: API_VERSION });
  });
});
