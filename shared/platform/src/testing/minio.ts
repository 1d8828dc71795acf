import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { StorageConfig } from '../storage/create-storage.js';
import { freePort } from './ports.js';

export const MINIO_INSTALL_COMMAND = 'go install github.com/minio/minio@latest';

export interface MinioServer {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Created empty at start. */
  bucket: string;
  stop(): Promise<void>;
}

/** True when the run asked explicitly to leave out tests that need MinIO. */
export function minioTestsSkipped(env: NodeJS.ProcessEnv = process.env): boolean {
  return env['SKIP_MINIO_TESTS'] === '1';
}

/** `MINIO_BINARY`, then `$HOME/go/bin/minio` (where `go install` puts it), then PATH. */
export function findMinioBinary(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = [
    env['MINIO_BINARY'],
    join(env['HOME'] ?? homedir(), 'go', 'bin', 'minio'),
    ...(env['PATH'] ?? '').split(delimiter).map((dir) => (dir ? join(dir, 'minio') : undefined)),
  ];
  for (const candidate of candidates) {
    if (candidate === undefined || candidate === '') continue;
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // try the next place
    }
  }
  return undefined;
}

/**
 * A real MinIO for one test file: its own data dir and ports, a fresh bucket, and `stop()` that
 * kills it and removes the data. Fails (does not skip) when the binary is missing, because a
 * storage suite that silently skips proves nothing; set SKIP_MINIO_TESTS=1 to leave it out on
 * purpose.
 */
export async function startMinio(options: { bucket?: string; env?: NodeJS.ProcessEnv } = {}): Promise<MinioServer> {
  const binary = findMinioBinary(options.env);
  if (binary === undefined) {
    throw new Error(
      `MinIO binary not found (looked at MINIO_BINARY, ~/go/bin/minio and PATH). Install it with \`${MINIO_INSTALL_COMMAND}\`, ` +
        'or set SKIP_MINIO_TESTS=1 to skip the tests that need it.',
    );
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'pressroom-minio-'));
  const [port, consolePort] = [await freePort(), await freePort()];
  const accessKeyId = `test${randomBytes(6).toString('hex')}`;
  const secretAccessKey = randomBytes(18).toString('hex');
  const endpoint = `http://127.0.0.1:${port}`;
  const child = spawn(binary, ['server', dataDir, '--address', `127.0.0.1:${port}`, '--console-address', `127.0.0.1:${consolePort}`], {
    env: { ...process.env, MINIO_ROOT_USER: accessKeyId, MINIO_ROOT_PASSWORD: secretAccessKey, MINIO_BROWSER: 'off' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const stop = async () => {
    await kill(child);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(endpoint, child, () => output);
    const bucket = options.bucket ?? `test-${randomBytes(4).toString('hex')}`;
    const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId, secretAccessKey } });
    try {
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
    } finally {
      client.destroy();
    }
    return { endpoint, accessKeyId, secretAccessKey, region: 'us-east-1', bucket, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Storage config pointing at a started MinIO (other options at their defaults). */
export function minioStorageConfig(minio: MinioServer, overrides: Partial<StorageConfig> = {}): StorageConfig {
  return {
    s3Bucket: minio.bucket,
    s3Endpoint: minio.endpoint,
    s3Region: minio.region,
    s3AccessKeyId: minio.accessKeyId,
    s3SecretAccessKey: minio.secretAccessKey,
    s3ForcePathStyle: true,
    s3EnsureBucket: false,
    s3PublicBaseUrl: undefined,
    publicBaseUrl: undefined,
    urlSigningSecret: undefined,
    downloadUrlTtlSeconds: 3600,
    ...overrides,
  };
}

/** The environment that points a farm process (control plane, worker) at a started MinIO's bucket. */
export function minioProcessEnv(minio: MinioServer): Record<string, string> {
  return {
    S3_BUCKET: minio.bucket,
    S3_ENDPOINT: minio.endpoint,
    S3_REGION: minio.region,
    S3_ACCESS_KEY_ID: minio.accessKeyId,
    S3_SECRET_ACCESS_KEY: minio.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
}

async function waitForHealth(endpoint: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`MinIO exited (${child.exitCode ?? child.signalCode}) before becoming healthy:\n${output()}`);
    }
    try {
      const res = await fetch(`${endpoint}/minio/health/live`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`MinIO did not answer ${endpoint}/minio/health/live within 30 s:\n${output()}`);
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}
