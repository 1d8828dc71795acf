import { z } from 'zod';
import { parseColor } from '../color/parse.js';
import { isGradient } from '../color/types.js';
import type { ColorKind } from './entry.js';
import type { DesignType, PropContext } from './layer-types.js';
import { NUMERIC_PROPERTIES, type NumericPropertyName } from './numeric.js';

/** What a property's validation depends on: the design type fixes units and color space. */
export function contextFor(designType: DesignType): PropContext {
  return { designType, print: designType === 'printer' || designType === 'printer_multipage' };
}

/**
 * One authorable property as the design parser uses it: its schema, its default (absent =
 * optional), and the help text reads show. Derived from the catalogue (properties/catalogue.ts).
 */
export interface PropSpec {
  schema: (ctx: PropContext) => z.ZodType;
  default?: unknown;
  /** Must be given in `properties` (there is no sensible default). */
  required?: boolean;
  help: string;
  color?: ColorKind;
}

export type PropTable = Record<string, PropSpec>;

function range(min: number, max: number, int: boolean) {
  return z.number().superRefine((v, ctx) => {
    if (!Number.isFinite(v)) {
      ctx.addIssue({ code: 'custom', message: 'must be a finite number', params: { code: 'invalid_payload' } });
    } else if (v < min || v > max) {
      ctx.addIssue({
        code: 'custom',
        message: `must be between ${min} and ${max}`,
        params: { code: 'out_of_range', expected: { min, max }, received: v },
      });
    } else if (int && !Number.isInteger(v)) {
      ctx.addIssue({ code: 'custom', message: 'must be an integer', params: { code: 'invalid_payload', received: v } });
    }
  });
}

/** A number whose design range is stated in the property catalogue (shared/src/properties). */
export const numeric = (name: NumericPropertyName) => (ctx: PropContext) => {
  const { min, max, unit } = NUMERIC_PROPERTIES[name].design as { min: number; max: number; unit?: 'integer' | 'length' };
  return range(min, max, unit === 'integer' || (unit === 'length' && !ctx.print));
};
/** A plain number in a range. */
export const num = (min: number, max: number) => () => range(min, max, false);
/** An integer in a range. */
export const int = (min: number, max: number) => () => range(min, max, true);
/** A length: integer pixels on RGB designs, a float in the physical unit (or points) on print. */
export const length = (min: number, max: number) => (ctx: PropContext) => range(min, max, !ctx.print);
export const bool = () => () => z.boolean();
export const oneOf =
  <const T extends readonly [string, ...string[]]>(values: T) =>
  () =>
    z.enum(values);
export const text = (min: number, max: number) => () => z.string().min(min).max(max);

export function colorSchema(kind: ColorKind, ctx: PropContext): z.ZodType<string> {
  return z.string().superRefine((value, issue) => {
    const parsed = parseColor(value);
    if (!parsed.ok) {
      issue.addIssue({ code: 'custom', message: parsed.refusal.message, params: { code: 'invalid_payload', received: value } });
      return;
    }
    if (!isGradient(parsed.color)) return;
    const allowed = kind === 'fill' || (kind === 'rgb-fill' && !ctx.print);
    if (!allowed) {
      const where = kind === 'solid' ? 'this property' : 'print designs (only shape and button backgrounds)';
      issue.addIssue({ code: 'custom', message: `a gradient is not accepted on ${where}`, params: { code: 'invalid_payload' } });
    } else if (ctx.print && parsed.color.stops.some((s) => s.opacity !== 1)) {
      issue.addIssue({ code: 'custom', message: 'print gradients take opaque stops only', params: { code: 'invalid_payload' } });
    }
  });
}

export const color = (kind: ColorKind, help: string, extra: Partial<PropSpec> = {}): PropSpec => ({
  schema: (ctx) => colorSchema(kind, ctx),
  help,
  color: kind,
  ...extra,
});

/**
 * A media reference: `asset:<name>`, an http(s) URL or a data URL. Whether the asset exists is
 * checked against the document once everything is parsed.
 */
export const source = () => () =>
  z.string().superRefine((v, ctx) => {
    if (!/^(asset:[\w.-]+|https?:\/\/\S+|data:[\w/+.-]+(;[\w=.-]+)*(;base64)?,\S*)$/.test(v)) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be asset:<name>, an http(s) URL or a data: URL',
        params: { code: 'invalid_payload', received: v },
      });
    }
  });

export const radius = () => () =>
  z.union([
    range(0, 10000, false),
    z.strictObject({ tl: range(0, 10000, false), tr: range(0, 10000, false), br: range(0, 10000, false), bl: range(0, 10000, false) }),
  ]);
