import { createServer, type Server as HttpServer } from 'node:http';
import { type AddressInfo, createServer as createNetServer, type Server } from 'node:net';
import { OutboundFetchError } from '@pressroom/model';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGuardedAgent } from './guarded-agent.js';
import { guardedFetchBytes } from './guarded-fetch.js';

/**
 * Real sockets. A canary listener on loopback counts every TCP connection it accepts: each
 * refusal test asserts the guard stopped the request before a single SYN reached it.
 */
let canary: Server;
let canaryPort: number;
let canaryConnections = 0;
let content: HttpServer;
let contentPort: number;

function listen(server: Server | HttpServer, host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve) => server.listen(0, host, () => resolve((server.address() as AddressInfo).port)));
}

async function reasonOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundFetchError);
  return (error as OutboundFetchError).reason;
}

const base = { maxBytes: 1_000_000, timeoutMs: 3_000, allowPrivateNetworks: false };

beforeAll(async () => {
  canary = createNetServer((socket) => {
    canaryConnections++;
    socket.end('HTTP/1.1 200 OK\r\ncontent-length: 6\r\n\r\ncanary');
  });
  canaryPort = await listen(canary, '::'); // dual-stack: catches ::ffff:127.0.0.1 and ::1 too
  content = createServer((req, res) => {
    if (req.url === '/big') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' }); // no content-length: streamed
      const chunk = Buffer.alloc(64 * 1024, 1);
      for (let i = 0; i < 40; i++) res.write(chunk);
      res.end();
    } else if (req.url === '/hang') {
      res.writeHead(200);
      res.write('partial'); // never ends
    } else if (req.url === '/missing') {
      res.writeHead(404).end();
    } else if (req.url?.startsWith('/to?')) {
      res.writeHead(302, { location: decodeURIComponent(req.url.slice(4)) }).end();
    } else if (req.url === '/loop') {
      res.writeHead(302, { location: '/loop' }).end();
    } else {
      res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from('png-bytes'));
    }
  });
  // 127.0.0.2 stands in for a public server: the tests that need one declare only it allowed.
  contentPort = await listen(content, '127.0.0.2');
});

afterAll(async () => {
  content.closeAllConnections();
  await new Promise((r) => content.close(r));
  await new Promise((r) => canary.close(r));
});

beforeEach(() => {
  canaryConnections = 0;
});

