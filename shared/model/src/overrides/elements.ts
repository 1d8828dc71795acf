import { z } from 'zod';
import { isPlainObject } from '../plain-object.js';
import type { OverrideContext } from './context.js';
import { layerSchema } from './layer.js';
import { fail } from './rules.js';
import type { LayerOverride, NormalisedOverrides } from './types.js';

export const VARS_KEY = 'vars';
export const ROOT_LAYER = 'root';
/**
 * Layer keys one generation request may name, over `elements` or every page together: far above
 * any design (the largest example has 36 layers), low enough that validating them is cheap.
 */
export const MAX_LAYER_KEYS = 1000;

/**
 * The `elements` override object of any generation endpoint (and each page of a multipage
 * request). Keys are layer names, `root` is the background, `vars` holds text variables.
 * Sync: every layer value must be an object. Async: a bare string value is tolerated and ignored.
 */
export function elementsSchema(context: OverrideContext): z.ZodType<NormalisedOverrides> {
  // Building the schema tree costs tens of milliseconds; there are only eight contexts.
  const key = `${context.designType}:${context.mode}`;
  let schema = cache.get(key);
  if (schema === undefined) {
    schema = buildElementsSchema(context);
    cache.set(key, schema);
  }
  return schema;
}

const cache = new Map<string, z.ZodType<NormalisedOverrides>>();

function buildElementsSchema(context: OverrideContext): z.ZodType<NormalisedOverrides> {
  const layer = layerSchema(context, { root: false });
  const root = layerSchema(context, { root: true });
  return z.unknown().transform((input, ctx) => {
    if (!isPlainObject(input)) return fail(ctx, 'invalid_payload', 'must be an object keyed by layer name', { received: describe(input) });
    const layers = Object.create(null) as Record<string, LayerOverride>;
    const vars = Object.create(null) as Record<string, string>;
    let failed = false;
    for (const [name, value] of Object.entries(input)) {
      if (value === null) continue;
      if (name === VARS_KEY) {
        failed = !collectVars(value, vars, ctx) || failed;
        continue;
      }
      if (typeof value === 'string' && context.mode === 'async') continue;
      if (!isPlainObject(value)) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'an element override must be an object of properties',
          params: { code: 'invalid_payload', received: describe(value) },
        });
        failed = true;
        continue;
      }
      const result = (name === ROOT_LAYER ? root : layer).safeParse(value, { reportInput: true });
      if (!result.success) {
        for (const issue of result.error.issues) ctx.addIssue({ ...issue, path: [name, ...issue.path] } as z.core.$ZodRawIssue);
        failed = true;
        continue;
      }
      layers[name] = result.data;
    }
    return failed ? z.NEVER : { layers, vars };
  }) as z.ZodType<NormalisedOverrides>;
}

function collectVars(value: unknown, into: Record<string, string>, ctx: z.core.$RefinementCtx): boolean {
  if (!isPlainObject(value)) {
    ctx.addIssue({ code: 'custom', path: [VARS_KEY], message: 'must be an object of strings', params: { code: 'invalid_payload' } });
    return false;
  }
  let ok = true;
  for (const [name, v] of Object.entries(value)) {
    if (typeof v === 'string') into[name] = v;
    else {
      ctx.addIssue({
        code: 'custom',
        path: [VARS_KEY, name],
        message: 'must be a string',
        params: { code: 'invalid_payload', received: describe(v) },
      });
      ok = false;
    }
  }
  return ok;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}
