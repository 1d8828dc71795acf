import type { Readable } from 'node:stream';

/**
 * Where generated files and uploaded assets live. Two drivers implement it: S3 (any
 * S3-compatible store) and a local folder served by the control plane through signed URLs.
 * Keys are built in one place (`keys.ts`); nothing else concatenates paths.
 */
export interface ObjectStorage {
  readonly driver: 's3' | 'local';
  put(key: string, body: Buffer | Readable, options: { contentType: string; contentLength?: number }): Promise<void>;
  get(key: string): Promise<Buffer>;
  getStream(key: string): Promise<Readable>;
  /** Undefined when the object does not exist. */
  head(key: string): Promise<{ size: number; contentType: string | undefined } | undefined>;
  delete(key: string): Promise<void>;
  /** A time-limited download URL. */
  downloadUrl(key: string, options?: { expiresInSeconds?: number; filename?: string }): Promise<string>;
  /** The public hosting URL (`cdn_url`): the CDN base when configured, else a download URL. */
  publicUrl(key: string): Promise<string>;
  /** A time-limited URL the caller can PUT the object's bytes to. */
  uploadUrl(key: string, options: { expiresInSeconds: number; contentType?: string }): Promise<string>;
  /**
   * A presigned form POST for one object: post every `fields` entry as a form part, then the
   * file last; the store answers 204. The policy names the key, the expiry, the largest size
   * (`maxBytes`, enforced by the store while the file streams) and, when given, the content type.
   */
  presignedPost(key: string, options: PresignedPostOptions): Promise<PresignedPost>;
  stop(): Promise<void>;
}

export interface PresignedPostOptions {
  expiresInSeconds: number;
  maxBytes: number;
  contentType?: string | undefined;
}

export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}
