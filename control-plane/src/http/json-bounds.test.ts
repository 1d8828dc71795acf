import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkJsonBounds, findUnstorableText, JSON_BOUNDS, MAY_HOLD_UNSTORABLE, STORABLE_TEXT_PATTERN } from './json-bounds.js';

const small = { maxDepth: 4, maxKeysPerObject: 3, maxMembers: 10, maxKeyLength: 8 };

describe('checkJsonBounds', () => {
  it('passes bodies inside every bound, including strings that hold JSON syntax', () => {
    expect(checkJsonBounds('{"a":{"b":[1,2,3]},"c":"}{][,\\"x\\":"}', small)).toBeNull();
    expect(checkJsonBounds('', small)).toBeNull();
    expect(checkJsonBounds('"just a string"', small)).toBeNull();
  });

  it('names the object that holds too many keys', () => {
    expect(checkJsonBounds('{"elements":{"a":{},"b":{},"c":{},"d":{}}}', small)).toMatchObject({
      path: 'elements',
      code: 'out_of_range',
      expected: { max: 3 },
    });
  });

  it('refuses nesting deeper than the bound at the path where it happens', () => {
    expect(checkJsonBounds('{"a":{"b":[[{"c":1}]]}}', small)).toMatchObject({
      path: 'a.b[0][0]',
      code: 'out_of_range',
      expected: { max: 4 },
    });
  });

  it('counts array items and keys across the whole body', () => {
    expect(checkJsonBounds(`{"ids":[${'1,'.repeat(20)}1]}`, small)).toMatchObject({
      path: 'ids',
      code: 'out_of_range',
      expected: { max: 10 },
    });
  });

  it('refuses a key longer than the bound; escaped quotes do not end a key', () => {
    expect(checkJsonBounds('{"abcdefghi":1}', small)).toMatchObject({ path: 'body', code: 'out_of_range' });
    expect(checkJsonBounds('{"a\\"b":{"x":1,"y":2,"z":3,"w":4}}', small)).toMatchObject({ path: '["a\\"b"]' });
  });

  it('leaves malformed text to JSON.parse', () => {
    expect(checkJsonBounds('{"a":', small)).toBeNull();
    expect(checkJsonBounds('{"unterminated', small)).toBeNull();
  });

  it('agrees with a walk of the parsed value on random JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        const text = JSON.stringify(value);
        const walked = walk(value, 0);
        const ok =
          walked.depth <= small.maxDepth &&
          walked.maxKeys <= small.maxKeysPerObject &&
          walked.members <= small.maxMembers &&
          walked.maxKeyLength <= small.maxKeyLength;
        expect(checkJsonBounds(text, small) === null).toBe(ok);
      }),
      { numRuns: 5000 },
    );
  });

  it('stops at the first excess of a stall body like the one of issue 10, without reading the rest', () => {
    // 100,000 layer names, then text that is not JSON at all: a scan that read past the 1,001st
    // key would meet the unterminated string and answer null instead of naming the bound.
    const names = Array.from({ length: 100_000 }, (_, i) => `"layer_${i}":{"payload":"x"}`).join(',');
    const text = `{"elements":{${names},"unterminated`;
    expect(checkJsonBounds(text)).toMatchObject({ path: 'elements', expected: { max: JSON_BOUNDS.maxKeysPerObject } });
    expect(checkJsonBounds(`{"elements":{"a":1,"unterminated`)).toBeNull();
  });

  it('counts an array that opens past the bound, even an empty one', () => {
    expect(checkJsonBounds(`{"x":[${'0,'.repeat(7)}0],"y":[]}`, small)).toMatchObject({ path: 'y', code: 'out_of_range' });
  });

  it('measures a key by its decoded length, so escapes do not count twice', () => {
    expect(checkJsonBounds(JSON.stringify({ '     \\  ': false }), small)).toBeNull();
    expect(checkJsonBounds(JSON.stringify({ 'abcdefg\\"': false }), small)).toMatchObject({ code: 'out_of_range' });
  });
});

describe('checkJsonBounds: a key given twice', () => {
  it('refuses it at the second one, in any object at any depth', () => {
    expect(checkJsonBounds('{"elements":{"title":{"payload":"A"},"title":{"color":"#fff"}}}')).toEqual({
      path: 'elements.title',
      code: 'invalid_payload',
      message: expect.stringContaining('"title" is given more than once'),
    });
    expect(checkJsonBounds('{"pages":[{"a":1},{"b":{"x":1,"y":2,"x":3}}]}')).toMatchObject({ path: 'pages[1].b.x' });
    expect(checkJsonBounds('{"a":1,"a":1}')).toMatchObject({ path: 'a', code: 'invalid_payload' });
  });

  it('compares keys as decoded, so an escape does not hide a repeat', () => {
    expect(checkJsonBounds('{"title":1,"\u0074itle":2}')).toMatchObject({ path: 'title' });
  });

  it('lets the same key appear in sibling and nested objects, and in strings', () => {
    expect(checkJsonBounds('{"elements":{"a":{"a":{"a":1}},"b":{"a":2}},"s":""a":1,"a":2","list":[{"a":1},{"a":2}]}')).toBeNull();
  });

  it('agrees with JSON.parse on random bodies: a repeat is refused exactly when parsing loses a value', () => {
    const key = fc.constantFrom('a', 'b', 'c', 'title');
    const leaf = fc.oneof(fc.integer(), fc.constant('"x"'), fc.constant('null'));
    const { node } = fc.letrec<{ node: string }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf.map(String),
        fc.array(fc.tuple(key, tie('node')), { maxLength: 4 }).map((members) => `{${members.map(([k, v]) => `"${k}":${v}`).join(',')}}`),
        fc.array(tie('node'), { maxLength: 3 }).map((items) => `[${items.join(',')}]`),
      ),
    }));
    fc.assert(
      fc.property(node, (text) => {
        const repeats = /"(\w+)":/.test(text) && hasRepeat(JSON.parse(text), text);
        expect(checkJsonBounds(text) !== null).toBe(repeats);
      }),
      { numRuns: 3000 },
    );
  });
});

