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
