// The container test's peer on the farm's network (run by e2e/deploy/farm.deploy.test.ts in the
// Pressroom image: `node /peer/peer.mjs`), standing for the outside world a farm talks to:
// - HTTPS on 8443: a webhook receiver (its certificate from /certs, signed by a CA the media
//   workers trust through NODE_EXTRA_CA_CERTS); answers 200 and records every POST;
// - HTTP on 8080: pictures for renders. GET /hang/<name> holds the first request for a name until
//   POST /release/<name> (so a job is held on one worker) and then answers it with a magenta
//   picture; later requests get a cyan one at once, so a file made by the held execution differs
//   from one made by a re-run. GET /img/<name> answers cyan at once. GET /log answers everything
//   recorded, in order.
// No dependencies: it runs from a bind mount, outside the image's node_modules.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';

// 8×8 PNGs: magenta (the held request's answer) and cyan (every other).
const HELD_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWP4z/AfKwLBISQBANGnf4HKRdi2AAAAAElFTkSuQmCC',
  'base64',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWNg+P8fOxpaEgCR53+BZgic0QAAAABJRU5ErkJggg==',
  'base64',
);
const log = [];
const held = new Map(); // name -> held responses

const record = (entry) => log.push({ at: Date.now(), ...entry });
const body = (req) =>
  new Promise((resolve) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
const sendPng = (res, png = PNG) => {
  res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
  res.end(png);
};

http
  .createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    const from = req.socket.remoteAddress;
    if (req.method === 'GET' && url.pathname === '/log') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(log));
    }
    if (req.method === 'POST' && url.pathname.startsWith('/release/')) {
      const name = url.pathname.slice('/release/'.length);
      const waiting = held.get(name) ?? [];
      held.delete(name);
      for (const r of waiting) if (!r.destroyed) sendPng(r, HELD_PNG);
      record({ kind: 'release', name, released: waiting.length });
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ released: waiting.length }));
    }
    if (req.method === 'GET' && url.pathname.startsWith('/hang/')) {
      const name = url.pathname.slice('/hang/'.length);
      const first = !log.some((e) => e.kind === 'image' && e.name === name);
      record({ kind: 'image', name, from, held: first });
      if (!first) return sendPng(res);
      held.set(name, [...(held.get(name) ?? []), res]);
      req.socket.setKeepAlive(true);
      return undefined;
    }
    if (req.method === 'GET' && url.pathname.startsWith('/img/')) {
      record({ kind: 'image', name: url.pathname.slice(5), from, held: false });
      return sendPng(res);
    }
    await body(req);
    res.writeHead(404).end();
  })
  .listen(8080, '0.0.0.0');

https
  .createServer({ key: readFileSync('/certs/server.key'), cert: readFileSync('/certs/server.pem') }, async (req, res) => {
    const text = await body(req);
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    record({
      kind: 'webhook',
      path: req.url,
      from: req.socket.remoteAddress,
      deliveryId: req.headers['x-pressroom-delivery-id'],
      body: json ?? text,
    });
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  })
  .listen(8443, '0.0.0.0');

process.on('SIGTERM', () => process.exit(0));
process.stdout.write('peer: listening on 8080 (http) and 8443 (https)\n');
