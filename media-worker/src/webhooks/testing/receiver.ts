import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TestCertificates } from './test-ca.js';

export interface ReceivedRequest {
  path: string;
  method: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** Date.now() when the request was fully read. */
  at: number;
}

/** Answers the n-th request (0-based) on a path; may write the response itself. */
export type Script = (n: number, req: ReceivedRequest, res: ServerResponse) => void | Promise<void>;

/** A real HTTPS receiver on loopback, with one scripted behaviour per path and a log of every request. */
export interface Receiver {
  url(path: string): string;
  on(path: string, script: Script): void;
  requests(path: string): ReceivedRequest[];
  /** TCP connections accepted, across all paths. */
  connections(): number;
  close(): Promise<void>;
}

export async function startReceiver(certs: TestCertificates, host = '127.0.0.1'): Promise<Receiver> {
  const scripts = new Map<string, Script>();
  const log: ReceivedRequest[] = [];
  let connections = 0;
  const server: Server = createServer({ key: certs.serverKey, cert: certs.serverCert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry: ReceivedRequest = {
        path: req.url ?? '/',
        method: req.method ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      const n = log.filter((r) => r.path === entry.path).length;
      log.push(entry);
      const script = scripts.get(entry.path);
      if (!script) {
        res.writeHead(200).end('ok');
        return;
      }
      Promise.resolve(script(n, entry, res)).catch(() => res.destroy());
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path) => `https://${host}:${port}${path}`,
    on: (path, script) => scripts.set(path, script),
    requests: (path) => log.filter((r) => r.path === path),
    connections: () => connections,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

export function respond(res: ServerResponse, status: number, body = '', headers: Record<string, string> = {}): void {
  res.writeHead(status, headers).end(body);
}