/** Whether re-serialising the parsed value loses members: the count of `"key":` in the text exceeds the parsed value's keys. */
function hasRepeat(value: unknown, text: string): boolean {
  const keys = (v: unknown): number =>
    v === null || typeof v !== 'object'
      ? 0
      : Array.isArray(v)
        ? v.reduce((n: number, item) => n + keys(item), 0)
        : Object.entries(v).reduce((n, [, item]) => n + 1 + keys(item), 0);
  return (text.match(/"\w+":/g) ?? []).length > keys(value);
}

describe('findUnstorableText', () => {
  it('names the first key or string holding NUL or a lone surrogate, and says which', () => {
    expect(findUnstorableText({ name: 'a\u0000b' })).toMatchObject({
      path: 'name',
      code: 'invalid_payload',
      message: expect.stringContaining('U+0000'),
    });
    for (const lone of ['\ud800', '\udfff', '\ud83d', 'x\ud83dy', '\ude00\ud83d']) {
      expect(findUnstorableText({ layers: [{ properties: { payload: lone } }] })).toMatchObject({
        path: 'layers[0].properties.payload',
        message: expect.stringContaining('surrogate'),
      });
    }
    expect(findUnstorableText({ elements: { 'a\udc00': {} } })?.path).toBe('elements.a\udc00');
    expect(findUnstorableText('\ud800')?.path).toBe('body');
  });

  it('accepts whole surrogate pairs (emoji) and ordinary text', () => {
    expect(findUnstorableText({ name: 'sale \ud83d\ude00 ✓', list: ['\u{1F600}', 'é'], n: 1, b: null })).toBeNull();
  });

  it('is triggered by every escape that can decode to unstorable text', () => {
    for (const text of ['"\\u0000"', '"\\ud800"', '"\\uDFFF"', '"\\uD83D\\uDE00"']) expect(MAY_HOLD_UNSTORABLE.test(text), text).toBe(true);
    expect(MAY_HOLD_UNSTORABLE.test('"\\u00e9 \\u2028"')).toBe(false);
  });

  it('agrees with the OpenAPI pattern on well-formed strings (I-JSON: lone surrogates are stated in the description), and always triggers on raw text', () => {
    const utf16 = new RegExp(STORABLE_TEXT_PATTERN);
    const codePoints = new RegExp(STORABLE_TEXT_PATTERN, 'u');
    const wellFormed = (s: string) => !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 12 }),
      fc
        .array(fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff', '\ud83d\ude00', '\u0000', 'a', 'é'), { maxLength: 6 })
        .map((p) => p.join('')),
    );
    fc.assert(
      fc.property(text, (s) => {
        const storable = findUnstorableText(s) === null;
        if (wellFormed(s)) {
          expect(utf16.test(s)).toBe(storable);
          expect(codePoints.test(s)).toBe(storable);
        } else expect(storable).toBe(false);
        // The raw JSON text of a string that is not storable always triggers the walk.
        if (!storable) expect(MAY_HOLD_UNSTORABLE.test(JSON.stringify(s))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

function walk(value: unknown, depth: number): { depth: number; maxKeys: number; members: number; maxKeyLength: number } {
  const out = { depth, maxKeys: 0, members: 0, maxKeyLength: 0 };
  if (value === null || typeof value !== 'object') return out;
  out.depth = depth + 1;
  const entries = Array.isArray(value) ? value.map((v) => ['', v] as const) : Object.entries(value);
  if (Array.isArray(value)) out.members += Math.max(1, value.length);
  else {
    out.maxKeys = entries.length;
    out.members += entries.length;
    for (const [k] of entries) out.maxKeyLength = Math.max(out.maxKeyLength, k.length);
  }
  for (const [, v] of entries) {
    const w = walk(v, depth + 1);
    out.depth = Math.max(out.depth, w.depth);
    out.maxKeys = Math.max(out.maxKeys, w.maxKeys);
    out.members += w.members;
    out.maxKeyLength = Math.max(out.maxKeyLength, w.maxKeyLength);
  }
  return out;
}
