import { InvalidObjectKeyError } from '@pressroom/model';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assertObjectKey,
  bannerFileKey,
  designAssetKey,
  designPreviewKey,
  dynamicVariantKey,
  exportArchiveKey,
  idSegment,
  importPrefix,
  importUploadKey,
  isDynamicVariantKeyOf,
  keyToUrlPath,
  nameSegment,
} from './keys.js';

describe('key layout', () => {
  it('builds every documented key', () => {
    expect(bannerFileKey('w1', 'b1', 'card.png')).toBe('workspaces/w1/banners/b1/card.png');
    expect(importUploadKey('w1', 'i1', 'logo.svg')).toBe('workspaces/w1/imports/i1/logo.svg');
    expect(importPrefix('w1', 'i1')).toBe('workspaces/w1/imports/i1/');
    expect(designPreviewKey('w1', 'd1', 'f-1')).toBe('workspaces/w1/designs/d1/previews/f-1.png');
    expect(designAssetKey('w1', 'd1', 'bg.jpg')).toBe('workspaces/w1/designs/d1/assets/bg.jpg');
    expect(exportArchiveKey('w1', 'e1')).toBe('workspaces/w1/exports/e1.zip');
  });

  it('refuses identifiers that are not plain ids', () => {
    for (const bad of ['', '..', '.', 'a/b', 'a b', '-a', 'a\\b', 'x'.repeat(129)]) {
      expect(() => idSegment(bad), bad).toThrow(InvalidObjectKeyError);
    }
    expect(() => bannerFileKey('../w', 'b', 'f')).toThrow(InvalidObjectKeyError);
    expect(idSegment('0b6a1c2e-0000-4000-8000-000000000000')).toBe('0b6a1c2e-0000-4000-8000-000000000000');
  });

  it('encodes names so they stay one safe segment', () => {
    expect(nameSegment('a/b.png')).toBe('a%2Fb.png');
    expect(nameSegment('..')).toBe('%2E%2E');
    expect(nameSegment('.')).toBe('%2E');
    expect(nameSegment('.hidden')).toBe('.hidden');
    expect(nameSegment('été 100%.png')).toBe('%C3%A9t%C3%A9%20100%25.png');
    expect(() => nameSegment('')).toThrow(InvalidObjectKeyError);
  });

  it('shortens long names with a hash and keeps the extension', () => {
    const long = `${'x'.repeat(300)}.png`;
    const segment = nameSegment(long);
    expect(segment.length).toBeLessThanOrEqual(200);
    expect(segment).toMatch(/^x+~[0-9a-f]{16}\.png$/);
    expect(nameSegment(`${'x'.repeat(300)}y.png`)).not.toBe(segment);
  });

  it('never maps two names to one segment, and every segment is a valid key part', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 80, unit: 'binary' }),
        fc.string({ minLength: 1, maxLength: 80, unit: 'binary' }),
        (a, b) => {
          const sa = nameSegment(a);
          expect(() => assertObjectKey(`p/${sa}`)).not.toThrow();
          expect(sa).toMatch(/^[A-Za-z0-9._%~-]+$/);
          if (a !== b) expect(nameSegment(b)).not.toBe(sa);
        },
      ),
    );
  });

  it('refuses whole keys that could escape a folder', () => {
    for (const bad of ['', '/abs', 'a/../b', 'a/./b', 'a//b', 'a/', '..', 'a\\b', 'a\u0000b', `a/${'x'.repeat(256)}`]) {
      expect(() => assertObjectKey(bad), JSON.stringify(bad)).toThrow(InvalidObjectKeyError);
    }
    expect(assertObjectKey('workspaces/w/banners/b/%2E%2E')).toBe('workspaces/w/banners/b/%2E%2E');
  });

  it('percent-encodes each segment for URLs and keeps the slashes', () => {
    expect(keyToUrlPath('workspaces/w/banners/b/a%20b.png')).toBe('workspaces/w/banners/b/a%2520b.png');
  });

  it('tells a dynamic variant key of a workspace from any other key', () => {
    const key = dynamicVariantKey('w1', 'd1', 'abc', 'png');
    expect(key).toBe('workspaces/w1/dynamic/d1/abc.png');
    expect(isDynamicVariantKeyOf('w1', key)).toBe(true);
    for (const other of [
      dynamicVariantKey('w2', 'd1', 'abc', 'png'),
      bannerFileKey('w1', 'b1', 'card.png'),
      'workspaces/w1/dynamic/../banners/b1/card.png',
      'workspaces/w1/dynamic//x.png',
      'workspaces/w1/dynamicx/d1/abc.png',
    ]) {
      expect(isDynamicVariantKeyOf('w1', other), other).toBe(false);
    }
  });
});
