import { timingSafeEqual } from 'node:crypto';
import { signV1 } from './signature.js';

export interface VerifyOptions {
  /** Largest accepted drift between the delivery's `t` and now. Default 300 s. */
  toleranceSeconds?: number;
  /** Current Unix time in seconds; for tests. Default: the system clock. */
  now?: number;
}

export const DEFAULT_TOLERANCE_SECONDS = 300;
const DIGITS = /^\d+$/;
const HEX64 = /^[0-9a-f]{64}$/;

/**
 * The receiver's check, for Node users: true when `rawBody` was signed with `secret` and `t` is
 * fresh. Never throws: anyone can reach a webhook URL, and a forged header that produced an
 * exception would become a 500 and a retried delivery. Every `v1` is checked (a rotation overlap
 * carries two, and one of them is expected not to match the secret you hold).
 */
export function verifyWebhookSignature(
  rawBody: string | Buffer,
  header: string | null | undefined,
  secret: string,
  options: VerifyOptions = {},
): boolean {
  try {
    if (typeof header !== 'string' || header === '' || typeof secret !== 'string' || secret === '') return false;
    const pairs = parseHeader(header);
    const t = pairs.find(([k]) => k === 't')?.[1];
    if (t === undefined || !DIGITS.test(t)) return false;
    const timestamp = Number(t);
    if (!Number.isSafeInteger(timestamp)) return false;
    const now = options.now ?? Date.now() / 1000;
    if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS)) return false;
    const expected = Buffer.from(signV1(secret, timestamp, rawBody), 'utf8');
    let matched = false;
    for (const [key, value] of pairs) {
      // Length and alphabet first: timingSafeEqual throws on unequal lengths. Not secret-dependent.
      if (key !== 'v1' || !HEX64.test(value)) continue;
      // No early exit: the time taken does not depend on which entry matched.
      if (timingSafeEqual(expected, Buffer.from(value, 'utf8'))) matched = true;
    }
    return matched;
  } catch {
    return false;
  }
}

/** `t=1,v1=ab,v1=cd` → pairs in order; junk without `=` is dropped, unknown tags are kept and ignored. */
export function parseHeader(header: string): [string, string][] {
  const pairs: [string, string][] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    pairs.push([part.slice(0, eq).trim(), part.slice(eq + 1).trim()]);
  }
  return pairs;
}
