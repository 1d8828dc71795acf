import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { ObjectNotFoundError } from '@pressroom/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannerFileKey, exportArchiveKey, importUploadKey } from '../keys.js';
import type { ObjectStorage } from '../storage.js';

/**
 * The behaviour both drivers must share, run against each of them on real backends (a folder
 * plus a real HTTP server for local, MinIO for S3). Every URL is fetched for real.
 */
export function storageContract(name: string, setup: () => Promise<{ storage: ObjectStorage; teardown(): Promise<void> }>): void {
  describe(`ObjectStorage contract: ${name}`, () => {
    let storage: ObjectStorage;
    let teardown: () => Promise<void>;
    const ws = randomUUID();

    beforeAll(async () => {
      ({ storage, teardown } = await setup());
    });
    afterAll(async () => {
      await storage?.stop();
      await teardown?.();
    });

    it('puts, heads, gets and deletes a buffer', async () => {
      const key = bannerFileKey(ws, randomUUID(), 'card.png');
      const bytes = randomBytes(1234);
      expect(await storage.head(key)).toBeUndefined();
      await storage.put(key, bytes, { contentType: 'image/png' });
      expect(await storage.head(key)).toEqual({ size: 1234, contentType: 'image/png' });
      expect((await storage.get(key)).equals(bytes)).toBe(true);
      expect((await readAll(await storage.getStream(key))).equals(bytes)).toBe(true);

      await storage.put(key, Buffer.from('replaced'), { contentType: 'text/plain' });
      expect(await storage.head(key)).toEqual({ size: 8, contentType: 'text/plain' });
      expect((await storage.get(key)).toString()).toBe('replaced');

      await storage.delete(key);
      expect(await storage.head(key)).toBeUndefined();
      await expect(storage.get(key)).rejects.toBeInstanceOf(ObjectNotFoundError);
      await expect(storage.getStream(key)).rejects.toBeInstanceOf(ObjectNotFoundError);
      await storage.delete(key); // deleting what is gone is not an error
    });

    it('stores an empty object', async () => {
      const key = bannerFileKey(ws, randomUUID(), 'empty.txt');
      await storage.put(key, Buffer.alloc(0), { contentType: 'text/plain' });
      expect(await storage.head(key)).toEqual({ size: 0, contentType: 'text/plain' });
      expect((await storage.get(key)).length).toBe(0);
    });

    it('streams a body of unknown length byte-exact (several parts)', async () => {
      const key = exportArchiveKey(ws, randomUUID());
      // 19 MiB in odd-sized chunks: more than two 8 MiB parts, boundaries never aligned.
      const chunks = Array.from({ length: 19 }, (_, i) => randomBytes(1024 * 1024 + (i % 3) - 1));
      const expected = Buffer.concat(chunks);
      await storage.put(key, Readable.from(chunks), { contentType: 'application/zip' });
      expect(await storage.head(key)).toEqual({ size: expected.length, contentType: 'application/zip' });
      expect(sha256(await storage.get(key))).toBe(sha256(expected));
      expect(sha256(await readAll(await storage.getStream(key)))).toBe(sha256(expected));
    });

    it('streams a small body with a known length', async () => {
      const key = importUploadKey(ws, randomUUID(), 'logo.svg');
      const bytes = randomBytes(3 * 1024 * 1024 + 17);
      await storage.put(key, Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), {
        contentType: 'image/svg+xml',
        contentLength: bytes.length,
      });
      expect(sha256(await storage.get(key))).toBe(sha256(bytes));
    });

    it('serves a download URL with the bytes, type and the requested file name', async () => {
      // A name with spaces, a percent sign and non-ASCII: it is encoded in the key and again in the URL.
      const key = bannerFileKey(ws, randomUUID(), 'Summer sale 100% ü.png');
      const bytes = randomBytes(4096);
      await storage.put(key, bytes, { contentType: 'image/png' });

      const plain = await fetch(await storage.downloadUrl(key));
      expect(plain.status).toBe(200);
      expect(plain.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await plain.arrayBuffer()).equals(bytes)).toBe(true);

      const named = await fetch(await storage.downloadUrl(key, { filename: 'Soldes été.png', expiresInSeconds: 60 }));
      expect(named.status).toBe(200);
      const disposition = named.headers.get('content-disposition') ?? '';
      expect(disposition).toContain('attachment');
      expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('Soldes été.png')}`);
      expect(Buffer.from(await named.arrayBuffer()).equals(bytes)).toBe(true);
    });

    it('refuses a download URL whose signature was altered', async () => {
      const key = bannerFileKey(ws, randomUUID(), 'a.txt');
      await storage.put(key, Buffer.from('secret'), { contentType: 'text/plain' });
      const url = new URL(await storage.downloadUrl(key, { filename: 'a.txt' }));
      const sigParam = url.searchParams.has('sig') ? 'sig' : 'X-Amz-Signature';
      const sig = url.searchParams.get(sigParam) ?? '';
      url.searchParams.set(sigParam, `${sig.slice(0, -2)}${sig.endsWith('00') ? '11' : '00'}`);
      const res = await fetch(url);
      expect(res.status).toBe(403);
      const otherKey = new URL(await storage.downloadUrl(key));
      otherKey.pathname = otherKey.pathname.replace(/a\.txt$/, 'b.txt');
      expect((await fetch(otherKey)).status).toBe(403);
    });

    it('refuses an expired download URL', async () => {
      const key = bannerFileKey(ws, randomUUID(), 'a.txt');
      await storage.put(key, Buffer.from('x'), { contentType: 'text/plain' });
      const url = await storage.downloadUrl(key, { expiresInSeconds: 1 });
      await new Promise((r) => setTimeout(r, 2100));
      const res = await fetch(url);
      expect(res.status).toBe(403);
    });

    it('accepts an upload through a presigned PUT URL', async () => {
      const key = importUploadKey(ws, randomUUID(), 'photo 1.jpg');
      const bytes = randomBytes(200_000);
      const url = await storage.uploadUrl(key, { expiresInSeconds: 300, contentType: 'image/jpeg' });
      const res = await fetch(url, { method: 'PUT', body: bytes, headers: { 'content-type': 'image/jpeg' } });
      expect(res.status).toBe(200);
      expect(await storage.head(key)).toEqual({ size: bytes.length, contentType: 'image/jpeg' });
      expect((await storage.get(key)).equals(bytes)).toBe(true);
    });

    it('refuses an upload with another content type than the signed one, and a download URL used to upload', async () => {
      const key = importUploadKey(ws, randomUUID(), 'photo.jpg');
      const url = await storage.uploadUrl(key, { expiresInSeconds: 300, contentType: 'image/jpeg' });
      const wrongType = await fetch(url, { method: 'PUT', body: Buffer.from('x'), headers: { 'content-type': 'text/html' } });
      expect(wrongType.status).toBe(403);
      const download = await storage.downloadUrl(key);
      const misuse = await fetch(download, { method: 'PUT', body: Buffer.from('x'), headers: { 'content-type': 'image/jpeg' } });
      expect(misuse.ok).toBe(false);
      expect(await storage.head(key)).toBeUndefined();
    });

    it('accepts a presigned form POST (fields first, file last) with 204, within its size limit', async () => {
      const key = importUploadKey(ws, randomUUID(), 'hero.png');
      const bytes = randomBytes(5000);
      const post = await storage.presignedPost(key, { expiresInSeconds: 300, maxBytes: 5000, contentType: 'image/png' });
      expect(post.fields.key).toBe(key);
      expect(post.fields['Content-Type']).toBe('image/png');
      const res = await fetch(post.url, { method: 'POST', body: formOf(post.fields, bytes) });
      expect(res.status).toBe(204);
      expect(await storage.head(key)).toEqual({ size: 5000, contentType: 'image/png' });
      expect((await storage.get(key)).equals(bytes)).toBe(true);
    });

    it('refuses a form POST one byte over its limit, a tampered key and a changed content type, storing nothing', async () => {
      const key = importUploadKey(ws, randomUUID(), 'hero.png');
      const post = await storage.presignedPost(key, { expiresInSeconds: 300, maxBytes: 1000, contentType: 'image/png' });
      const over = await fetch(post.url, { method: 'POST', body: formOf(post.fields, randomBytes(1001)) });
      expect(over.status).toBeGreaterThanOrEqual(400);
      const other = importUploadKey(ws, randomUUID(), 'other.png');
      const moved = await fetch(post.url, { method: 'POST', body: formOf({ ...post.fields, key: other }, randomBytes(10)) });
      expect(moved.status).toBe(403);
      const retyped = await fetch(post.url, {
        method: 'POST',
        body: formOf({ ...post.fields, 'Content-Type': 'text/html' }, randomBytes(10)),
      });
      expect(retyped.status).toBe(403);
      expect(await storage.head(key)).toBeUndefined();
      expect(await storage.head(other)).toBeUndefined();
    });

    it('serves the public URL', async () => {
      const key = bannerFileKey(ws, randomUUID(), 'public.webp');
      const bytes = randomBytes(999);
      await storage.put(key, bytes, { contentType: 'image/webp' });
      const res = await fetch(await storage.publicUrl(key));
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    });
  });
}

/** A multipart form as S3 takes it: every field first, the file last. */
export function formOf(fields: Record<string, string>, file: Buffer, filename = 'upload.bin'): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file)]), filename);
  return form;
}

function sha256(buffer: Buffer): string {
  return createHash('sha256').update(buffer).digest('hex');
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
