import type { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ObjectNotFoundError } from '@pressroom/model';
import { assertObjectKey, keyToUrlPath } from './keys.js';
import type { ObjectStorage, PresignedPost, PresignedPostOptions } from './storage.js';
import { contentDisposition } from './url-signing.js';

/** SigV4 presigned URLs cannot live longer than 7 days. */
export const S3_MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

export interface S3StorageOptions {
  bucket: string;
  /** For MinIO and other S3-compatible stores; unset: AWS. */
  endpoint?: string | undefined;
  region: string;
  /** Both or neither; neither: the AWS SDK's default credential chain. */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
  /** CDN or public bucket URL; `publicUrl` is `<this>/<key>` when set. */
  publicBaseUrl?: string | undefined;
  downloadUrlTtlSeconds: number;
}

/**
 * Any S3-compatible store. Buffers go up in one PutObject; streams go through lib-storage's
 * Upload, which handles an unknown length (multipart above one part) without buffering the
 * whole body.
 */
export class S3ObjectStorage implements ObjectStorage {
  readonly driver = 's3' as const;
  readonly client: S3Client;
  /**
   * Presigning uses a second client that computes checksums only when S3 requires them: with the
   * SDK's default (`WHEN_SUPPORTED`) a presigned PUT carries the CRC32 of an *empty* body, and
   * every upload through it then fails with BadDigest.
   */
  private readonly presignClient: S3Client;
  private readonly bucket: string;

  constructor(private readonly options: S3StorageOptions) {
    const base: S3ClientConfig = {
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
    };
    this.client = new S3Client(base);
    this.presignClient = new S3Client({
      ...base,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.bucket = options.bucket;
  }

  /** Creates the bucket when it does not exist (development with MinIO; production buckets are provisioned). */
  async ensureBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      return;
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    try {
      await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      // Another process created it between our HEAD and CREATE.
      const name = (error as Error).name;
      if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') throw error;
    }
  }

  async put(key: string, body: Buffer | Readable, options: { contentType: string; contentLength?: number }): Promise<void> {
    assertObjectKey(key);
    if (Buffer.isBuffer(body)) {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: options.contentType }));
      return;
    }
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: options.contentType },
      // Two 8 MiB parts in flight bound the memory one upload holds.
      queueSize: 2,
      partSize: 8 * 1024 * 1024,
      leavePartsOnError: false,
    });
    await upload.done();
    if (options.contentLength !== undefined) {
      const head = await this.head(key);
      if (head?.size !== options.contentLength) {
        await this.delete(key);
        throw new Error(`put ${key}: stored ${head?.size} bytes, expected ${options.contentLength}`);
      }
    }
  }

  async get(key: string): Promise<Buffer> {
    const body = await this.getBody(key);
    return Buffer.from(await body.transformToByteArray());
  }

  async getStream(key: string): Promise<Readable> {
    // In Node the SDK's body is an http.IncomingMessage, i.e. a Readable.
    return (await this.getBody(key)) as unknown as Readable;
  }

  private async getBody(key: string) {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: assertObjectKey(key) }));
      if (!res.Body) throw new ObjectNotFoundError(key);
      return res.Body;
    } catch (error) {
      if (isNotFound(error)) throw new ObjectNotFoundError(key, { cause: error });
      throw error;
    }
  }

  async head(key: string): Promise<{ size: number; contentType: string | undefined } | undefined> {
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: assertObjectKey(key) }));
      return { size: res.ContentLength ?? 0, contentType: res.ContentType };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: assertObjectKey(key) }));
  }

  async downloadUrl(key: string, options: { expiresInSeconds?: number; filename?: string } = {}): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: assertObjectKey(key),
      ...(options.filename !== undefined ? { ResponseContentDisposition: contentDisposition(options.filename) } : {}),
    });
    return getSignedUrl(this.presignClient, command, {
      expiresIn: clampTtl(options.expiresInSeconds ?? this.options.downloadUrlTtlSeconds),
    });
  }

  async publicUrl(key: string): Promise<string> {
    if (this.options.publicBaseUrl) return `${this.options.publicBaseUrl.replace(/\/+$/, '')}/${keyToUrlPath(assertObjectKey(key))}`;
    return this.downloadUrl(key);
  }

  async uploadUrl(key: string, options: { expiresInSeconds: number; contentType?: string }): Promise<string> {
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: assertObjectKey(key),
      ...(options.contentType !== undefined ? { ContentType: options.contentType } : {}),
    });
    // Content-Type must stay a signed header (not hoisted to the query) so the uploader has to send it.
    return getSignedUrl(this.presignClient, command, {
      expiresIn: clampTtl(options.expiresInSeconds),
      ...(options.contentType !== undefined ? { signableHeaders: new Set(['content-type']) } : {}),
    });
  }

  /** A real S3 POST policy: the key, the expiry and a `content-length-range` the store enforces. */
  async presignedPost(key: string, options: PresignedPostOptions): Promise<PresignedPost> {
    const contentType = options.contentType;
    return createPresignedPost(this.presignClient, {
      Bucket: this.bucket,
      Key: assertObjectKey(key),
      Conditions: [['content-length-range', 1, options.maxBytes], ...(contentType !== undefined ? [{ 'Content-Type': contentType }] : [])],
      ...(contentType !== undefined ? { Fields: { 'Content-Type': contentType } } : {}),
      Expires: clampTtl(options.expiresInSeconds),
    });
  }

  async stop(): Promise<void> {
    this.client.destroy();
    this.presignClient.destroy();
  }
}

function clampTtl(seconds: number): number {
  return Math.max(1, Math.min(Math.floor(seconds), S3_MAX_PRESIGN_SECONDS));
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}
