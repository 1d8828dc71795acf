import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ObjectNotFoundError } from '@pressroom/model';
import { assertObjectKey, keyToUrlPath } from './keys.js';
import type { ObjectStorage, PresignedPost, PresignedPostOptions } from './storage.js';
import { signUploadPolicy } from './upload-policy.js';
import { type ObjectUrlGrant, signObjectUrl } from './url-signing.js';

/** How long `publicUrl` links live: the local driver has no CDN, so "hosting" is a very long-lived signed URL. */
export const LOCAL_PUBLIC_URL_TTL_SECONDS = 10 * 365 * 24 * 3600;

export interface LocalStorageOptions {
  /** `<DATA_DIR>`: objects go to `objects/`, their metadata to `objects-meta/`, partial writes to `objects-tmp/`. */
  dataDir: string;
  /** Base URL of the control plane that serves `/files/*` and `/uploads/*`. */
  publicBaseUrl: string;
  urlSigningSecret: string;
  /** Default lifetime of `downloadUrl`. */
  downloadUrlTtlSeconds: number;
  /** Clock, for tests. */
  now?: () => number;
}

interface Sidecar {
  contentType: string;
}

/**
 * Objects as plain files under `<DATA_DIR>/objects/<key>`, for single-machine installs. Writes
 * go to a temp file first and are renamed into place, so a reader sees the old object or the
 * new one, never half of one. The content type lives in a JSON sidecar in a parallel tree
 * (`objects-meta/<key>.json`), so no object key can ever collide with a metadata file.
 */
export class LocalObjectStorage implements ObjectStorage {
  readonly driver = 'local' as const;
  readonly root: string;
  private readonly metaRoot: string;
  private readonly tmpRoot: string;
  private readonly baseUrl: string;
  private readonly now: () => number;

  constructor(private readonly options: LocalStorageOptions) {
    const dataDir = resolve(options.dataDir);
    this.root = join(dataDir, 'objects');
    this.metaRoot = join(dataDir, 'objects-meta');
    this.tmpRoot = join(dataDir, 'objects-tmp');
    this.baseUrl = options.publicBaseUrl.replace(/\/+$/, '');
    this.now = options.now ?? Date.now;
  }

  /** The secret the file-serving routes verify with (`verifyObjectUrl`). */
  get urlSigningSecret(): string {
    return this.options.urlSigningSecret;
  }

  /** Absolute path of an object's file; throws `InvalidObjectKeyError` for a key that could escape the root. */
  pathOf(key: string): string {
    return this.inside(this.root, key);
  }

  private metaPathOf(key: string): string {
    return `${this.inside(this.metaRoot, key)}.json`;
  }

  private inside(root: string, key: string): string {
    const path = resolve(root, assertObjectKey(key));
    // assertObjectKey already refuses `..`; this is the belt to its braces.
    if (!path.startsWith(root + sep)) throw new Error(`key resolves outside ${root}`);
    return path;
  }

  async put(key: string, body: Buffer | Readable, options: { contentType: string; contentLength?: number }): Promise<void> {
    const path = this.pathOf(key);
    const metaPath = this.metaPathOf(key);
    await mkdir(this.tmpRoot, { recursive: true });
    const tmp = join(this.tmpRoot, randomBytes(12).toString('hex'));
    try {
      if (Buffer.isBuffer(body)) await writeFile(tmp, body);
      else {
        const file = await open(tmp, 'w');
        await pipeline(body, file.createWriteStream());
      }
      if (options.contentLength !== undefined) {
        const written = (await stat(tmp)).size;
        if (written !== options.contentLength) {
          throw new Error(`put ${key}: received ${written} bytes, expected ${options.contentLength}`);
        }
      }
      await mkdir(dirname(metaPath), { recursive: true });
      await writeFile(`${tmp}.meta`, JSON.stringify({ contentType: options.contentType } satisfies Sidecar));
      await rename(`${tmp}.meta`, metaPath);
      await mkdir(dirname(path), { recursive: true });
      await rename(tmp, path);
    } finally {
      await rm(tmp, { force: true });
      await rm(`${tmp}.meta`, { force: true });
    }
  }

