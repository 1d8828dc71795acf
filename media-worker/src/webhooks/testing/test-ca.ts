import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCertificates {
  dir: string;
  /** PEM of the throwaway CA: trust it via NODE_EXTRA_CA_CERTS (child processes) or the `ca` option. */
  caPem: string;
  caPath: string;
  serverKey: string;
  serverCert: string;
}

/**
 * A throwaway CA and a server certificate for localhost / 127.0.0.1 / ::1 (and `dnsNames`, e.g. a
 * receiver container's name), made with the system's openssl, so the receivers in tests are real
 * HTTPS endpoints that our delivery code must explicitly trust.
 */
export function createTestCertificates(options: { dnsNames?: string[] } = {}): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'pressroom-webhook-ca-'));
  const run = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  run([
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=Pressroom test CA',
  ]);
  run(['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost']);
  const names = ['localhost', ...(options.dnsNames ?? [])].map((n) => `DNS:${n}`).join(',');
  writeFileSync(join(dir, 'san.ext'), `subjectAltName=${names},IP:127.0.0.1,IP:::1\nextendedKeyUsage=serverAuth\n`);
  run([
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.pem',
    '-days',
    '2',
    '-extfile',
    'san.ext',
  ]);
  return {
    dir,
    caPem: readFileSync(join(dir, 'ca.pem'), 'utf8'),
    caPath: join(dir, 'ca.pem'),
    serverKey: readFileSync(join(dir, 'server.key'), 'utf8'),
    serverCert: readFileSync(join(dir, 'server.pem'), 'utf8'),
  };
}
