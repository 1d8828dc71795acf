// Issue #35, bad configuration: a container given a missing or wrong DATABASE_URL, S3 credentials
// or bucket says so in a sentence naming the variable and exits non-zero (78, EX_CONFIG), at
// start, instead of crashing later or looping without a word. A real Postgres and MinIO run
// beside it on a network of the test's own, so "wrong" is wrong against live services.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docker, IMAGE, localBaseEnv, must } from './docker.js';
import { useRegistry } from './farm.js';

const NAME = `pressroom-badconfig-${process.pid}`;
const NET = NAME;
const GOOD = {
  DATABASE_URL: `postgres://pressroom:pressroom@${NAME}-pg:5432/pressroom`,
  S3_BUCKET: 'pressroom',
  S3_ENDPOINT: `http://${NAME}-minio:9000`,
  S3_ACCESS_KEY_ID: 'pressroom',
  S3_SECRET_ACCESS_KEY: 'pressroom-dev-secret',
  S3_FORCE_PATH_STYLE: 'true',
  LOG_LEVEL: 'warn',
};

/** Runs a role in a fresh container with `env` over the good settings (undefined drops one). */
async function start(role: string, env: Record<string, string | undefined>) {
  const merged = { ...GOOD, ...env };
  const flags = Object.entries(merged).flatMap(([k, v]) => (v === undefined ? [] : ['-e', `${k}=${v}`]));
  const extra = role === 'render-worker' ? ['--security-opt', 'seccomp=unconfined'] : [];
  const r = await docker(['run', '--rm', '--network', NET, ...extra, ...flags, IMAGE, role], { timeoutMs: 180_000 });
  return { code: r.code, stderr: r.stderr, stdout: r.stdout };
}

describe('a container with bad configuration says which variable, once, and exits non-zero', () => {
  beforeAll(async () => {
    const base = useRegistry() ? { POSTGRES_IMAGE: 'postgres:16-bookworm', MINIO_IMAGE: 'minio/minio:latest' } : await localBaseEnv();
    await docker(['rm', '-f', `${NAME}-pg`, `${NAME}-minio`]);
    await docker(['network', 'rm', NET]);
    await must('docker', ['network', 'create', NET]);
    await must('docker', [
      'run',
      '-d',
      '--name',
      `${NAME}-pg`,
      '--network',
      NET,
      '-e',
      'POSTGRES_USER=pressroom',
      '-e',
      'POSTGRES_PASSWORD=pressroom',
      '-e',
      'POSTGRES_DB=pressroom',
      base.POSTGRES_IMAGE!,
    ]);
    await must('docker', [
      'run',
      '-d',
      '--name',
      `${NAME}-minio`,
      '--network',
      NET,
      '-e',
      'MINIO_ROOT_USER=pressroom',
      '-e',
      'MINIO_ROOT_PASSWORD=pressroom-dev-secret',
      base.MINIO_IMAGE!,
      'server',
      '/data',
    ]);
    // The bucket, and the schema (a migrate that works is the control case).
    const deadline = Date.now() + 120_000;
    for (;;) {
      const made = await docker([
        'run',
        '--rm',
        '--network',
        NET,
        ...Object.entries(GOOD).flatMap(([k, v]) => ['-e', `${k}=${v}`]),
        '--entrypoint',
        'node',
        IMAGE,
        'deploy/create-bucket.mjs',
      ]);
      if (made.code === 0) break;
      if (Date.now() > deadline) throw new Error(`bucket not made: ${made.stderr}`);
      await new Promise((r) => setTimeout(r, 1_000));
    }
    for (;;) {
      const migrated = await start('migrate', {});
      if (migrated.code === 0) break;
      if (Date.now() > deadline) throw new Error(`migrate failed: ${migrated.stderr}`);
      await new Promise((r) => setTimeout(r, 1_000));
    }
  }, 600_000);

  afterAll(async () => {
    await docker(['rm', '-f', '-v', `${NAME}-pg`, `${NAME}-minio`]);
    await docker(['network', 'rm', NET]);
  });

  const cases: { what: string; roles: string[]; env: Record<string, string | undefined>; says: RegExp }[] = [
    {
      what: 'DATABASE_URL missing',
      roles: ['migrate', 'control-plane', 'render-worker', 'media-worker'],
      env: { DATABASE_URL: undefined },
      says: /DATABASE_URL is not set/,
    },
    {
      what: 'DATABASE_URL naming a host that does not exist',
      roles: ['migrate', 'control-plane', 'media-worker'],
      env: { DATABASE_URL: `postgres://pressroom:pressroom@${NAME}-nowhere:5432/pressroom` },
      says: /DATABASE_URL .* cannot be reached/,
    },
    {
      what: 'DATABASE_URL with a wrong password',
      roles: ['control-plane', 'render-worker'],
      env: { DATABASE_URL: `postgres://pressroom:wrong@${NAME}-pg:5432/pressroom` },
      says: /DATABASE_URL .* cannot be reached: password authentication failed/,
    },
    { what: 'S3_BUCKET missing', roles: ['control-plane', 'media-worker'], env: { S3_BUCKET: undefined }, says: /S3_BUCKET is not set/ },
    {
      what: 'S3_BUCKET that does not exist',
      roles: ['control-plane', 'render-worker', 'media-worker'],
      env: { S3_BUCKET: 'no-such-bucket' },
      says: /S3_BUCKET no-such-bucket does not exist/,
    },
    {
      what: 'wrong S3 credentials',
      roles: ['control-plane', 'media-worker'],
      env: { S3_SECRET_ACCESS_KEY: 'wrong-secret' },
      says: /refused S3_ACCESS_KEY_ID \/ S3_SECRET_ACCESS_KEY/,
    },
  ];

  for (const c of cases) {
    for (const role of c.roles) {
      it(`${role}: ${c.what}`, { timeout: 240_000 }, async () => {
        const r = await start(role, c.env);
        const lines = r.stderr.split('\n').filter((l) => c.says.test(l));
        expect({ code: r.code, said: lines.length }, r.stderr + r.stdout).toEqual({ code: 78, said: 1 });
      });
    }
  }

  it('the control case: with good settings a control plane starts', { timeout: 240_000 }, async () => {
    const name = `${NAME}-cp`;
    await must('docker', [
      'run',
      '-d',
      '--name',
      name,
      '--network',
      NET,
      // info: the line that says it listens.
      ...Object.entries({ ...GOOD, LOG_LEVEL: 'info' }).flatMap(([k, v]) => ['-e', `${k}=${v}`]),
      IMAGE,
      'control-plane',
    ]);
    try {
      const deadline = Date.now() + 180_000;
      let logs = '';
      while (!logs.includes('control plane listening') && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 1_000));
        const out = await docker(['logs', name]);
        logs = out.stdout + out.stderr;
      }
      expect(logs).toContain('control plane listening');
    } finally {
      await docker(['rm', '-f', name]);
    }
  });
});
