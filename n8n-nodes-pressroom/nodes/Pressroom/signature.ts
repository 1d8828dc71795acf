import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header Pressroom signs deliveries with (docs/webhooks.md). */
export const SIGNATURE_HEADER = 'x-pressroom-signature';

/**
 * The spec's signature check ("Signature"): `v1` = hex HMAC-SHA256 over `v1:webhook:<t>.<raw body>`;
 * the header `t=<unix>,v1=<hex>[,v1=<hex>]` (unknown tags ignored, every v1 tried: two during a
 * rotation); `t` within `toleranceSeconds` of now; constant-time comparison; a malformed header is
 * false, never an exception.
 */
export function verifySignature(
  rawBody: Buffer | string,
  header: string | undefined | null,
  secret: string,
  options: { toleranceSeconds?: number; nowSeconds?: number } = {},
): boolean {
  if (typeof header !== 'string' || header.length === 0 || header.length > 2000 || !secret) return false;
  let t: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at <= 0) return false;
    const tag = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (tag === 't') {
      if (!/^\d{1,12}$/.test(value) || t !== null) return false;
      t = Number(value);
    } else if (tag === 'v1') {
      if (!/^[0-9a-f]{64}$/.test(value)) return false;
      signatures.push(value);
    }
  }
  if (t === null || signatures.length === 0) return false;
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - t) > (options.toleranceSeconds ?? 300)) return false;
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  const expected = createHmac('sha256', Buffer.from(secret, 'utf8')).update(`v1:webhook:${t}.`, 'utf8').update(body).digest();
  return signatures.some((s) => timingSafeEqual(Buffer.from(s, 'hex'), expected));
}
