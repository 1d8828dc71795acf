import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { receiveFormUpload } from '../form-upload.js';
import type { LocalObjectStorage } from '../local.js';
import { localFileResponse } from '../local-file-response.js';
import { verifyObjectUrl } from '../url-signing.js';

/**
 * A minimal stand-in for the control plane's `GET /files/*`, `PUT /uploads/*` and `POST /uploads` routes, built
 * only from the exported helpers, so the local driver's URLs can be fetched for real in tests.
 * It shows the intended wiring: decode the path into the key, verify, then stream. `storage` is a
 * getter because the storage needs this server's URL as its base.
 */
export async function startLocalFileServer(storage: () => LocalObjectStorage): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    handle(storage(), req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function handle(storage: LocalObjectStorage, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (req.method === 'POST' && url.pathname === '/uploads') {
    const result = await receiveFormUpload(storage, storage.urlSigningSecret, { headers: req.headers, body: req });
    const status = result.status === 'stored' ? 204 : result.status === 'too_large' ? 413 : 403;
    res.writeHead(status, { connection: 'close' }).end(result.status === 'stored' ? undefined : result.message);
    return;
  }
  const match = /^\/(files|uploads)\/(.+)$/.exec(url.pathname);
  const route = match?.[1];
  const method = req.method === 'PUT' ? 'PUT' : 'GET';
  if (!match || (route === 'files') !== (method === 'GET')) {
    res.writeHead(404).end();
    return;
  }
  const key = (match[2] as string).split('/').map(decodeURIComponent).join('/');
  const contentType = req.headers['content-type'];
  const verdict = verifyObjectUrl(key, url.searchParams, storage.urlSigningSecret, Date.now(), { method, contentType });
  if (verdict.status !== 'ok') {
    res.writeHead(403, { 'content-type': 'text/plain' }).end(verdict.status);
    return;
  }
  if (method === 'PUT') {
    const length = req.headers['content-length'];
    await storage.put(key, req, {
      contentType: verdict.grant.contentType ?? contentType ?? 'application/octet-stream',
      ...(length !== undefined ? { contentLength: Number(length) } : {}),
    });
    res.writeHead(200).end();
    return;
  }
  const file = await localFileResponse(storage, key, { filename: verdict.grant.filename });
  if (!file) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, {
    'content-type': file.contentType,
    'content-length': String(file.size),
    ...(file.contentDisposition ? { 'content-disposition': file.contentDisposition } : {}),
  });
  await pipeline(file.stream, res);
}
