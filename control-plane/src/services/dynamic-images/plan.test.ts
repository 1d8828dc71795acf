import { AppError } from '@pressroom/model';
import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  coerce,
  MAX_QUERY_BYTES,
  MAX_QUERY_PARAMS,
  matchesEtag,
  negotiateFileType,
  parseDynamicQuery,
  variantHash,
  visitorHash,
} from './plan.js';

function refusal(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('parseDynamicQuery', () => {
  it('turns layer.property parameters into the elements of a sync request, typed', () => {
    const q = parseDynamicQuery('headline.payload=42&headline.font_size=64&cta.hidden=true&vars.city=007&root.background_color=%23ff0000');
    expect(q.elements).toEqual({
      headline: { payload: '42', font_size: 64 },
      cta: { hidden: true },
      vars: { city: '007' },
      root: { background_color: '#ff0000' },
    });
    expect(q.fileType).toBeNull();
    expect(q.width).toBeNull();
  });

  it('reads the options and the signature and ignores unrelated parameters', () => {
    const q = parseDynamicQuery('format=png&width=300&s=abc&utm_source=mail');
    expect([q.fileType, q.width, q.signature, q.elements]).toEqual(['png', 300, 'abc', {}]);
    expect(q.pairs).toHaveLength(4);
  });

  it("refuses a format name: the URL is one format's, so it would draw another than asked", () => {
    for (const key of ['template_format_name', 'template_format_names'])
      expect(refusal(() => parseDynamicQuery(`${key}=story`)).issues?.[0]).toMatchObject({
        path: key,
        code: 'invalid_query_param',
        message: expect.stringContaining('dynamic_image_url'),
      });
  });

  it('nests deeper property paths', () => {
    expect(parseDynamicQuery('photo.filter_properties.name=red_blue').elements).toEqual({
      photo: { filter_properties: { name: 'red_blue' } },
    });
  });

  it('refuses a query over 8 KB and one with more than 200 parameters, saying which limit', () => {
    const long = refusal(() => parseDynamicQuery(`a.payload=${'x'.repeat(MAX_QUERY_BYTES)}`));
    expect([long.id, long.message]).toEqual(['invalid_query_param', expect.stringContaining('8192 bytes')]);
    const many = refusal(() => parseDynamicQuery(Array.from({ length: MAX_QUERY_PARAMS + 1 }, (_, i) => `l${i}.payload=x`).join('&')));
    expect([many.id, many.message]).toEqual(['invalid_query_param', expect.stringContaining('200 parameters')]);
    expect(() => parseDynamicQuery(Array.from({ length: MAX_QUERY_PARAMS }, (_, i) => `l${i}.payload=x`).join('&'))).not.toThrow();
  });

  it('refuses a repeated parameter, a bad width and a conflicting path', () => {
    expect(refusal(() => parseDynamicQuery('a.payload=1&a.payload=2')).issues?.[0]).toMatchObject({
      path: 'a.payload',
      code: 'invalid_query_param',
    });
    expect(refusal(() => parseDynamicQuery('width=5')).issues?.[0]).toMatchObject({ path: 'width', code: 'out_of_range' });
    expect(refusal(() => parseDynamicQuery('width=12.5')).id).toBe('out_of_range');
    expect(refusal(() => parseDynamicQuery('a.b=1&a.b.c=2')).id).toBe('invalid_query_param');
    expect(refusal(() => parseDynamicQuery('format=png&image_file_type=jpeg')).id).toBe('invalid_query_param');
  });
});

describe('coerce', () => {
  it('reads booleans and numbers, keeps everything else as text', () => {
    expect([coerce('true'), coerce('false'), coerce('12'), coerce('-1.5'), coerce('#fff'), coerce('12px'), coerce('')]).toEqual([
      true,
      false,
      12,
      -1.5,
      '#fff',
      '12px',
      '',
    ]);
  });
});

describe('negotiateFileType', () => {
  const all = ['jpeg', 'png', 'webp', 'avif'];
  it('prefers webp, then avif, png, jpeg among the types the client names', () => {
    expect(negotiateFileType('image/avif,image/webp,image/apng,*/*;q=0.8', all)).toBe('webp');
    expect(negotiateFileType('image/avif', all)).toBe('avif');
    expect(negotiateFileType('image/png, image/jpeg;q=0.5', all)).toBe('png');
    expect(negotiateFileType('image/webp;q=0, image/jpeg', all)).toBe('jpeg');
  });
  it('leaves the design default when nothing specific is named', () => {
    expect(negotiateFileType('*/*', all)).toBeNull();
    expect(negotiateFileType(undefined, all)).toBeNull();
    expect(negotiateFileType('image/webp', ['jpeg'])).toBeNull();
  });
});

describe('variant keys', () => {
  const base = {
    designId: 'd',
    designVersion: 'v1',
    formatUid: 'U',
    overrides: { layers: { a: { payload: 'x', font_size: 2 } } },
    fileType: 'png',
    width: null,
  };
  it('are equal for equal inputs whatever the key order, and differ when any input does', () => {
    const same = variantHash({ ...base, formatUid: 'u', overrides: { layers: { a: { font_size: 2, payload: 'x' } } } });
    expect(variantHash(base)).toBe(same);
    for (const changed of [
      { designVersion: 'v2' },
      { fileType: 'jpeg' },
      { width: 100 },
      { overrides: { layers: { a: { payload: 'y' } } } },
    ]) {
      expect(variantHash({ ...base, ...changed })).not.toBe(same);
    }
    expect(canonicalJson({ b: 1, a: [{ d: 1, c: undefined }] })).toBe('{"a":[{"d":1}],"b":1}');
  });
  it('hash visitors so that the IP is not recoverable as text', () => {
    const h = visitorHash('img', '203.0.113.9', 'UA');
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(h).not.toContain('203');
    expect(visitorHash('img', '203.0.113.9', 'UA2')).not.toBe(h);
  });
});

describe('matchesEtag', () => {
  it('matches a listed tag, a weak form of it, and *', () => {
    expect(matchesEtag('"a", "b"', '"b"')).toBe(true);
    expect(matchesEtag('W/"b"', '"b"')).toBe(true);
    expect(matchesEtag('*', '"b"')).toBe(true);
    expect(matchesEtag('"c"', '"b"')).toBe(false);
    expect(matchesEtag(undefined, '"b"')).toBe(false);
  });
});
