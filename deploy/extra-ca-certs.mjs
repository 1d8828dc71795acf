#!/usr/bin/env node
// `node deploy/extra-ca-certs.mjs [bundle]` prints the certificates of a CA bundle that are not
// in Debian's stock set (/usr/share/ca-certificates/mozilla): on a machine behind a
// TLS-intercepting proxy, that is the proxy's CA, small enough for a build argument:
//   docker build --build-arg EXTRA_CA_CERTS="$(node deploy/extra-ca-certs.mjs "$NODE_EXTRA_CA_CERTS")" ...
// (A whole system bundle, ~200 KB, exceeds the kernel's limit on one argument.) The bundle
// defaults to NODE_EXTRA_CA_CERTS; with neither, or no extra certificate, it prints nothing.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const STOCK = '/usr/share/ca-certificates/mozilla';
const certificates = (text) => text.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [];
const canonical = (pem) => pem.replace(/\s+/g, '');

const bundle = process.argv[2] ?? process.env.NODE_EXTRA_CA_CERTS;
if (bundle && existsSync(bundle)) {
  const stock = new Set();
  if (existsSync(STOCK)) {
    for (const file of readdirSync(STOCK))
      for (const pem of certificates(readFileSync(join(STOCK, file), 'utf8'))) stock.add(canonical(pem));
  }
  const extra = certificates(readFileSync(bundle, 'utf8')).filter((pem) => !stock.has(canonical(pem)));
  if (extra.length > 0) process.stdout.write(`${extra.join('\n')}\n`);
}
