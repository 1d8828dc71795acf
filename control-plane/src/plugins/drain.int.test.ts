// The control plane's drain: a request in flight on a keep-alive connection still answers when
// close() begins, and the connection closes right after it, so close() does not wait for the
// client (or the 72 s keep-alive timeout). Idle keep-alive connections close at once.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError } from '@pressroom/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { drainAndClose } from './drain.js';
import { toAppError } from './errors.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/** Resolves `true` when `promise` settles within `ms`, `false` otherwise. */
const within = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms).unref())]);

function get(port: number, path: string, agent: http.Agent): Promise<{ status: number; connection: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (res) => {
        let body = '';
        res.on('data', (d) => {
          body += String(d);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
      })
      .on('error', reject);
  });
}

describe('the drain of a control plane', () => {
  it('answers the request in flight with Connection: close, closes idle keep-alive connections, and close() ends at once', async () => {
    const app = await h.build();
    let markInFlight: () => void = () => undefined;
    const inFlight = new Promise<void>((r) => {
      markInFlight = r;
    });
    let release: () => void = () => undefined;
    const released = new Promise<void>((r) => {
      release = r;
    });
    app.get('/test/slow', { config: { auth: false } }, async () => {
      markInFlight();
      await released;
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const idleAgent = new http.Agent({ keepAlive: true });
    const agent = new http.Agent({ keepAlive: true });

    // One keep-alive connection left idle, another with a request in flight.
    const idle = await get(port, '/ready', idleAgent);
    expect(idle.connection).toBe('keep-alive');
    const idleSockets = () => Object.values(idleAgent.freeSockets).flat().length;
    expect(idleSockets()).toBe(1);
    const slow = get(port, '/test/slow', agent);
    await inFlight;

    // As the server's shutdown path does.
    const closed = drainAndClose(app);
    // The idle connection is closed as the drain starts, before the render in flight ends.
    const start = Date.now();
    while (idleSockets() > 0 && Date.now() - start < 5_000) await new Promise((r) => setTimeout(r, 20));
    expect(idleSockets()).toBe(0);

    release();
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ done: true });
    expect(answer.connection).toBe('close');
    // Without `Connection: close` the server would wait 72 s for the client's idle socket.
    expect(await within(closed, 5_000)).toBe(true);
    agent.destroy();
    idleAgent.destroy();
  });
});

describe('a database outage', () => {
  it('answers 503 internal_server_error with Retry-After, not 500 internal_error', () => {
    const refused = toAppError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    expect(refused).toBeInstanceOf(AppError);
    expect({ id: refused.id, status: refused.status, headers: refused.headers }).toEqual({
      id: 'internal_server_error',
      status: 503,
      headers: { 'Retry-After': '5' },
    });
    expect(toAppError(new Error('a bug')).id).toBe('internal_error');
  });
});
