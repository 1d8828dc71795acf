import { DESIGN_TYPES, type DesignType, importWarningSchema, sdkShapes } from '@pressroom/model';
import { z } from 'zod';
import { commaListPattern, documented, UUID_JSON_SCHEMA } from '../http/documented.js';
import { pagingQuery } from '../http/paging.js';
import { uuidParam } from '../http/route.js';

/** A query value the SDK sends comma-joined, or a client sends repeated: one flat list. */
const list = z.union([z.string(), z.array(z.string())]).transform((v) =>
  (Array.isArray(v) ? v : [v])
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter(Boolean),
);

/** `1080x1920` or `1080x1920px` (pixels), `210x297mm`, `8.5x11in` (print, compared in mm). */
const SIZE = /^(\d+(?:\.\d+)?)\s*[xX×]\s*(\d+(?:\.\d+)?)\s*(px|mm|in)?$/i;
/** One size as documented (JSON Schema patterns take no flags): the common spellings of SIZE. */
const SIZE_ITEM = '\\d+(\\.\\d+)?[xX×]\\d+(\\.\\d+)?(px|mm|in|PX|MM|IN)?';
const MM_PER_INCH = 25.4;

/** An ISO 8601 date or date-time; a bare date means midnight UTC (SDK docstring). */
const isoInstant = documented(
  z.string().transform((v, ctx) => {
    const ok = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(v.trim());
    const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(v.trim()) ? `${v.trim()}T00:00:00Z` : v.trim());
    if (!ok || Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'must be an ISO 8601 date or date-time', params: { code: 'invalid_payload', received: v } });
      return z.NEVER;
    }
    return date;
  }),
  {
    anyOf: [
      { type: 'string', format: 'date' },
      { type: 'string', format: 'date-time' },
    ],
  },
);

export const listDesignsQuery = z.object({
  query: z.string().optional(),
  name: z.string().optional(),
  project: z.string().optional(),
  project_id: z.uuid().optional(),
  type: documented(
    list
      .pipe(
        z.array(z.string()).superRefine((values, ctx) => {
          for (const v of values) {
            if (!(DESIGN_TYPES as readonly string[]).includes(v)) {
              ctx.addIssue({
                code: 'custom',
                message: `must be one of ${DESIGN_TYPES.join(', ')}`,
                params: { code: 'unknown_enum_value', expected: DESIGN_TYPES, received: v },
              });
            }
          }
        }),
      )
      .transform((v) => v as DesignType[]),
    { type: 'string', pattern: commaListPattern(DESIGN_TYPES.join('|')) },
  ).optional(),
  orientation: z.enum(['portrait', 'landscape', 'square']).optional(),
  size: documented(
    list.transform((values, ctx) =>
      values.map((v) => {
        const m = SIZE.exec(v);
        if (!m) {
          ctx.addIssue({
            code: 'custom',
            message: 'must be WIDTHxHEIGHT with an optional unit px, mm or in, e.g. 1080x1920 or 210x297mm',
            params: { code: 'invalid_payload', received: v },
          });
          return { width: 0, height: 0, unit: null };
        }
        const unit = m[3]?.toLowerCase();
        const scale = unit === 'in' ? MM_PER_INCH : 1;
        return {
          width: Number(m[1]) * scale,
          height: Number(m[2]) * scale,
          unit: unit === undefined ? null : unit === 'px' ? ('px' as const) : ('mm' as const),
        };
      }),
    ),
    { type: 'string', pattern: commaListPattern(SIZE_ITEM) },
  ).optional(),
  format: list.optional(),
  updated_since: isoInstant.optional(),
  created_since: isoInstant.optional(),
  sort: z.enum(['name', 'updated', 'created']).default('name'),
  order: z.enum(['asc', 'desc']).optional(),
  ...pagingQuery,
});

export const designParams = z.object({ id: uuidParam });
export const formatParams = designParams.extend({ spec: z.string().min(1) });
export const readQuery = z.object({ i: z.string().optional() });

export const moveBody = z.object({
  project_id: documented(
    z.string().superRefine((v, ctx) => {
      if (!z.uuid().safeParse(v).success)
        ctx.addIssue({ code: 'custom', message: 'must be a UUID', params: { code: 'invalid_payload', received: v } });
    }),
    UUID_JSON_SCHEMA,
  ),
});

/**
 * A name checked once trimmed, and stored trimmed: `min` (1 or 2) to 100 characters, so a name of
 * spaces, or one whose spaces made up its length, is out_of_range rather than stored shorter.
 * It is stored in Unicode NFC, so "Café" typed composed or decomposed is one name (a project's
 * uniqueness compares it).
 */
export function trimmedName(min: 1 | 2) {
  // A character String.prototype.trim keeps (ECMAScript WhiteSpace and LineTerminator spelled
  // out: `\s` differs between JavaScript and the Python regexes schemathesis generates from), and
  // not U+0000: the pattern states the storable rule too (one schema holds one `pattern`;
  // openapi.ts adds it only where a string has none).
  const nonSpace = '[^\\u0000\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]';
  const storable = '[^\\u0000]*';
  return documented(
    z.string().transform((v, ctx) => {
      const t = v.trim().normalize('NFC');
      if (t.length < min || t.length > 100) {
        ctx.addIssue({
          code: 'custom',
          message: `must be ${min} to 100 characters once trimmed`,
          params: { code: 'out_of_range', expected: { min, max: 100 }, received: t.length },
        });
      }
      return t;
    }),
    {
      type: 'string',
      minLength: min,
      maxLength: 100,
      pattern: min === 1 ? `^${storable}${nonSpace}${storable}$` : `^${storable}${nonSpace}${storable}${nonSpace}${storable}$`,
    },
  );
}

// Trimmed first, then 1 to 100 characters (SDK rename_design).
export const renameBody = z.object({ name: trimmedName(1) });

export const designNameResult = z.object({ id: z.uuid(), name: z.string(), project_id: z.uuid().optional() });

/** The design read (SDK `DesignDetail`; `MultipageDetail` for a printer_multipage design). */
export const designRead = z.union([sdkShapes.DesignDetail, sdkShapes.MultipageDetail]);

/** A design read with the warnings of the document that made it (PUT /designs/<id>/document). */
export const designReadWithWarnings = z.union([
  sdkShapes.DesignDetail.extend({ warnings: z.array(importWarningSchema) }),
  sdkShapes.MultipageDetail.extend({ warnings: z.array(importWarningSchema) }),
]);

/** A design as an import payload, and what the export could not carry over (GET /designs/<id>/as-import). */
export const designAsImport = z.object({
  payload: z
    .looseObject({ name: z.string(), type: z.enum(DESIGN_TYPES) })
    .describe("A design in Abyssale's import format, without target: a body for POST /designs/import/json (docs/design-format.md)."),
  warnings: z.array(importWarningSchema),
});
