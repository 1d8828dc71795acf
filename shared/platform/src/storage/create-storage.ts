import type { ConfigOf } from '@pressroom/model';
import type { storageOptions } from '../config/common.js';
import { LocalObjectStorage } from './local.js';
import type { S3ObjectStorage } from './s3.js';
import { resolveUrlSigningSecret } from './signing-secret.js';
import type { ObjectStorage } from './storage.js';

export type StorageConfig = ConfigOf<typeof storageOptions>;

export interface StorageContext {
  /** Resolved base URL of the control plane (config `publicBaseUrl`, else http://localhost:PORT). */
  publicBaseUrl: string;
  /** Config `dataDir`: the local driver's objects and the URL-signing secret file live here. */
  dataDir: string;
}

/**
 * The one way processes get their storage: S3 when `S3_BUCKET` is set, else the local folder.
 * Async because the local driver may have to create its signing secret and S3 may have to
 * create its bucket (`S3_ENSURE_BUCKET`).
 */
export async function createStorage(
  config: StorageConfig,
  context: StorageContext,
): Promise<ObjectStorage & (LocalObjectStorage | S3ObjectStorage)> {
  if (config.s3Bucket) {
    if (Boolean(config.s3AccessKeyId) !== Boolean(config.s3SecretAccessKey)) {
      throw new Error('Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (to use the AWS default credential chain).');
    }
    // The AWS SDK is imported only when S3 is configured: it is a large part of a process's start.
    const { S3ObjectStorage } = await import('./s3.js');
    const storage = new S3ObjectStorage({
      bucket: config.s3Bucket,
      endpoint: config.s3Endpoint,
      region: config.s3Region,
      accessKeyId: config.s3AccessKeyId,
      secretAccessKey: config.s3SecretAccessKey,
      forcePathStyle: config.s3ForcePathStyle,
      publicBaseUrl: config.s3PublicBaseUrl,
      downloadUrlTtlSeconds: config.downloadUrlTtlSeconds,
    });
    if (config.s3EnsureBucket) await storage.ensureBucket();
    return storage;
  }
  return new LocalObjectStorage({
    dataDir: context.dataDir,
    publicBaseUrl: context.publicBaseUrl,
    urlSigningSecret: await resolveUrlSigningSecret(config.urlSigningSecret, context.dataDir),
    downloadUrlTtlSeconds: config.downloadUrlTtlSeconds,
  });
}
