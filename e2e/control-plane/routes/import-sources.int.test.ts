// Remote sources are checked at import (docs/design-format.md, "Remote sources"): every http(s)
// media source of a payload is probed at once through the outbound guard, and each one that
// does not answer is 400 unreachable_src at its path, with validate_only and on create, within
// IMPORT_SOURCE_CHECK_TIMEOUT_MS. Against a real local HTTPS server (a throwaway CA) that serves
// one file, answers 404 for another, never answers a third; and a port that refuses.
import { createServer as createHttpsServer, type Server } from 'node:https';
import type { Socket } from 'node:net';
import { createHarness, type Harness } from '@pressroom/control-plane/test/harness';
import { createTestCertificates } from '@pressroom/media-worker/webhooks/testing/test-ca';
import { createGuardedAgent } from '@pressroom/platform';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headers } from '../design-worker.js';

const TIMEOUT_MS = 1500;
const layout = { x: 0, y: 0, width: 100, height: 100 };

describe('remote sources are checked at import, on real Postgres and a real HTTPS server', () => {
  let h: Harness;
  let app: FastifyInstance;
  let key: string;
  let projectId: string;
  let server: Server;
  let base: string;
  let refusing: string;
  const sockets = new Set<Socket>();
  const hits = new Map<string, number>();

  beforeAll(async () => {
    const certs = createTestCertificates();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    server = createHttpsServer({ key: certs.serverKey, cert: certs.serverCert }, (req, res) => {
      hits.set(req.url ?? '', (hits.get(req.url ?? '') ?? 0) + 1);
      if (req.url === '/ok.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      else if (req.url === '/hang.png')
        return; // never answers
      else res.writeHead(404).end('not here');
    });
    server.on('connection', (s: Socket) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `https://127.0.0.1:${(server.address() as { port: number }).port}`;
    // A port nothing listens on: the connection is refused.
    const closed = createHttpsServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    refusing = `https://127.0.0.1:${(closed.address() as { port: number }).port}/gone.png`;
    await new Promise((resolve) => closed.close(resolve));

    h = await createHarness({
      RATE_LIMIT_GLOBAL_PER_SECOND: '1000',
      OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
      IMPORT_SOURCE_CHECK_TIMEOUT_MS: String(TIMEOUT_MS),
    });
    app = await h.build({}, undefined, undefined, {
      sourceDispatcher: createGuardedAgent({ allowPrivateNetworks: true, ca: certs.caPem }),
    });
    key = (await h.workspace()).key;
    projectId = (await app.inject({ method: 'POST', url: '/projects', payload: { name: 'Sources' }, headers: headers(key) })).json().id;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => server?.close(resolve));
    await h?.close();
  });

  const payload = (layers: unknown[]) => ({
    name: 'Remote',
    type: 'static',
    target: { kind: 'design', project_uuid: projectId },
    formats: [{ name: 'square', width: 400, height: 400 }],
    layers,
  });
  const image = (name: string, properties: Record<string, unknown>) => ({ name, type: 'image', layout, properties });
  const post = (body: unknown, query = '') =>
    app.inject({ method: 'POST', url: `/designs/import/json${query}`, payload: body as object, headers: headers(key) });
  const imports = async () => (await app.inject({ method: 'GET', url: '/designs/import/json', headers: headers(key) })).json().length;

  const unreachable = () =>
    payload([
      image('ok', { src: `${base}/ok.png` }),
      image('missing', { src: `${base}/missing.png` }),
      image('hangs', { src: `${base}/hang.png` }),
      image('refused', { src: refusing }),
      // Per format, and the same URL a second time: each path is reported, the URL probed once.
      image('per_format', { default: {}, square: { src: `${base}/missing.png` } }),
    ]);
  const expected = [
    { path: 'layers[1].properties.src', code: 'unreachable_src', message: expect.stringMatching(/error status \(404\)/) },
    { path: 'layers[2].properties.src', code: 'unreachable_src', message: expect.stringMatching(/did not answer in time/) },
    { path: 'layers[3].properties.src', code: 'unreachable_src', message: expect.stringMatching(/could not be reached/) },
    { path: 'layers[4].properties.square.src', code: 'unreachable_src', message: expect.stringMatching(/\(404\)/) },
  ];

  for (const [what, query] of [
    ['with validate_only', '?validate_only=true'],
    ['on create', ''],
  ] as const) {
    it(`answers 400 unreachable_src at the path of each source that does not answer, ${what}, within the bound`, async () => {
      const before = await imports();
      hits.clear();
      const started = Date.now();
      const res = await post(unreachable(), query);
      const elapsed = Date.now() - started;
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json();
      expect(body.errors).toEqual(expected.map((e) => expect.objectContaining(e)));
      expect(body.errors.map((e: { received: string }) => e.received)).toEqual([
        `${base}/missing.png`,
        `${base}/hang.png`,
        refusing,
        `${base}/missing.png`,
      ]);
      expect(hits.get('/missing.png')).toBe(1);
      expect(hits.get('/ok.png')).toBe(1);
      // The hanging server held its probe until the bound cut it: the answer waited that long and
      // came anyway (a generous ceiling, not a speed check: without the bound it never comes).
      expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      expect(elapsed).toBeLessThan(TIMEOUT_MS + 30_000);
      expect(await imports()).toBe(before);
    });
  }

  it('a payload whose sources answer is accepted: 204 with validate_only, 200 on create', async () => {
    const ok = payload([image('ok', { src: `${base}/ok.png` })]);
    expect((await post(ok, '?validate_only=true')).statusCode).toBe(204);
    const created = await post(ok);
    expect(created.statusCode, created.body).toBe(200);
  });

  it('through the guard without OUTBOUND_ALLOW_PRIVATE_NETWORKS, a loopback source is unreachable_src', async () => {
    const guarded = await h.build({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'false' });
    const res = await guarded.inject({
      method: 'POST',
      url: '/designs/import/json?validate_only=true',
      payload: payload([image('ok', { src: `${base}/ok.png` })]),
      headers: headers(key),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([
      expect.objectContaining({
        path: 'layers[0].properties.src',
        code: 'unreachable_src',
        message: expect.stringMatching(/loopback, private/),
      }),
    ]);
  });
});
