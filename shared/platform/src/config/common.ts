import { env, option } from '@pressroom/model';
import { LOG_FORMATS } from '../logger.js';
import { JOB_FENCING_MODES } from '../worker/fencing.js';
import { DEFAULT_STALE_AFTER_MS } from '../worker/heartbeat.js';

/** Options every process shares: where the data lives and how it reports. */
export const databaseOptions = {
  databaseUrl: option(env.optionalUrl(), undefined, 'Postgres connection string. Unset: an embedded Postgres is started under DATA_DIR.'),
  dataDir: option(env.string(), '.data', 'Folder for the embedded Postgres and the local object store.'),
  embeddedPgPort: option(env.int(1, 65535), '54329', 'Port of the embedded Postgres (used only when DATABASE_URL is unset).'),
  databasePoolSize: option(env.int(1, 200), '10', 'Maximum connections this process opens to Postgres.'),
  requireExternalServices: option(
    env.bool(),
    'false',
    "Refuse to start without DATABASE_URL and S3_BUCKET, and check both at start. The image sets true: a container's disk is its own, so an embedded Postgres or a local object store there would serve one container only.",
  ),
  embeddedPgRuntimeDir: option(
    env.string(),
    '/var/lib/pressroom',
    "As root only: where the embedded Postgres's binaries and data go when the postgres user cannot reach the checkout or DATA_DIR (e.g. under /root).",
  ),
};

export const storageOptions = {
  s3Bucket: option(
    env.optionalString(),
    undefined,
    'S3 bucket. Unset: objects are stored in DATA_DIR/objects and served by the control plane.',
  ),
  s3Endpoint: option(env.optionalUrl(), undefined, 'S3 endpoint URL, for MinIO and other S3-compatible stores.'),
  s3Region: option(env.string(), 'us-east-1', 'S3 region.'),
  s3AccessKeyId: option(env.optionalString(), undefined, 'S3 access key id (unset: the AWS SDK default credential chain).'),
  s3SecretAccessKey: option(env.optionalString(), undefined, 'S3 secret access key.'),
  s3ForcePathStyle: option(env.bool(), 'false', 'Use path-style S3 URLs (MinIO needs true).'),
  s3EnsureBucket: option(env.bool(), 'false', 'Create the S3 bucket at startup when it does not exist (development with MinIO).'),
  s3PublicBaseUrl: option(
    env.optionalUrl(),
    undefined,
    'Public base URL (CDN) in front of the bucket; used for `cdn_url`. Unset: presigned URLs.',
  ),
  publicBaseUrl: option(env.optionalUrl(), undefined, 'Public base URL of the control plane, used in links. Unset: http://localhost:PORT.'),
  urlSigningSecret: option(
    env.optionalString(),
    undefined,
    'Secret that signs local-storage download URLs. Unset: derived and kept in DATA_DIR.',
  ),
  downloadUrlTtlSeconds: option(env.int(60), '604800', 'Lifetime of signed download URLs, in seconds.'),
};

export const observabilityOptions = {
  logLevel: option(env.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const), 'info', 'Log level.'),
  logFormat: option(
    env.enum(LOG_FORMATS),
    'auto',
    'Log output: json (one JSON object a line), pretty (readable lines), auto (pretty on a terminal, json otherwise).',
  ),
  metricsPort: option(env.int(0, 65535), '0', 'Port for the /metrics endpoint of a worker process (0 picks a free port).'),
  shutdownTimeoutMs: option(env.int(100), '30000', 'How long a graceful shutdown may take before it is forced.'),
};

export const outboundOptions = {
  outboundAllowPrivateNetworks: option(
    env.bool(),
    'false',
    'Allow outbound fetches and webhooks to private, loopback and link-local addresses. For local development and tests only.',
  ),
};

/**
 * The stale window of worker heartbeats: the workers sweep with it, and the control plane's
 * GET /capabilities counts only the workers that beat within it. One option, in both roles.
 */
export const workerStaleOptions = {
  workerStaleAfterMs: option(
    env.int(500),
    String(DEFAULT_STALE_AFTER_MS),
    "A worker silent this long is dead: its jobs are force-unlocked for others, and GET /capabilities stops counting it. Keep it several heartbeats long; a dead worker's jobs run again after about this plus one heartbeat.",
  ),
};

/** Fencing of stale job executions (docs/operations.md, "Fencing"): both worker roles. */
export const jobFencingOptions = {
  jobFencing: option(
    env.enum(JOB_FENCING_MODES),
    'on',
    'on: every result write checks, in its transaction, that this execution still owns its job, so a worker cut off from Postgres longer than WORKER_STALE_AFTER_MS writes no second result when it returns. off: only for tests that must show that failure.',
  ),
};

/**
 * What every job-worker process (render, media) is configured with besides its own work: the
 * database, object storage, logs and metrics, outbound HTTP, the dead-worker sweep and fencing.
 */
export const jobWorkerOptions = {
  ...databaseOptions,
  ...storageOptions,
  ...observabilityOptions,
  ...outboundOptions,
  ...workerStaleOptions,
  ...jobFencingOptions,
};
