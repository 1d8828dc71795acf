import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The local driver's equivalent of an S3 presigned POST policy. The control plane receives the
 * form at `POST /uploads`; the form carries the same kinds of fields an S3 form does (`key`,
 * `policy`, a signature, and `Content-Type` when one is required), then the file last. The
 * policy is base64url JSON naming the one key, the expiry, the size limit and the content type;
 * the signature is its HMAC with the URL-signing secret, so none of them can be changed.
 *
 * Pure functions: the caller supplies the secret and the clock.
 */

export interface UploadPolicy {
  key: string;
  /** Unix seconds after which the form is refused. */
  expires: number;
  /** The largest file accepted, in bytes; enforced while streaming. */
  maxBytes: number;
  /** When set, the form's `Content-Type` field must equal it, and the object is stored with it. */
  contentType?: string | undefined;
}

/** The form field that carries the signature (S3 forms call theirs `x-amz-signature`). */
export const POLICY_SIGNATURE_FIELD = 'x-pressroom-signature';

const VERSION = 'pressroom-post-v1';

function sign(policy: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(`${VERSION}\n${policy}`).digest();
}

/** The form fields for `policy`: post them first, the file last. */
export function signUploadPolicy(policy: UploadPolicy, secret: string): Record<string, string> {
  const encoded = Buffer.from(
    JSON.stringify({
      v: VERSION,
      key: policy.key,
      expires: policy.expires,
      max_bytes: policy.maxBytes,
      content_type: policy.contentType ?? null,
    }),
  ).toString('base64url');
  return {
    key: policy.key,
    ...(policy.contentType !== undefined ? { 'Content-Type': policy.contentType } : {}),
    policy: encoded,
    [POLICY_SIGNATURE_FIELD]: sign(encoded, secret).toString('base64url'),
  };
}

export type VerifyUploadPolicyResult =
  | { status: 'ok'; policy: UploadPolicy }
  | { status: 'expired'; expires: number }
  | { status: 'bad_signature' }
  | { status: 'field_mismatch'; field: string };

/**
 * Checks the fields a form carried before its file. The signature is checked before anything
 * else, so `expired` and `field_mismatch` are only said of a policy Pressroom really signed.
 * Field names compare case-insensitively, as S3 does.
 */
export function verifyUploadPolicy(fields: Record<string, string>, secret: string, nowMs: number = Date.now()): VerifyUploadPolicyResult {
  const field = (name: string) => {
    const found = Object.keys(fields).find((k) => k.toLowerCase() === name.toLowerCase());
    return found === undefined ? undefined : fields[found];
  };
  const encoded = field('policy');
  const sig = field(POLICY_SIGNATURE_FIELD);
  if (encoded === undefined || sig === undefined) return { status: 'bad_signature' };
  const expected = sign(encoded, secret);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { status: 'bad_signature' };
  let raw: { v?: unknown; key?: unknown; expires?: unknown; max_bytes?: unknown; content_type?: unknown };
  try {
    raw = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    return { status: 'bad_signature' };
  }
  if (raw.v !== VERSION || typeof raw.key !== 'string' || typeof raw.expires !== 'number' || typeof raw.max_bytes !== 'number') {
    return { status: 'bad_signature' };
  }
  const policy: UploadPolicy = {
    key: raw.key,
    expires: raw.expires,
    maxBytes: raw.max_bytes,
    contentType: typeof raw.content_type === 'string' ? raw.content_type : undefined,
  };
  if (field('key') !== policy.key) return { status: 'field_mismatch', field: 'key' };
  if (policy.contentType !== undefined && field('Content-Type')?.trim().toLowerCase() !== policy.contentType.toLowerCase()) {
    return { status: 'field_mismatch', field: 'Content-Type' };
  }
  if (policy.expires * 1000 <= nowMs) return { status: 'expired', expires: policy.expires };
  return { status: 'ok', policy };
}
