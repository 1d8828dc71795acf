import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deliveryId } from './delivery-id.js';
import { signatureHeader, signV1 } from './signature.js';
import { verifyWebhookSignature } from './verify.js';

const T = 1_755_561_234;
const BODY = '{"event_type":"NEW_BANNER","banner_id":"b"}';

describe('signatureHeader', () => {
  it('matches an independently computed HMAC over v1:webhook:<t>.<body>', () => {
    const expected = createHmac('sha256', 'whsec_a').update(`v1:webhook:${T}.${BODY}`).digest('hex');
    expect(signatureHeader(['whsec_a'], T, BODY)).toBe(`t=${T},v1=${expected}`);
  });

  it('carries one v1 per secret, in order', () => {
    const header = signatureHeader(['whsec_new', 'whsec_old'], T, BODY);
    expect(header).toBe(`t=${T},v1=${signV1('whsec_new', T, BODY)},v1=${signV1('whsec_old', T, BODY)}`);
  });

  it('signs bytes: a Buffer and its utf8 string give the same signature', () => {
    const body = '{"name":"café ☕"}';
    expect(signV1('s', T, Buffer.from(body, 'utf8'))).toBe(signV1('s', T, body));
  });

  it('refuses to build a header without a secret', () => {
    expect(() => signatureHeader([], T, BODY)).toThrow();
  });
});

describe('verifyWebhookSignature', () => {
  const header = signatureHeader(['whsec_new', 'whsec_old'], T, BODY);
  const cases: [string, () => boolean, boolean][] = [
    ['current secret', () => verifyWebhookSignature(BODY, header, 'whsec_new', { now: T }), true],
    ['previous secret during an overlap', () => verifyWebhookSignature(BODY, header, 'whsec_old', { now: T }), true],
    ['another secret', () => verifyWebhookSignature(BODY, header, 'whsec_other', { now: T }), false],
    ['tampered body', () => verifyWebhookSignature(`${BODY} `, header, 'whsec_new', { now: T }), false],
    ['t 300 s old is still fresh', () => verifyWebhookSignature(BODY, header, 'whsec_new', { now: T + 300 }), true],
    ['t 301 s old is stale', () => verifyWebhookSignature(BODY, header, 'whsec_new', { now: T + 301 }), false],
    ['t 301 s in the future is stale', () => verifyWebhookSignature(BODY, header, 'whsec_new', { now: T - 301 }), false],
    ['custom tolerance', () => verifyWebhookSignature(BODY, header, 'whsec_new', { now: T + 1000, toleranceSeconds: 1000 }), true],
    ['unknown tags are ignored', () => verifyWebhookSignature(BODY, `${header},v0=zz,foo=bar`, 'whsec_new', { now: T }), true],
    ['whitespace around pairs', () => verifyWebhookSignature(BODY, header.replaceAll(',', ', '), 'whsec_new', { now: T }), true],
    ['no t', () => verifyWebhookSignature(BODY, header.replace(/^t=\d+,/, ''), 'whsec_new', { now: T }), false],
    ['t not digits', () => verifyWebhookSignature(BODY, header.replace(`t=${T}`, `t=+${T}`), 'whsec_new', { now: T }), false],
    ['t changed', () => verifyWebhookSignature(BODY, header.replace(`t=${T}`, `t=${T + 1}`), 'whsec_new', { now: T }), false],
    [
      'uppercase hex',
      () => verifyWebhookSignature(BODY, header.toUpperCase().replace('T=', 't=').replaceAll('V1=', 'v1='), 'whsec_new', { now: T }),
      false,
    ],
    ['truncated v1', () => verifyWebhookSignature(BODY, header.slice(0, -1), 'whsec_old', { now: T }), false],
    ['empty header', () => verifyWebhookSignature(BODY, '', 'whsec_new', { now: T }), false],
    ['null header', () => verifyWebhookSignature(BODY, null, 'whsec_new', { now: T }), false],
    ['empty secret', () => verifyWebhookSignature(BODY, header, '', { now: T }), false],
    ['non-ASCII v1', () => verifyWebhookSignature(BODY, `t=${T},v1=${'é'.repeat(64)}`, 'whsec_new', { now: T }), false],
  ];
  it.each(cases)('%s', (_name, run, expected) => {
    expect(run()).toBe(expected);
  });

  it('uses the system clock by default', () => {
    const now = Math.floor(Date.now() / 1000);
    expect(verifyWebhookSignature(BODY, signatureHeader(['s'], now, BODY), 's')).toBe(true);
    expect(verifyWebhookSignature(BODY, signatureHeader(['s'], now - 3600, BODY), 's')).toBe(false);
  });

  it('never throws and never accepts on arbitrary headers (fuzz)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.constantFrom(null, undefined)), fc.string(), (h, secret) => {
        // An arbitrary header cannot carry the right HMAC for this body and secret.
        expect(verifyWebhookSignature(BODY, h as string, secret || 'x', { now: T })).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws on mutations of a valid header (fuzz)', () => {
    fc.assert(
      fc.property(fc.nat(header.length), fc.nat(header.length), fc.string({ unit: 'binary' }), (from, to, insert) => {
        const mutated = header.slice(0, Math.min(from, to)) + insert + header.slice(Math.max(from, to));
        const result = verifyWebhookSignature(BODY, mutated, 'whsec_new', { now: T });
        expect(typeof result).toBe('boolean');
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts what it signs for any body and secret (fuzz)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ minLength: 1 }), fc.nat(2_000_000_000), (body, secret, t) => {
        expect(verifyWebhookSignature(body, signatureHeader([secret], t, body), secret, { now: t })).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe('deliveryId', () => {
  it('is 64 lowercase hex and unique', () => {
    const ids = new Set(Array.from({ length: 200 }, deliveryId));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{64}$/);
  });
});