describe('guardedFetchBytes refuses private targets without connecting', () => {
  it.each([
    ['loopback', () => `http://127.0.0.1:${canaryPort}/`],
    ['metadata', () => 'http://169.254.169.254/latest/meta-data/'],
    ['v4-mapped loopback', () => `http://[::ffff:127.0.0.1]:${canaryPort}/`],
    ['v6 loopback', () => `http://[::1]:${canaryPort}/`],
    ['hex literal', () => `http://0x7f000001:${canaryPort}/`],
    ['decimal literal', () => `http://2130706433:${canaryPort}/`],
    ['octal literal', () => `http://0177.0.0.1:${canaryPort}/`],
    ['short literal', () => `http://127.1:${canaryPort}/`],
    ['NAT64 loopback', () => `http://[64:ff9b::7f00:1]:${canaryPort}/`],
    ['localhost by name', () => `http://localhost:${canaryPort}/`],
  ])('%s', async (_label, url) => {
    expect(await reasonOf(guardedFetchBytes(url(), base))).toBe('forbidden_address');
    expect(canaryConnections).toBe(0);
  });

  it('refuses a public-looking hostname that resolves to loopback (checked at connect time)', async () => {
    const dispatcher = createGuardedAgent({
      allowPrivateNetworks: false,
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    const url = `http://images.example.com:${canaryPort}/a.png`;
    expect(await reasonOf(guardedFetchBytes(url, { ...base, dispatcher }))).toBe('forbidden_address');
    expect(canaryConnections).toBe(0);
    await dispatcher.close();
  });

  it('refuses when any one of several resolved addresses is private (rebinding)', async () => {
    const dispatcher = createGuardedAgent({
      allowPrivateNetworks: false,
      resolve: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ],
    });
    expect(await reasonOf(guardedFetchBytes(`http://rebind.example.com:${canaryPort}/`, { ...base, dispatcher }))).toBe(
      'forbidden_address',
    );
    expect(canaryConnections).toBe(0);
    await dispatcher.close();
  });

  describe('redirect hops are re-checked', () => {
    // Only 127.0.0.2 (the "public" content server) is allowed; `public.example` resolves to it.
    const policy = (ip: string) => ip !== '127.0.0.2';
    const makeAgent = () =>
      createGuardedAgent({
        allowPrivateNetworks: false,
        resolve: async (host) => [{ address: host === 'public.example' ? '127.0.0.2' : '127.0.0.1', family: 4 }],
        isForbidden: policy,
      });

    it('the test setup really fetches from the allowed server', async () => {
      const dispatcher = makeAgent();
      const result = await guardedFetchBytes(`http://public.example:${contentPort}/img`, { ...base, dispatcher });
      expect(result.bytes.toString()).toBe('png-bytes');
      await dispatcher.close();
    });

    it.each([
      ['loopback literal', () => `http://127.0.0.1:${canaryPort}/`],
      ['hex literal', () => `http://0x7f000001:${canaryPort}/`],
      ['name resolving to loopback', () => `http://internal.example:${canaryPort}/`],
    ])('redirect to %s', async (_label, target) => {
      const dispatcher = makeAgent();
      const url = `http://public.example:${contentPort}/to?${encodeURIComponent(target())}`;
      expect(await reasonOf(guardedFetchBytes(url, { ...base, dispatcher }))).toBe('forbidden_address');
      expect(canaryConnections).toBe(0);
      await dispatcher.close();
    });
  });
});

describe('guardedFetchBytes with allowPrivateNetworks', () => {
  const open = { ...base, allowPrivateNetworks: true };

  it('fetches from loopback, with content type', async () => {
    const result = await guardedFetchBytes(`http://127.0.0.2:${contentPort}/img.png`, open);
    expect(result.bytes.toString()).toBe('png-bytes');
    expect(result.contentType).toBe('image/png');
  });

  it('follows a redirect', async () => {
    const result = await guardedFetchBytes(`http://127.0.0.2:${contentPort}/to?${encodeURIComponent('/img')}`, open);
    expect(result.bytes.toString()).toBe('png-bytes');
  });

  it('aborts a streamed body past maxBytes', async () => {
    expect(await reasonOf(guardedFetchBytes(`http://127.0.0.2:${contentPort}/big`, { ...open, maxBytes: 100_000 }))).toBe('too_large');
  });

  it('accepts a streamed body under maxBytes', async () => {
    const result = await guardedFetchBytes(`http://127.0.0.2:${contentPort}/big`, { ...open, maxBytes: 40 * 64 * 1024 });
    expect(result.bytes.length).toBe(40 * 64 * 1024);
  });

  it('times out a body that never ends', async () => {
    // The body never ends, so only the deadline can end the fetch; it ends no earlier.
    const started = Date.now();
    expect(await reasonOf(guardedFetchBytes(`http://127.0.0.2:${contentPort}/hang`, { ...open, timeoutMs: 300 }))).toBe('timeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(300 - 5);
  });

  it('reports a non-2xx status', async () => {
    expect(await reasonOf(guardedFetchBytes(`http://127.0.0.2:${contentPort}/missing`, open))).toBe('bad_status');
  });

  it('stops a redirect loop', async () => {
    expect(await reasonOf(guardedFetchBytes(`http://127.0.0.2:${contentPort}/loop`, { ...open, maxRedirects: 3 }))).toBe(
      'too_many_redirects',
    );
  });

  it('refuses other schemes, also as a redirect target', async () => {
    expect(await reasonOf(guardedFetchBytes('file:///etc/passwd', open))).toBe('bad_scheme');
    expect(await reasonOf(guardedFetchBytes('ftp://example.com/a', open))).toBe('bad_scheme');
    const url = `http://127.0.0.2:${contentPort}/to?${encodeURIComponent('file:///etc/passwd')}`;
    expect(await reasonOf(guardedFetchBytes(url, open))).toBe('bad_scheme');
  });

  it('reports a refused connection as network', async () => {
    const closed = createNetServer();
    const port = await listen(closed);
    await new Promise((r) => closed.close(r));
    expect(await reasonOf(guardedFetchBytes(`http://127.0.0.1:${port}/`, open))).toBe('network');
  });
});
