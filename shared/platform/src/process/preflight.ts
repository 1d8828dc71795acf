import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { createLogger, type LogFormat, type Logger } from '../logger.js';

/** One missing prerequisite: what is missing, in a plain sentence, and the command that fixes it. */
export interface PreflightProblem {
  missing: string;
  fix: string;
}

export type PreflightCheck = () => Promise<PreflightProblem | undefined>;

/**
 * A process exits with this code when a prerequisite is missing (EX_CONFIG). The farm launcher
 * does not restart a role that exits with it: restarting cannot install Chromium.
 */
export const PREFLIGHT_EXIT_CODE = 78;

/** Pure: the message printed instead of a stack trace. */
export function formatPreflight(role: string, problems: PreflightProblem[]): string {
  const lines = problems.map((p) => `  - ${p.missing}\n    Fix: ${p.fix}`);
  return `\n${role} cannot start:\n${lines.join('\n')}\n\n`;
}

/** Runs every check (in parallel; each is small) and returns what is missing. */
export async function runPreflight(checks: PreflightCheck[]): Promise<PreflightProblem[]> {
  const results = await Promise.all(checks.map((check) => check().catch((err: Error) => ({ missing: err.message, fix: 'see above' }))));
  return results.filter((r): r is PreflightProblem => r !== undefined);
}

/** Runs the checks; on any problem prints the sentences to stderr and exits with PREFLIGHT_EXIT_CODE. */
export async function preflightOrExit(role: string, checks: PreflightCheck[]): Promise<void> {
  const problems = await runPreflight(checks);
  if (problems.length === 0) return;
  process.stderr.write(formatPreflight(role, problems));
  process.exit(PREFLIGHT_EXIT_CODE);
}

/**
 * The first step of a process entry: its logger, then its preflight checks (`preflightOrExit`;
 * `title` names the process in the sentences, its log name by default).
 */
export async function startProcess(
  name: string,
  config: { logLevel: string; logFormat: LogFormat },
  checks: PreflightCheck[],
  title = name,
): Promise<Logger> {
  const logger = createLogger(name, config.logLevel, config.logFormat);
  await preflightOrExit(title, checks);
  return logger;
}

export function writableDirCheck(dir: string): PreflightCheck {
  return async () => {
    const probe = join(dir, `.preflight-${randomBytes(4).toString('hex')}`);
    try {
      await mkdir(dir, { recursive: true });
      await writeFile(probe, '');
      await rm(probe, { force: true });
      return undefined;
    } catch (err) {
      return {
        missing: `The data folder ${dir} is not writable (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}).`,
        fix: `Set DATA_DIR to a folder you can write, or run: mkdir -p ${dir} && chown "$(id -u)" ${dir}`,
      };
    }
  };
}

/**
 * The running Node loads an ES module through `require()`. fastify's `inject`, which the API's MCP
 * endpoint calls for every tool, requires light-my-request, whose `cookie` is published as an ES
 * module only. Node does so from 20.19 and 22.12 (`process.features.require_module`); on an older
 * one the process would start and its first MCP call would fail, so it does not start.
 */
export function requireModuleCheck(
  features: { require_module?: boolean } = process.features as { require_module?: boolean },
  version: string = process.version,
): PreflightCheck {
  return async () =>
    features.require_module === true
      ? undefined
      : {
          missing: `Node ${version} cannot require() an ES module, which the API's web framework does; Pressroom needs Node 20.19 or later (22.12 or later on Node 22).`,
          fix: 'Install a current Node 20 or 22 (for example: nvm install 22), then run the command again.',
        };
}

export function freePortCheck(port: number, host: string, variable: string): PreflightCheck {
  return () =>
    new Promise((resolve) => {
      if (port === 0) return resolve(undefined);
      const server = net.createServer();
      server.once('error', (err: NodeJS.ErrnoException) =>
        resolve({
          missing: `Port ${port} is not free (${err.code}); another program, or another Pressroom, is using it.`,
          fix: `Stop that program, or choose another port: ${variable}=${port + 1} npm start`,
        }),
      );
      server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(undefined)));
    });
}

export function databaseCheck(url: string | undefined, options: { required?: boolean } = {}): PreflightCheck {
  return async () => {
    if (!url && options.required)
      return {
        missing: 'DATABASE_URL is not set (REQUIRE_EXTERNAL_SERVICES=true: no embedded Postgres is started).',
        fix: "Set DATABASE_URL to the farm's Postgres, e.g. postgres://user:password@host:5432/pressroom.",
      };
    if (!url) return undefined;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return undefined;
    } catch (err) {
      return {
        missing: `The database at DATABASE_URL (${redactUrl(url)}) cannot be reached: ${(err as Error).message}.`,
        fix: 'Start that Postgres or correct DATABASE_URL; or unset DATABASE_URL to use the embedded Postgres under DATA_DIR.',
      };
    } finally {
      await client.end().catch(() => undefined);
    }
  };
}

