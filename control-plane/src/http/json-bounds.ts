import type { FieldIssue } from '@pressroom/model';
import { formatPath } from '@pressroom/model';

/**
 * The most work one JSON body may cause, checked on the raw text before `JSON.parse` runs, so a
 * hostile body costs a short scan rather than a parse and a validation of every member. The
 * figures are far above what a real request holds (the largest example design has 36 layers and
 * about 550 JSON values; an override body a few hundred) and are documented in docs/api.md.
 */
export const JSON_BOUNDS = {
  /** Nesting of objects and arrays. */
  maxDepth: 32,
  /** Keys of any one object (for example layer names in `elements`). */
  maxKeysPerObject: 1000,
  /** Object keys plus array items in the whole body. */
  maxMembers: 20_000,
  /** Length of one object key, in UTF-16 code units. */
  maxKeyLength: 1000,
} as const;

export type JsonBounds = { readonly [K in keyof typeof JSON_BOUNDS]: number };

interface Frame {
  array: boolean;
  /** Current key (objects) or index (arrays): the path segment of the value being read. */
  segment: string | number;
  keys: number;
  expectKey: boolean;
  /** An object's keys so far (decoded), to refuse one given twice; absent for arrays. */
  seen?: Set<string>;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;

/**
 * Pure: the first bound the body's text exceeds, as an envelope field issue, or null. Malformed
 * JSON is not this function's concern: it returns null and leaves the refusal to `JSON.parse`.
 * Linear in the text and stops at the first excess; string contents are skipped with `indexOf`.
 *
 * The same scan refuses a key given twice in one object (`invalid_payload` at the second one's
 * path), which only the text shows: `JSON.parse` keeps the last value, so the first one (a layer's
 * overrides in `elements`, say) would be accepted and have no effect.
 */
export function checkJsonBounds(text: string, bounds: JsonBounds = JSON_BOUNDS): FieldIssue | null {
  const stack: Frame[] = [];
  let members = 0;
  const pathOf = (depth: number) => formatPath(stack.slice(0, depth).map((f) => f.segment)) || 'body';
  const tooMany = (path: string, what: string, max: number): FieldIssue => ({
    path,
    code: 'out_of_range',
    message: `${what} exceeds the limit of ${max}`,
    expected: { max },
  });
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = stringEnd(text, i + 1);
      if (end < 0) return null;
      const top = stack[stack.length - 1];
      if (top && !top.array && top.expectKey) {
        top.expectKey = false;
        // The raw length bounds the decoded one from above; decode only when it matters.
        if (end - i - 1 > bounds.maxKeyLength && decodeKey(text.slice(i, end + 1)).length > bounds.maxKeyLength) {
          return {
            ...tooMany(pathOf(stack.length - 1), 'an object key', bounds.maxKeyLength),
            message: `an object key is longer than ${bounds.maxKeyLength} characters`,
          };
        }
        const key = decodeKey(text.slice(i, end + 1));
        top.segment = key;
        if (top.seen?.has(key)) return duplicateKeyIssue(pathOf(stack.length), key);
        top.seen?.add(key);
        top.keys += 1;
        members += 1;
        if (top.keys > bounds.maxKeysPerObject) {
          return tooMany(pathOf(stack.length - 1), 'the number of keys of this object', bounds.maxKeysPerObject);
        }
        if (members > bounds.maxMembers) return tooMany('', 'the number of values in the body', bounds.maxMembers);
      }
      i = end;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (stack.length >= bounds.maxDepth) return tooMany(pathOf(stack.length), 'nesting depth', bounds.maxDepth);
      const array = c === OPEN_ARRAY;
      stack.push(
        array ? { array, segment: 0, keys: 0, expectKey: false } : { array, segment: '', keys: 0, expectKey: true, seen: new Set() },
      );
      if (array) {
        // An array counts as one value even when empty; its later items count at each comma.
        members += 1;
        if (members > bounds.maxMembers) return tooMany(pathOf(stack.length - 1), 'the number of values in the body', bounds.maxMembers);
      }
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      stack.pop();
    } else if (c === COMMA) {
      const top = stack[stack.length - 1];
      if (!top) continue;
      if (top.array) {
        top.segment = (top.segment as number) + 1;
        members += 1;
        if (members > bounds.maxMembers) return tooMany(pathOf(stack.length - 1), 'the number of values in the body', bounds.maxMembers);
      } else top.expectKey = true;
    }
  }
  return null;
}

function duplicateKeyIssue(path: string, key: string): FieldIssue {
  return {
    path,
    code: 'invalid_payload',
    message: `the key ${JSON.stringify(key)} is given more than once in this object; JSON keeps only the last value, so the earlier one would have no effect`,
  };
}

/** Index of the closing quote of the string whose contents start at `from`, or -1. */
function stringEnd(text: string, from: number): number {
  let j = from;
  for (;;) {
    const k = text.indexOf('"', j);
    if (k < 0) return -1;
    let slashes = 0;
    while (text.charCodeAt(k - 1 - slashes) === BACKSLASH) slashes += 1;
    if (slashes % 2 === 0) return k;
    j = k + 1;
  }
}

function decodeKey(quoted: string): string {
  if (quoted.indexOf('\\') < 0) return quoted.slice(1, -1);
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return quoted.slice(1, -1);
  }
}

/**
 * Text Postgres cannot store: U+0000 (text and jsonb refuse it), and a UTF-16 surrogate that is
 * not half of a pair (jsonb refuses `\ud800`: "Unicode low surrogate must follow a high
 * surrogate"). Only a JSON `\u` escape can put either in a body, since the UTF-8 decoding of the
 * raw bytes replaces what is malformed. Every body and query value is checked before any field is
 * read (docs/api.md, "Request bounds").
 */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a body's raw text may hold unstorable text: an escaped NUL or surrogate (pairs too: the walk tells). */
export const MAY_HOLD_UNSTORABLE = /\\u(?:0000|[dD][89a-fA-F][0-9a-fA-F]{2})/;

/**
 * The rule as the OpenAPI document states it on every text parameter, body string and key: no
 * U+0000. A lone surrogate is left out of the pattern on purpose: JSON Schema validators whose
 * strings are Unicode scalar values (jsonschema-rs, which schemathesis uses; Go's) cannot compile
 * a pattern that names one, and drop the whole pattern. The document's description states that
 * bodies are I-JSON (RFC 7493), whose strings hold no lone surrogate; this check refuses them.
 */
export const STORABLE_TEXT_PATTERN = '^[^\\u0000]*$';

/** The refusal of a text Postgres cannot store, naming what it holds. */
function unstorableIssue(path: string, text: string): FieldIssue {
  const message = text.includes('\u0000')
    ? 'must not contain the NUL character (U+0000)'
    : 'must not contain a lone UTF-16 surrogate (U+D800 to U+DFFF not part of a pair)';
  return { path, code: 'invalid_payload', message };
}

/** The first key or string (depth first) Postgres cannot store, as an envelope field issue at its path; or null. */
export function findUnstorableText(value: unknown, path: PropertyKey[] = []): FieldIssue | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? unstorableIssue(formatPath(path) || 'body', value) : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    if (UNSTORABLE.test(key)) return unstorableIssue(formatPath([...path, key]), key);
    const found = findUnstorableText(item, [...path, Array.isArray(value) ? Number(key) : key]);
    if (found !== null) return found;
  }
  return null;
}
