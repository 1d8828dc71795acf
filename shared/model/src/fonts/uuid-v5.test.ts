import { describe, expect, it } from 'vitest';
import { fontIdForSlug } from './font-id.js';
import { uuidV5 } from './uuid-v5.js';

const DNS_NAMESPACE = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';

describe('uuidV5', () => {
  it('matches the published example for www.example.com in the DNS namespace', () => {
    expect(uuidV5('www.example.com', DNS_NAMESPACE)).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('rejects a namespace that is not a UUID', () => {
    expect(() => uuidV5('x', 'not-a-uuid')).toThrow(TypeError);
  });
});

describe('fontIdForSlug', () => {
  // Pinned (cross-checked with Python's uuid.uuid5): these ids are stored in designs. If this test fails, the namespace or algorithm changed.
  it.each([
    ['inter', 'e3ab847e-6140-5eb1-89ea-c11164df0cdf'],
    ['open-sans', '2eb5558f-3617-5a99-a2be-3b69f4b1f0cc'],
    ['noto-sans-jp', '234c4399-1387-568d-88b0-30e8c1be3f5a'],
  ])('%s has a fixed id', (slug, id) => {
    expect(fontIdForSlug(slug)).toBe(id);
  });
});

describe('uuidV5 against node:crypto', () => {
  it('agrees with a SHA-1 from node:crypto for names of every padding length', async () => {
    const { createHash } = await import('node:crypto');
    const ns = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';
    for (let n = 0; n < 140; n++) {
      const name = 'é'.repeat(n % 7) + 'x'.repeat(n);
      const digest = createHash('sha1')
        .update(Buffer.from(ns.replace(/-/g, ''), 'hex'))
        .update(name, 'utf8')
        .digest()
        .subarray(0, 16);
      digest[6] = (digest[6]! & 0x0f) | 0x50;
      digest[8] = (digest[8]! & 0x3f) | 0x80;
      expect(uuidV5(name, ns).replace(/-/g, '')).toBe(digest.toString('hex'));
    }
  });
});
