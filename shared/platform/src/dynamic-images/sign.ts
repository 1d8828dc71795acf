import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed dynamic image URLs (docs/dynamic-images.md). The purpose label is bound into the signed
 * bytes, so a webhook signature (label `v1:webhook:`) can never be replayed as a URL signature
 * and the other way round, even though both use the workspace's signing secret.
 */
export const DYNAMIC_SIGNATURE_PREFIX = 'v1:dynamic-image:';

/** The query parameter carrying the signature; it is never part of the signed bytes. */
export const SIGNATURE_PARAM = 's';

/** `encodeURIComponent`; Python's `urllib.parse.quote(v, safe="-_.!~*'()")` gives the same bytes. */
function encode(value: string): string {
  return encodeURIComponent(value);
}

/**
 * The signed string: `v1:dynamic-image:<format uid>?<pairs>`, the pairs (every query parameter
 * but `s`) sorted by key then value, each percent-encoded, joined by `&`. Sorting makes the
 * signature independent of parameter order; encoding makes it unambiguous.
 */
export function canonicalDynamicQuery(formatUid: string, pairs: Iterable<readonly [string, string]>): string {
  const sorted = [...pairs]
    .filter(([k]) => k !== SIGNATURE_PARAM)
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  return `${DYNAMIC_SIGNATURE_PREFIX}${formatUid.toLowerCase()}?${sorted.map(([k, v]) => `${k}=${v}`).join('&')}`;
}

/** Lowercase hex HMAC-SHA256 of the canonical string, keyed with the workspace signing secret. */
export function signDynamicQuery(secret: string, formatUid: string, pairs: Iterable<readonly [string, string]>): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(canonicalDynamicQuery(formatUid, pairs), 'utf8').digest('hex');
}

/**
 * Signs a dynamic image URL (`…/i/<format uid>?layer.property=value…`): returns it with `s`
 * set (an existing `s` is replaced). The format uid is the last path segment.
 */
export function signDynamicImageUrl(url: string, secret: string): string {
  const parsed = new URL(url);
  parsed.searchParams.delete(SIGNATURE_PARAM);
  const formatUid = parsed.pathname.split('/').filter(Boolean).pop() ?? '';
  parsed.searchParams.append(SIGNATURE_PARAM, signDynamicQuery(secret, formatUid, parsed.searchParams));
  return parsed.toString();
}

/** True when `signature` matches the query under one of `secrets` (current, then previous). */
export function verifyDynamicSignature(
  secrets: readonly string[],
  formatUid: string,
  pairs: readonly (readonly [string, string])[],
  signature: string | null,
): boolean {
  if (signature === null || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const given = Buffer.from(signature.toLowerCase(), 'hex');
  return secrets.some((secret) => timingSafeEqual(Buffer.from(signDynamicQuery(secret, formatUid, pairs), 'hex'), given));
}
