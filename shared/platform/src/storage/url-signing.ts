import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed URLs for the local driver. The control plane serves `GET /files/<key>` and
 * `PUT /uploads/<key>`; anyone holding a URL signed here may perform that one method on that
 * one key until `expires`. The signature covers the method, the key, the expiry, and the
 * optional download file name and upload content type, so none of them can be changed.
 *
 * Pure functions: the caller supplies the secret and the clock.
 */

export type SignedMethod = 'GET' | 'PUT';

export interface ObjectUrlGrant {
  method: SignedMethod;
  key: string;
  /** Unix seconds after which the URL is refused. */
  expires: number;
  /** GET only: the download name sent in Content-Disposition. */
  filename?: string | undefined;
  /** PUT only: the Content-Type the upload must carry. */
  contentType?: string | undefined;
}

export type VerifyObjectUrlResult =
  | { status: 'ok'; grant: ObjectUrlGrant }
  | { status: 'expired'; expires: number }
  | { status: 'bad_signature' };

/** The query a request carries: fastify's `request.query`, or URLSearchParams. */
export type ObjectUrlQuery = URLSearchParams | Record<string, unknown>;

function canonical(grant: ObjectUrlGrant): string {
  // JSON of a fixed tuple: unambiguous whatever characters the fields contain.
  return JSON.stringify([
    'pressroom-object-url-v1',
    grant.method,
    grant.key,
    grant.expires,
    grant.filename ?? null,
    grant.contentType ?? null,
  ]);
}

function mac(grant: ObjectUrlGrant, secret: string): Buffer {
  return createHmac('sha256', secret).update(canonical(grant)).digest();
}

/** The query parameters of a signed URL for `grant` (append them to `/files/<key>` or `/uploads/<key>`). */
export function signObjectUrl(grant: ObjectUrlGrant, secret: string): URLSearchParams {
  const query = new URLSearchParams();
  query.set('expires', String(grant.expires));
  if (grant.filename !== undefined) query.set('filename', grant.filename);
  if (grant.contentType !== undefined) query.set('content_type', grant.contentType);
  if (grant.method !== 'GET') query.set('method', grant.method);
  query.set('sig', mac(grant, secret).toString('base64url'));
  return query;
}

function single(query: ObjectUrlQuery, name: string): string | undefined | null {
  if (query instanceof URLSearchParams) {
    const all = query.getAll(name);
    return all.length === 0 ? undefined : all.length === 1 ? (all[0] as string) : null;
  }
  const value = query[name];
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : null; // arrays (repeated params) and others are refused
}

/**
 * Checks a request against its signed query. `request.method` is the method actually used: a
 * download URL never authorises an upload. For PUT, pass the request's Content-Type; when the
 * URL was signed with one, they must be equal (as S3 does with a signed Content-Type header).
 * The signature is checked before the expiry, so `expired` is only ever said of a genuine URL.
 */
export function verifyObjectUrl(
  key: string,
  query: ObjectUrlQuery,
  secret: string,
  nowMs: number = Date.now(),
  request: { method: SignedMethod; contentType?: string | undefined } = { method: 'GET' },
): VerifyObjectUrlResult {
  const expiresRaw = single(query, 'expires');
  const filename = single(query, 'filename');
  const contentType = single(query, 'content_type');
  const method = single(query, 'method') ?? 'GET';
  const sig = single(query, 'sig');
  if (typeof expiresRaw !== 'string' || !/^\d{1,12}$/.test(expiresRaw)) return { status: 'bad_signature' };
  if (filename === null || contentType === null || typeof sig !== 'string') return { status: 'bad_signature' };
  if (method !== request.method) return { status: 'bad_signature' };
  const grant: ObjectUrlGrant = { method, key, expires: Number(expiresRaw), filename, contentType };
  const expected = mac(grant, secret);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { status: 'bad_signature' };
  if (method === 'PUT' && contentType !== undefined && normaliseType(request.contentType) !== normaliseType(contentType)) {
    return { status: 'bad_signature' };
  }
  if (grant.expires * 1000 <= nowMs) return { status: 'expired', expires: grant.expires };
  return { status: 'ok', grant };
}

function normaliseType(value: string | undefined): string | undefined {
  return value?.trim().toLowerCase();
}

/**
 * `attachment` with an ASCII fallback and the exact name in RFC 6266/5987 form, so browsers and
 * curl -J agree on non-ASCII names. Used by both drivers.
 */
export function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