/**
 * The object store a process will use: with S3_BUCKET set, its bucket must answer a HEAD with the
 * configured credentials (unless S3_ENSURE_BUCKET will create it); with `required`, S3_BUCKET must
 * be set at all. Each answer names the variable to correct.
 */
export function storageCheck(config: {
  s3Bucket: string | undefined;
  s3Endpoint: string | undefined;
  s3Region: string;
  s3AccessKeyId: string | undefined;
  s3SecretAccessKey: string | undefined;
  s3ForcePathStyle: boolean;
  s3EnsureBucket: boolean;
  requireExternalServices: boolean;
}): PreflightCheck {
  return async () => {
    const bucket = config.s3Bucket;
    if (!bucket) {
      if (!config.requireExternalServices) return undefined;
      return {
        missing: 'S3_BUCKET is not set (REQUIRE_EXTERNAL_SERVICES=true: no local object store is used).',
        fix: 'Set S3_BUCKET (and S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY for MinIO or another S3-compatible store).',
      };
    }
    const where = config.s3Endpoint ? `S3_ENDPOINT (${config.s3Endpoint})` : 'S3';
    if (Boolean(config.s3AccessKeyId) !== Boolean(config.s3SecretAccessKey))
      return {
        missing: 'Only one of S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY is set.',
        fix: 'Set both, or neither (to use the AWS default credential chain).',
      };
    const { HeadBucketCommand, S3Client } = await import('@aws-sdk/client-s3');
    const client = new S3Client({
      region: config.s3Region,
      endpoint: config.s3Endpoint,
      forcePathStyle: config.s3ForcePathStyle,
      maxAttempts: 2,
      ...(config.s3AccessKeyId && config.s3SecretAccessKey
        ? { credentials: { accessKeyId: config.s3AccessKeyId, secretAccessKey: config.s3SecretAccessKey } }
        : {}),
    });
    try {
      await client.send(new HeadBucketCommand({ Bucket: bucket }), { abortSignal: AbortSignal.timeout(10_000) });
      return undefined;
    } catch (err) {
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404) {
        if (config.s3EnsureBucket) return undefined;
        return {
          missing: `S3_BUCKET ${bucket} does not exist at ${where}.`,
          fix: 'Create the bucket, correct S3_BUCKET, or set S3_ENSURE_BUCKET=true to create it at start.',
        };
      }
      if (status === 403 || status === 401)
        return {
          missing: `${where} refused S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY for S3_BUCKET ${bucket} (HTTP ${status}).`,
          fix: 'Correct S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (or the bucket policy).',
        };
      return {
        missing: `${where} cannot be reached for S3_BUCKET ${bucket}: ${status ? `HTTP ${status}` : (err as Error).message}.`,
        fix: 'Start that store or correct S3_ENDPOINT.',
      };
    } finally {
      client.destroy();
    }
  };
}

/** A program that must start: `command args` has to exit 0 within a few seconds. */
export function commandRunsCheck(options: { command: string; args: string[]; missing: string; fix: string }): PreflightCheck {
  return () =>
    new Promise((resolve) => {
      execFile(options.command, options.args, { timeout: 15_000 }, (err) =>
        resolve(err ? { missing: `${options.missing} (${options.command}: ${shortReason(err)})`, fix: options.fix } : undefined),
      );
    });
}

/** Pure: the fixing command for a system package on this platform. */
export function installCommand(platform: NodeJS.Platform, packages: { apt: string; brew: string }): string {
  if (platform === 'darwin') return `npm run setup (or: brew install ${packages.brew})`;
  return `npm run setup (or: sudo apt-get install -y ${packages.apt})`;
}

function shortReason(err: { code?: string | number | null; killed?: boolean; message: string }): string {
  if (err.code === 'ENOENT') return 'not found';
  if (err.code === 'EACCES') return 'not executable';
  if (err.killed) return 'did not answer in time';
  return (err.message.split('\n')[0] ?? '').slice(0, 200);
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'unparseable URL';
  }
}

/**
 * Pure: the folders on the way to `path` that other users cannot enter (no `o+x`). As root, the
 * embedded Postgres runs as the `postgres` user, which needs to reach both its binaries (under
 * node_modules) and its data folder; a clone under /root or a `mktemp -d` folder (mode 0700)
 * stops it with a bare EACCES.
 */
export function foldersClosedToOthers(path: string, modeOf: (dir: string) => number | undefined): string[] {
  const closed: string[] = [];
  const parts = path.split('/').filter(Boolean);
  for (let i = 1; i <= parts.length; i++) {
    const dir = `/${parts.slice(0, i).join('/')}`;
    const mode = modeOf(dir);
    if (mode !== undefined && (mode & 0o001) === 0) closed.push(dir);
  }
  return closed;
}
