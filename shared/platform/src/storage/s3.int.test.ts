import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type MinioServer, minioStorageConfig, minioTestsSkipped, startMinio } from '../testing/minio.js';
import { createStorage } from './create-storage.js';
import { bannerFileKey } from './keys.js';
import { S3ObjectStorage } from './s3.js';
import { storageContract } from './testing/contract.js';

describe.skipIf(minioTestsSkipped())('S3 driver on MinIO', () => {
  storageContract('s3 (MinIO)', async () => {
    const minio = await startMinio();
    const storage = await createStorage(minioStorageConfig(minio), { dataDir: '/nonexistent', publicBaseUrl: 'http://unused' });
    if (!(storage instanceof S3ObjectStorage)) throw new Error('expected the S3 driver');
    return { storage, teardown: () => minio.stop() };
  });

  it('creates a missing bucket when asked, and builds CDN URLs from S3_PUBLIC_BASE_URL', async () => {
    const minio: MinioServer = await startMinio();
    try {
      const bucket = `ensure-${randomUUID().slice(0, 8)}`;
      const config = minioStorageConfig(minio, {
        s3Bucket: bucket,
        s3EnsureBucket: true,
        s3PublicBaseUrl: 'https://cdn.example.test/assets/',
      });
      const storage = await createStorage(config, { dataDir: '/nonexistent', publicBaseUrl: 'http://unused' });
      const again = await createStorage(config, { dataDir: '/nonexistent', publicBaseUrl: 'http://unused' }); // idempotent
      const key = bannerFileKey('ws', 'b', 'a b.png');
      await storage.put(key, Buffer.from('x'), { contentType: 'image/png' });
      expect(await again.head(key)).toEqual({ size: 1, contentType: 'image/png' });
      expect(await storage.publicUrl(key)).toBe('https://cdn.example.test/assets/workspaces/ws/banners/b/a%2520b.png');
      // The SDK's default client would add the CRC32 of an empty body to a presigned PUT, which
      // AWS then rejects for any real body (MinIO ignores it, so this is checked on the URL).
      const upload = new URL(await storage.uploadUrl(key, { expiresInSeconds: 60, contentType: 'image/png' }));
      expect([...upload.searchParams.keys()].filter((k) => k.toLowerCase().includes('checksum'))).toEqual([]);
      expect(upload.searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host');
      await storage.stop();
      await again.stop();
    } finally {
      await minio.stop();
    }
  });
});
