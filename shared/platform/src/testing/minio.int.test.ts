import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { findMinioBinary, MINIO_INSTALL_COMMAND, minioTestsSkipped, startMinio } from './minio.js';

describe('MinIO test harness', () => {
  it('fails loudly, naming the install command, when the binary is missing', async () => {
    const env = { HOME: '/nonexistent', PATH: '/nonexistent' };
    expect(findMinioBinary(env)).toBeUndefined();
    await expect(startMinio({ env })).rejects.toThrow(MINIO_INSTALL_COMMAND);
  });

  it('finds MINIO_BINARY before anything else', () => {
    expect(findMinioBinary({ MINIO_BINARY: '/bin/sh', HOME: '/nonexistent', PATH: '' })).toBe('/bin/sh');
  });

  it.skipIf(minioTestsSkipped())('starts a live MinIO with an empty bucket and stops it', async () => {
    const minio = await startMinio({ bucket: 'harness' });
    const client = new S3Client({
      endpoint: minio.endpoint,
      region: minio.region,
      forcePathStyle: true,
      credentials: { accessKeyId: minio.accessKeyId, secretAccessKey: minio.secretAccessKey },
    });
    try {
      expect(minio.bucket).toBe('harness');
      expect((await fetch(`${minio.endpoint}/minio/health/live`)).ok).toBe(true);
      const head = await client.send(new HeadBucketCommand({ Bucket: 'harness' }));
      expect(head.$metadata.httpStatusCode).toBe(200);
    } finally {
      client.destroy();
      await minio.stop();
    }
    await expect(fetch(`${minio.endpoint}/minio/health/live`)).rejects.toThrow();
  });
});
