import { createHash } from 'node:crypto';
import { AppError, CONTENT_TYPE, OUTPUT_WIDTH_MAX, VARS_KEY } from '@pressroom/model';
import { SIGNATURE_PARAM } from '@pressroom/platform';

/**
 * The pure half of the public dynamic image route (docs/dynamic-images.md): the query string
 * becomes a sync generation body, the output options and the cache key. No I/O here.
 */

/** Longer queries are refused before anything is parsed. */
export const MAX_QUERY_BYTES = 8 * 1024;
export const MAX_QUERY_PARAMS = 200;
/** Bounds of the `width` thumbnail option, in pixels. */
export const THUMBNAIL_WIDTH = { min: 16, max: OUTPUT_WIDTH_MAX } as const;
/** Bumped when the bytes for the same inputs would change (renderer output, resize). */
export const CACHE_FORMAT = 2;

const OPTION_KEYS = new Set(['format', 'image_file_type', 'width', SIGNATURE_PARAM]);
/**
 * The generation body's format fields: a dynamic image URL is one format's (its uid), so one of
 * these would not change what is drawn, and is refused rather than ignored as a utm_ tag is.
 */
const FORMAT_KEYS = new Set(['template_format_name', 'template_format_names']);
/** Properties whose value is always text, even when it looks like a number or a boolean. */
const TEXT_PROPERTIES = new Set(['payload']);
const NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

export interface DynamicQuery {
  /** Every parameter as sent, in order (the signature covers them all but `s`). */
  pairs: [string, string][];
  signature: string | null;
  /** The `elements` object of a sync request, built from `layer.property=value` parameters. */
  elements: Record<string, Record<string, unknown>>;
  /** `format` or `image_file_type` as sent; null: negotiated from Accept. */
  fileType: string | null;
  width: number | null;
}

/** Splits the raw query (after `?`); refuses oversized queries and repeated parameters. */
export function parseDynamicQuery(rawQuery: string): DynamicQuery {
  if (Buffer.byteLength(rawQuery, 'utf8') > MAX_QUERY_BYTES) {
    throw new AppError('invalid_query_param', `The query string is longer than ${MAX_QUERY_BYTES} bytes.`);
  }
  const pairs = [...new URLSearchParams(rawQuery)];
  if (pairs.length > MAX_QUERY_PARAMS) {
    throw new AppError('invalid_query_param', `The query string has more than ${MAX_QUERY_PARAMS} parameters (${pairs.length}).`);
  }
  const seen = new Set<string>();
  const elements: DynamicQuery['elements'] = Object.create(null);
  let signature: string | null = null;
  let fileType: string | null = null;
  let width: number | null = null;
  for (const [key, value] of pairs) {
    if (seen.has(key)) throw queryIssue(key, `appears more than once`, value);
    seen.add(key);
    if (key === SIGNATURE_PARAM) signature = value;
    else if (key === 'format' || key === 'image_file_type') {
      if (fileType !== null && fileType !== value) throw queryIssue(key, 'format and image_file_type disagree', value);
      fileType = value;
    } else if (key === 'width') width = parseWidth(value);
    else if (FORMAT_KEYS.has(key))
      throw queryIssue(key, "a dynamic image URL draws its own format: use that format's dynamic_image_url", value);
    else if (!OPTION_KEYS.has(key) && key.includes('.')) addOverride(elements, key, value);
    // Any other parameter (utm_source, a cache buster) is ignored and not part of the cache key.
  }
  return { pairs, signature, elements, fileType, width };
}

function parseWidth(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < THUMBNAIL_WIDTH.min || n > THUMBNAIL_WIDTH.max) {
    throw AppError.fromIssues([
      {
        path: 'width',
        code: 'out_of_range',
        message: `must be a whole number of pixels between ${THUMBNAIL_WIDTH.min} and ${THUMBNAIL_WIDTH.max}`,
        expected: { ...THUMBNAIL_WIDTH },
        received: value,
      },
    ]);
  }
  return n;
}

/** `layer.property[.sub]=value` into `elements[layer][property][sub]`; `vars.name` stays text. */
function addOverride(elements: DynamicQuery['elements'], key: string, value: string): void {
  const [layer, ...path] = key.split('.');
  if (!layer || path.length === 0 || path.some((p) => p === '')) throw queryIssue(key, 'must be layer.property', value);
  if (elements[layer] === undefined) elements[layer] = Object.create(null) as Record<string, unknown>;
  let node: Record<string, unknown> = elements[layer];
  for (const segment of path.slice(0, -1)) {
    const next = node[segment];
    if (next !== undefined && (typeof next !== 'object' || next === null)) throw queryIssue(key, 'conflicts with another parameter', value);
    if (next === undefined) node[segment] = Object.create(null) as Record<string, unknown>;
    node = node[segment] as Record<string, unknown>;
  }
  const property = path[path.length - 1]!;
  if (Object.hasOwn(node, property)) throw queryIssue(key, 'conflicts with another parameter', value);
  node[property] = layer === VARS_KEY || TEXT_PROPERTIES.has(property) ? value : coerce(value);
}

/**
 * A query value is text; the override catalogue is typed. `true`/`false` become booleans and
 * numbers become numbers, except for text properties, so `title.payload=42` stays the text "42".
 */
export function coerce(value: string): string | number | boolean {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (NUMBER.test(value)) return Number(value);
  return value;
}

function queryIssue(path: string, message: string, received: string): AppError {
  return AppError.fromIssues([{ path, code: 'invalid_query_param', message, received }]);
}

// WebP first: it encodes in a fraction of AVIF's time and every browser that sends image/avif
// also accepts image/webp.
const ACCEPT_ORDER = (['webp', 'avif', 'png', 'jpeg'] as const).map((fileType) => [CONTENT_TYPE[fileType], fileType] as const);

/**
 * The file type from `Accept` when no format is asked for: the first of webp, avif, png, jpeg the
 * client names explicitly (q > 0); null leaves the design's default. `*\/*` names none.
 */
export function negotiateFileType(accept: string | undefined, allowed: readonly string[]): string | null {
  if (!accept) return null;
  const named = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    named.set(type!.trim(), q ? Number(q.slice(2)) : 1);
  }
  for (const [mime, fileType] of ACCEPT_ORDER) {
    if ((named.get(mime) ?? 0) > 0 && allowed.includes(fileType)) return fileType;
  }
  return null;
}

/** JSON with sorted keys at every level: equal values, equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

export interface VariantInputs {
  designId: string;
  /** Changes whenever the design's document does (`designs.version`). */
  designVersion: string;
  formatUid: string;
  /** Normalised overrides, as the sync validator returned them. */
  overrides: unknown;
  fileType: string;
  width: number | null;
}

/** The content key of one variant: same inputs, same key, same stored bytes. */
export function variantHash(v: VariantInputs): string {
  return createHash('sha256')
    .update(canonicalJson([CACHE_FORMAT, v.designId, v.designVersion, v.formatUid.toLowerCase(), v.overrides, v.fileType, v.width]))
    .digest('hex');
}

/** A visitor: a hash of the image, IP and User-Agent; the IP and User-Agent are never stored. */
export function visitorHash(dynamicImageId: string, ip: string, userAgent: string | undefined): string {
  return createHash('sha256')
    .update(`${dynamicImageId}\n${ip}\n${userAgent ?? ''}`)
    .digest('hex');
}

/** `If-None-Match` against a strong ETag: `*`, or any listed tag equal to it (weak prefix ignored). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
