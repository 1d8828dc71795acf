import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvalidObjectKeyError } from '@pressroom/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from './create-storage.js';
import { bannerFileKey } from './keys.js';
import { LocalObjectStorage } from './local.js';
import { localFileResponse } from './local-file-response.js';
import { resolveUrlSigningSecret, SIGNING_SECRET_FILE } from './signing-secret.js';
import { storageContract } from './testing/contract.js';
import { startLocalFileServer } from './testing/local-file-server.js';
import { verifyObjectUrl } from './url-signing.js';

const baseConfig = {
  s3Bucket: undefined,
  s3Endpoint: undefined,
  s3Region: 'us-east-1',
  s3AccessKeyId: undefined,
  s3SecretAccessKey: undefined,
  s3ForcePathStyle: false,
  s3EnsureBucket: false,
  s3PublicBaseUrl: undefined,
  publicBaseUrl: undefined,
  urlSigningSecret: undefined,
  downloadUrlTtlSeconds: 3600,
};

storageContract('local', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'pressroom-storage-'));
  let storage: LocalObjectStorage | undefined;
  const server = await startLocalFileServer(() => storage as LocalObjectStorage);
  const created = await createStorage(baseConfig, { dataDir, publicBaseUrl: server.baseUrl });
  if (!(created instanceof LocalObjectStorage)) throw new Error('expected the local driver');
  storage = created;
  return {
    storage,
    async teardown() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
});

describe('local driver specifics', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pressroom-storage-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps a generated signing secret in DATA_DIR with mode 0600 and reuses it', async () => {
    const [a, b] = await Promise.all([resolveUrlSigningSecret(undefined, dataDir), resolveUrlSigningSecret(undefined, dataDir)]);
    expect(a).toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(40);
    expect(await resolveUrlSigningSecret(undefined, dataDir)).toBe(a);
    expect((await stat(join(dataDir, SIGNING_SECRET_FILE))).mode & 0o777).toBe(0o600);
    expect(await resolveUrlSigningSecret('configured', dataDir)).toBe('configured');
    // no temp files left behind by the race
    expect((await readdir(dataDir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('signs URLs that a second process sharing DATA_DIR verifies', async () => {
    const options = { dataDir, publicBaseUrl: 'http://files.test/base/' };
    const signer = await createStorage(baseConfig, options);
    const key = bannerFileKey('ws1', 'b1', 'x.png');
    const url = new URL(await signer.downloadUrl(key, { filename: 'x.png' }));
    expect(url.origin + url.pathname).toBe(`http://files.test/base/files/${key}`);
    const secret = await resolveUrlSigningSecret(undefined, dataDir);
    expect(verifyObjectUrl(key, url.searchParams, secret).status).toBe('ok');
    expect(verifyObjectUrl(key, url.searchParams, 'another secret').status).toBe('bad_signature');
  });

  it('names a key with one public URL all day, whatever second it is read in', async () => {
    const noon = Date.UTC(2026, 10, 25, 12, 0, 0);
    const at = (ms: number) =>
      new LocalObjectStorage({ dataDir, publicBaseUrl: 'http://x', urlSigningSecret: 's', downloadUrlTtlSeconds: 60, now: () => ms });
    const key = bannerFileKey('ws1', 'b1', 'x.png');
    expect(await at(noon).publicUrl(key)).toBe(await at(noon + 1_000).publicUrl(key));
    expect(await at(noon).publicUrl(key)).toBe(await at(noon + 11 * 3600_000).publicUrl(key));
    expect(await at(noon).publicUrl(key)).not.toBe(await at(noon + 24 * 3600_000).publicUrl(key));
    expect(verifyObjectUrl(key, new URL(await at(Date.now()).publicUrl(key)).searchParams, 's').status).toBe('ok');
  });

  it('tells an expired URL from a forged one', async () => {
    const past = new LocalObjectStorage({
      dataDir,
      publicBaseUrl: 'http://x',
      urlSigningSecret: 's',
      downloadUrlTtlSeconds: 60,
      now: () => Date.now() - 3600_000,
    });
    const key = bannerFileKey('ws1', 'b1', 'x.png');
    const url = new URL(await past.downloadUrl(key));
    expect(verifyObjectUrl(key, url.searchParams, 's')).toMatchObject({ status: 'expired' });
    url.searchParams.set('expires', String(Math.floor(Date.now() / 1000) + 600));
    expect(verifyObjectUrl(key, url.searchParams, 's')).toEqual({ status: 'bad_signature' });
  });

  it('writes under DATA_DIR/objects/<key> and leaves no temp files', async () => {
    const storage = new LocalObjectStorage({ dataDir, publicBaseUrl: 'http://x', urlSigningSecret: 's', downloadUrlTtlSeconds: 60 });
    const key = bannerFileKey('ws1', 'b2', 'card.jpg');
    await storage.put(key, Buffer.from('jpeg'), { contentType: 'image/jpeg' });
    expect((await stat(join(dataDir, 'objects', key))).size).toBe(4);
    expect(await readdir(join(dataDir, 'objects-tmp'))).toEqual([]);
    const res = await localFileResponse(storage, key, { filename: 'card.jpg' });
    expect(res).toMatchObject({ size: 4, contentType: 'image/jpeg', contentDisposition: expect.stringContaining('card.jpg') });
    res?.stream.destroy();
    expect(await localFileResponse(storage, bannerFileKey('ws1', 'b2', 'missing.jpg'))).toBeUndefined();
    expect(await localFileResponse(storage, '../url-signing-secret')).toBeUndefined();
  });

  it('refuses keys that would leave the objects folder', async () => {
    const storage = new LocalObjectStorage({ dataDir, publicBaseUrl: 'http://x', urlSigningSecret: 's', downloadUrlTtlSeconds: 60 });
    for (const key of ['../url-signing-secret', 'a/../../x', '/etc/passwd', 'a//b', 'a\\..\\b']) {
      await expect(storage.get(key), key).rejects.toBeInstanceOf(InvalidObjectKeyError);
      await expect(storage.put(key, Buffer.from('x'), { contentType: 'text/plain' }), key).rejects.toBeInstanceOf(InvalidObjectKeyError);
    }
  });

  it('rejects a stream whose length differs from the declared one, keeping the old object', async () => {
    const storage = new LocalObjectStorage({ dataDir, publicBaseUrl: 'http://x', urlSigningSecret: 's', downloadUrlTtlSeconds: 60 });
    const key = bannerFileKey('ws1', 'b3', 'f.bin');
    await storage.put(key, Buffer.from('old'), { contentType: 'text/plain' });
    await expect(storage.put(key, Buffer.from('truncated'), { contentType: 'text/plain', contentLength: 100 })).rejects.toThrow(
      /expected 100/,
    );
    expect((await storage.get(key)).toString()).toBe('old');
  });
});
