import { createHmac } from 'node:crypto';

/**
 * Purpose label bound into the signed bytes, so a webhook signature can never be replayed
 * against another signed surface. Receivers (the abyssale SDK included) hard-code it.
 */
export const SIGNATURE_PREFIX = 'v1:webhook:';

/** Lowercase hex HMAC-SHA256 of `v1:webhook:<t>.<raw body>` keyed with one secret. */
export function signV1(secret: string, t: number, rawBody: string | Buffer): string {
  const hmac = createHmac('sha256', Buffer.from(secret, 'utf8'));
  hmac.update(`${SIGNATURE_PREFIX}${t}.`, 'utf8');
  hmac.update(typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody);
  return hmac.digest('hex');
}

/**
 * `t=<unix>,v1=<hex>[,v1=<hex>]`: one `v1` per secret that is valid right now, so during a
 * rotation overlap a receiver holding either secret verifies. `secrets` must not be empty: an
 * unsigned delivery carries no header at all rather than a header without a `v1`.
 */
export function signatureHeader(secrets: readonly string[], t: number, rawBody: string | Buffer): string {
  if (secrets.length === 0) throw new Error('signatureHeader needs at least one secret');
  if (!Number.isSafeInteger(t) || t < 0) throw new Error(`t must be a whole number of Unix seconds, got ${t}`);
  return [`t=${t}`, ...secrets.map((s) => `v1=${signV1(s, t, rawBody)}`)].join(',');
}