  async get(key: string): Promise<Buffer> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      throw notFoundOr(error, key);
    }
  }

  async getStream(key: string): Promise<Readable> {
    return (await this.openRead(key)).stream;
  }

  /** Opens the file once and stats that descriptor, so size and bytes always belong to the same version. */
  async openRead(key: string): Promise<{ stream: Readable; size: number; contentType: string | undefined }> {
    let file: Awaited<ReturnType<typeof open>>;
    try {
      file = await open(this.pathOf(key), 'r');
    } catch (error) {
      throw notFoundOr(error, key);
    }
    try {
      const { size, isFile } = await file.stat().then((s) => ({ size: s.size, isFile: s.isFile() }));
      if (!isFile) throw new ObjectNotFoundError(key);
      const contentType = await this.readContentType(key);
      return { stream: file.createReadStream(), size, contentType };
    } catch (error) {
      await file.close();
      throw error;
    }
  }

  async head(key: string): Promise<{ size: number; contentType: string | undefined } | undefined> {
    try {
      const s = await stat(this.pathOf(key));
      if (!s.isFile()) return undefined;
      return { size: s.size, contentType: await this.readContentType(key) };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  private async readContentType(key: string): Promise<string | undefined> {
    try {
      const sidecar = JSON.parse(await readFile(this.metaPathOf(key), 'utf8')) as Partial<Sidecar>;
      return typeof sidecar.contentType === 'string' ? sidecar.contentType : undefined;
    } catch {
      return undefined; // a missing or damaged sidecar only loses the type, not the object
    }
  }

  async delete(key: string): Promise<void> {
    await unlink(this.pathOf(key)).catch(ignoreMissing);
    await unlink(this.metaPathOf(key)).catch(ignoreMissing);
  }

  async downloadUrl(key: string, options: { expiresInSeconds?: number; filename?: string } = {}): Promise<string> {
    const ttl = options.expiresInSeconds ?? this.options.downloadUrlTtlSeconds;
    return this.signedUrl('files', { method: 'GET', key, expires: this.expiry(ttl), filename: options.filename });
  }

  /**
   * The same URL for a key all day long (its expiry is rounded up to the next UTC midnight), so two
   * reads of one design name its files alike and caches keep them.
   */
  async publicUrl(key: string): Promise<string> {
    const day = 24 * 3600;
    const expires = Math.ceil(this.expiry(LOCAL_PUBLIC_URL_TTL_SECONDS) / day) * day;
    return this.signedUrl('files', { method: 'GET', key, expires });
  }

  async uploadUrl(key: string, options: { expiresInSeconds: number; contentType?: string }): Promise<string> {
    return this.signedUrl('uploads', {
      method: 'PUT',
      key,
      expires: this.expiry(options.expiresInSeconds),
      contentType: options.contentType,
    });
  }

  /** The control plane's `POST /uploads` receives the form (`receiveFormUpload`). */
  async presignedPost(key: string, options: PresignedPostOptions): Promise<PresignedPost> {
    assertObjectKey(key);
    const fields = signUploadPolicy(
      { key, expires: this.expiry(options.expiresInSeconds), maxBytes: options.maxBytes, contentType: options.contentType },
      this.options.urlSigningSecret,
    );
    return { url: `${this.baseUrl}/uploads`, fields };
  }

  private expiry(ttlSeconds: number): number {
    return Math.floor(this.now() / 1000) + ttlSeconds;
  }

  private signedUrl(route: 'files' | 'uploads', grant: ObjectUrlGrant): string {
    assertObjectKey(grant.key);
    return `${this.baseUrl}/${route}/${keyToUrlPath(grant.key)}?${signObjectUrl(grant, this.options.urlSigningSecret)}`;
  }

  async stop(): Promise<void> {}
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

function notFoundOr(error: unknown, key: string): unknown {
  return isMissing(error) ? new ObjectNotFoundError(key, { cause: error }) : error;
}

function ignoreMissing(error: unknown): void {
  if (!isMissing(error)) throw error;
}
