import { z } from 'zod';

/**
 * Leaf validators. Each is a zod schema over `unknown` that chooses its public code itself
 * (invalid_payload, out_of_range with expected {min,max}), so the envelope never depends on
 * zod's own wording. `null` counts as absent: it changes nothing, like an unknown property.
 */

type Ctx = z.core.$RefinementCtx;

export function fail(ctx: Ctx, code: string, message: string, extra: { expected?: unknown; received?: unknown } = {}): never {
  ctx.addIssue({ code: 'custom', message, params: { code, ...extra } });
  return z.NEVER;
}

/** Wraps a schema so that an absent or null value is skipped and nested issues keep their paths. */
export function prop<T>(schema: z.ZodType<T>): z.ZodOptional<z.ZodType<T | undefined>> {
  return z
    .unknown()
    .transform((value, ctx): T | undefined => {
      if (value === undefined || value === null) return undefined;
      const result = schema.safeParse(value, { reportInput: true });
      if (result.success) return result.data;
      for (const issue of result.error.issues) ctx.addIssue({ ...issue } as z.core.$ZodRawIssue);
      return z.NEVER;
    })
    .optional() as unknown as z.ZodOptional<z.ZodType<T | undefined>>;
}

export interface Bounds {
  min?: number;
  max?: number;
  /** Exclusive lower bound (star_dimension > 0). */
  above?: number;
}

export function number(bounds: Bounds = {}): z.ZodType<number> {
  return z.unknown().transform((value, ctx) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) return fail(ctx, 'invalid_payload', 'must be a number', { received: value });
    const { min, max, above } = bounds;
    if ((min !== undefined && value < min) || (max !== undefined && value > max) || (above !== undefined && value <= above)) {
      const expected: Record<string, number> = {};
      if (min !== undefined) expected.min = min;
      if (above !== undefined) expected.min = above;
      if (max !== undefined) expected.max = max;
      const range = above !== undefined ? `above ${above}${max === undefined ? '' : ` and at most ${max}`}` : describe(min, max);
      return fail(ctx, 'out_of_range', `must be ${range}`, { expected, received: value });
    }
    return value;
  }) as z.ZodType<number>;
}

function describe(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `between ${min} and ${max}`;
  if (min !== undefined) return `at least ${min}`;
  return `at most ${max}`;
}

export function string(length: { min?: number; max?: number } = {}): z.ZodType<string> {
  return z.unknown().transform((value, ctx) => {
    if (typeof value !== 'string') return fail(ctx, 'invalid_payload', 'must be a string', { received: typeof value });
    const { min, max } = length;
    if ((min !== undefined && value.length < min) || (max !== undefined && value.length > max)) {
      const expected: Record<string, number> = {};
      if (min !== undefined) expected.min = min;
      if (max !== undefined) expected.max = max;
      return fail(ctx, 'out_of_range', `length must be ${describe(min, max)} characters`, { expected, received: value.length });
    }
    return value;
  }) as z.ZodType<string>;
}

export function boolean(): z.ZodType<boolean> {
  return z.unknown().transform((value, ctx) => {
    if (typeof value !== 'boolean') return fail(ctx, 'invalid_payload', 'must be true or false', { received: value });
    return value;
  }) as z.ZodType<boolean>;
}

export function oneOf<const T extends readonly (string | number | boolean)[]>(values: T): z.ZodType<T[number]> {
  return z.unknown().transform((value, ctx) => {
    if (!values.includes(value as T[number])) {
      return fail(ctx, 'invalid_payload', `must be one of ${values.map((v) => JSON.stringify(v)).join(', ')}`, { received: value });
    }
    return value as T[number];
  }) as z.ZodType<T[number]>;
}

export function httpUrl(): z.ZodType<string> {
  return z.unknown().transform((value, ctx) => {
    if (typeof value !== 'string' || !isHttpUrl(value)) return fail(ctx, 'invalid_payload', 'must be an http(s) URL', { received: value });
    return value;
  }) as z.ZodType<string>;
}

/**
 * The form of a webhook target, as the OpenAPI document states it and `httpsUrl` checks it: https,
 * a host name or dotted address, an optional port, path and query of URL characters (RFC 3986,
 * percent-escapes whole). Stricter than
 * what a URL parser takes (`https:host`, `*` in a host name), so what is documented is what is accepted.
 */
export const WEBHOOK_URL_PATTERN =
  "^https://[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?(:([0-9]{1,4}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?(/([A-Za-z0-9._~!$&'()*+,;=:@/-]|%[0-9A-Fa-f]{2})*)?(\\?([A-Za-z0-9._~!$&'()*+,;=:@/?-]|%[0-9A-Fa-f]{2})*)?$";
const WEBHOOK_URL = new RegExp(WEBHOOK_URL_PATTERN);
/** A webhook target's JSON Schema, as `httpsUrl` checks it (the pattern excludes U+0000 by itself). */
export const WEBHOOK_URL_JSON_SCHEMA: Readonly<Record<string, unknown>> = { type: 'string', format: 'uri', pattern: WEBHOOK_URL_PATTERN };

/** Webhook targets: deliveries are HTTPS only (docs/webhooks.md), so a plain-http target is refused up front. */
export function httpsUrl(): z.ZodType<string> {
  return z.unknown().transform((value, ctx) => {
    if (typeof value !== 'string' || !isHttpUrl(value) || !WEBHOOK_URL.test(value)) {
      return fail(ctx, 'invalid_payload', 'must be an https URL (webhooks are delivered over HTTPS only)', { received: value });
    }
    return value;
  }) as z.ZodType<string>;
}

export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

// Font ids are UUID-shaped; versions vary (the SDK's example is a v1 id), so only the shape is checked.
/** The shape as a JSON Schema pattern (the OpenAPI document states it). */
export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const UUID_SHAPE = new RegExp(UUID_PATTERN);

export function uuid(): z.ZodType<string> {
  return z.unknown().transform((value, ctx) => {
    if (typeof value !== 'string' || !UUID_SHAPE.test(value)) return fail(ctx, 'invalid_payload', 'must be a UUID', { received: value });
    return value.toLowerCase();
  }) as z.ZodType<string>;
}
