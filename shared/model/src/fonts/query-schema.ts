import { z } from 'zod';
import { AppError } from '../errors/app-error.js';
import { zodIssuesToFieldIssues } from '../errors/zod-issues.js';
import { FONTS_PER_PAGE_MAX, type FontSearchQuery } from './search.js';
import { FONT_CATEGORIES, FONT_STYLES, FONT_WEIGHTS, type FontWeight, isFontWeight } from './types.js';

/** Query strings carry text; turn a plain integer literal into a number and leave anything else for the schema to refuse. */
function integerParam(value: unknown): unknown {
  return typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
}

function rangeParam(min: number, max: number | undefined) {
  return z.preprocess(
    integerParam,
    z
      .number()
      .int()
      // The bounds checked below, stated for the JSON Schema (OpenAPI) of this parameter.
      .meta(max === undefined ? { minimum: min } : { minimum: min, maximum: max })
      .superRefine((value, ctx) => {
        if (value < min || (max !== undefined && value > max)) {
          ctx.addIssue({
            code: 'custom',
            message: max === undefined ? `must be at least ${min}` : `must be between ${min} and ${max}`,
            params: { code: 'out_of_range', expected: max === undefined ? { min } : { min, max }, received: value },
          });
        }
      }),
  );
}

/** An empty `?name=` means no name filter, not "names containing nothing". */
const optionalText = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().max(200).optional());

/**
 * The query string of GET /fonts. Unknown parameters are ignored, as on every listing. Error
 * codes: a weight off the 100–900 grid, an unknown category or style, or a non-integer is
 * `invalid_payload`; a page below 1 or per_page outside 1–200 is `out_of_range`.
 */
export const fontQuerySchema = z.object({
  name: optionalText,
  category: z.enum(FONT_CATEGORIES).optional(),
  weight: z
    .preprocess(
      integerParam,
      z
        .number()
        .meta({ enum: [...FONT_WEIGHTS] })
        .refine(isFontWeight, { message: `must be one of ${FONT_WEIGHTS.join(', ')}`, params: { code: 'invalid_payload' } })
        .transform((weight) => weight as FontWeight),
    )
    .optional(),
  style: z.enum(FONT_STYLES).optional(),
  page: rangeParam(1, undefined).optional(),
  per_page: rangeParam(1, FONTS_PER_PAGE_MAX).optional(),
});

/** Parses a raw query object (`request.query`) or throws the 400 AppError the envelope expects. */
export function parseFontQuery(raw: unknown): FontSearchQuery {
  const result = fontQuerySchema.safeParse(raw ?? {}, { reportInput: true });
  if (!result.success) throw AppError.fromIssues(zodIssuesToFieldIssues(result.error.issues));
  // Absent parameters stay absent (no `key: undefined`), so the result reads like the query.
  return Object.fromEntries(Object.entries(result.data).filter(([, value]) => value !== undefined)) as FontSearchQuery;
}
