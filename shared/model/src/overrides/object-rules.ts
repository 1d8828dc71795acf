import { z } from 'zod';
import type { ObjectRuleName } from '../properties/entry.js';
import { muteLevel, readPadding } from '../properties/normalise.js';
import { overrideBounds } from '../properties/numeric.js';
import { DUOTONE_NAMES, type Padding } from '../properties/values.js';
import { stripUndefined } from './ai.js';
import { colorField } from './color-field.js';
import type { OverrideContext } from './context.js';
import { fail, number, oneOf, prop } from './rules.js';

/**
 * The override rules of the layer properties whose value is not one kind (objects, padding, a
 * boolean that also takes a level). The property catalogue (shared/model/src/properties/catalogue.ts)
 * names them in its entries (`OBJECT_RULE_NAMES`); every other override rule is derived from an
 * entry's kind.
 */

/** `"V H"` (vertical then horizontal) or one number for both; pixels, not negative. */
export function padding(): z.ZodType<Padding> {
  return z.unknown().transform((value, ctx) => {
    const read = typeof value === 'number' || typeof value === 'string' ? readPadding(value) : null;
    if (read === null) return fail(ctx, 'invalid_payload', 'must be a number or a string "vertical horizontal"', { received: value });
    const { vertical, horizontal } = read;
    if (vertical < 0 || horizontal < 0)
      return fail(ctx, 'out_of_range', 'padding must be at least 0', { expected: { min: 0 }, received: value });
    return { vertical, horizontal };
  }) as z.ZodType<Padding>;
}

export function maskProperties() {
  const corner = prop(number({ min: 0 }));
  const radius = z.unknown().transform((value, ctx) => {
    if (typeof value === 'number') {
      const r = number({ min: 0 }).safeParse(value);
      if (!r.success) return fail(ctx, 'out_of_range', 'must be at least 0', { expected: { min: 0 }, received: value });
      return value;
    }
    const r = z
      .object({ tl: corner, tr: corner, br: corner, bl: corner })
      .transform(stripUndefined)
      .safeParse(value, { reportInput: true });
    if (r.success) return r.data;
    for (const issue of r.error.issues) ctx.addIssue({ ...issue } as z.core.$ZodRawIssue);
    return z.NEVER;
  });
  return z.object({ radius: prop(radius), skew_y: prop(number(overrideBounds('mask_properties.skew_y'))) }).transform(stripUndefined);
}

export function filterProperties() {
  return z.object({ name: prop(oneOf(DUOTONE_NAMES)) }).transform(stripUndefined);
}

export function illustrationProperties(context: OverrideContext) {
  return z.object({ primary_color: prop(colorField('solid', context)) }).transform(stripUndefined);
}

/** Booleans (as a design read returns them) or a 0–1 level; normalised to a number. */
export function muted(): z.ZodType<number> {
  return z.unknown().transform((value, ctx) => {
    if (typeof value === 'boolean') return muteLevel(value);
    if (typeof value === 'number' && value >= 0 && value <= 1) return value;
    if (typeof value === 'number')
      return fail(ctx, 'out_of_range', 'must be between 0 and 1', { expected: { min: 0, max: 1 }, received: value });
    return fail(ctx, 'invalid_payload', 'must be a boolean or a number 0–1', { received: value });
  }) as z.ZodType<number>;
}

/** Each rule the catalogue names, by its name. */
export const OBJECT_RULES: Record<ObjectRuleName, (context: OverrideContext) => z.ZodType> = {
  padding,
  mask_properties: maskProperties,
  filter_properties: filterProperties,
  illustration_properties: illustrationProperties,
  muted,
};

type JsonSchema = Record<string, unknown>;
const orNull = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });

/**
 * The JSON Schema of each rule above, as the OpenAPI document states it (next to the rule it
 * describes, so the two change together). Null counts as absent wherever a rule is wrapped in
 * `prop`. A string is stated as a string: the rule's grammar uses JavaScript's `\s`, which a
 * contract tester's regex engine reads differently, and a schema narrower than the rule would
 * predict a refusal the API does not give.
 */
export const OBJECT_RULE_JSON_SCHEMAS: Record<ObjectRuleName, JsonSchema> = {
  padding: {
    anyOf: [
      { type: 'number', minimum: 0 },
      { type: 'string', description: 'one number, or two ("vertical horizontal"), neither negative' },
    ],
  },
  mask_properties: {
    type: 'object',
    properties: {
      radius: orNull({
        anyOf: [
          { type: 'number', minimum: 0 },
          {
            type: 'object',
            properties: Object.fromEntries(['tl', 'tr', 'br', 'bl'].map((k) => [k, orNull({ type: 'number', minimum: 0 })])),
          },
        ],
      }),
      skew_y: orNull({
        type: 'number',
        minimum: overrideBounds('mask_properties.skew_y').min,
        maximum: overrideBounds('mask_properties.skew_y').max,
      }),
    },
  },
  filter_properties: { type: 'object', properties: { name: orNull({ enum: [...DUOTONE_NAMES] }) } },
  illustration_properties: { type: 'object', properties: { primary_color: orNull({ type: 'string' }) } },
  muted: { anyOf: [{ type: 'boolean' }, { type: 'number', minimum: 0, maximum: 1 }] },
};
