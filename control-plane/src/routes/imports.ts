import {
  AppError,
  type Design,
  type FieldIssue,
  IMPORT_PAYLOAD_JSON_SCHEMA,
  IMPORT_STATUSES,
  importErrorSchema,
  importResultSchema,
  importWarningSchema,
  isCatalogueFont,
} from '@pressroom/model';
import type { ObjectStorage } from '@pressroom/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { documented } from '../http/documented.js';
import { defineRoute, idParams, repeatedQueryValue } from '../http/route.js';
import { refuseUnknownFonts, workspaceCatalogue } from '../services/font-lookup.js';
import { checkTarget, createImport, findImport, importNotFound, listImports, validateImport } from '../services/imports.js';
import { importLinks, NEXT_CHECK_AFTER_MS, serializeImport, serializeImportSummary } from '../services/imports-record.js';
import { planImport } from '../services/imports-request.js';

export interface ImportRouteDeps {
  db: pg.Pool;
  storage: ObjectStorage;
  publicBaseUrl: string;
  /** Lifetime of the presigned upload URLs; after it an unvalidated import reads as FAILED. */
  uploadWindowSeconds?: number;
  /** The remote sources of a planned design that do not answer, as `unreachable_src` issues (services/import-sources.ts). */
  checkSources?: (design: Design) => Promise<FieldIssue[]>;
}

const validateOnly = (request: FastifyRequest) => (request.query as Record<string, unknown> | undefined)?.validate_only === 'true';

/** One value of a parameter of this listing: sent twice it is `invalid_query_param` too (spec, "Design import"). */
const oneValue = z.unknown().transform((v, ctx): string => {
  if (typeof v === 'string') return v;
  ctx.addIssue({
    code: 'custom',
    message: Array.isArray(v) ? repeatedQueryValue(v.length) : 'must be a string',
    params: { code: 'invalid_query_param' },
  });
  return z.NEVER;
});

/** Integer Unix seconds, refused as `invalid_query_param` like docs/api.md says for this listing. */
const unixSeconds = documented(
  oneValue.transform((v, ctx) => {
    if (!/^\d{1,12}$/.test(v)) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be an integer Unix timestamp (seconds)',
        params: { code: 'invalid_query_param', received: v },
      });
      return z.NEVER;
    }
    return Number(v);
  }),
  { type: 'integer', minimum: 0, maximum: 999_999_999_999 },
);

export const listImportsQuery = z.object({
  status: documented(
    oneValue
      .superRefine((v, ctx) => {
        if (!(IMPORT_STATUSES as readonly string[]).includes(v)) {
          ctx.addIssue({
            code: 'custom',
            message: `must be one of ${IMPORT_STATUSES.join(', ')}`,
            params: { code: 'unknown_enum_value', expected: IMPORT_STATUSES, received: v },
          });
        }
      })
      .transform((v) => v as (typeof IMPORT_STATUSES)[number]),
    { type: 'string', enum: [...IMPORT_STATUSES] },
  ).optional(),
  created_after: unixSeconds.optional(),
  created_before: unixSeconds.optional(),
  limit: documented(
    oneValue.transform((v, ctx) => {
      const n = Number(v);
      if (!/^\d+$/.test(v) || n < 1 || n > 200) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be an integer from 1 to 200',
          params: { code: 'invalid_query_param', expected: { min: 1, max: 200 }, received: v },
        });
        return z.NEVER;
      }
      return n;
    }),
    { type: 'integer', minimum: 1, maximum: 200 },
  ).optional(),
});

/** An import's links: `validate` (until the upload window closes), `status`, and `dashboard` where there is one. */
const importLinksSchema = z.object({ validate: z.url().optional(), status: z.url(), dashboard: z.url().optional() });

/** What the record and a row of the list both say first (imports-record.ts). */
const importHead = {
  id: z.uuid(),
  name: z.string(),
  status: z.enum(IMPORT_STATUSES),
  created_at_ts: z.number().int(),
  validated_at_ts: z.number().int().nullable(),
};

/** `GET /designs/import/json/<id>`: the full record; `result` once DONE, `error` once FAILED. */
const importRecord = z.object({
  ...importHead,
  next_check_after_ms: z.number().int().nullable().describe('null once the import is DONE or FAILED.'),
  links: importLinksSchema,
  warnings: z.array(importWarningSchema),
  error: importErrorSchema.nullable(),
  result: importResultSchema.nullable(),
});

/** A row of `GET /designs/import/json`: warnings counted, error left out. */
const importSummary = z.object({
  ...importHead,
  warning_count: z.number().int(),
  links: importLinksSchema,
  result: importResultSchema.nullable(),
});

/** The answer of `PUT /designs/import/json/<id>`: the import, queued. */
const validatedImport = z.object({
  id: z.uuid(),
  status: z.enum(IMPORT_STATUSES),
  next_check_after_ms: z.number().int(),
  links: importLinksSchema,
});

/** The create answer (Abyssale's shape): the record's id, status and links, and the upload slots. */
const createdImport = z.object({
  id: z.uuid(),
  status: z.enum(['WAITING_FOR_VALIDATION', 'QUEUED']),
  links: importLinksSchema,
  uploads: z.array(
    z.object({
      target: z.literal('layer'),
      name: z.string(),
      page: z.string(),
      url: z.string(),
      fields: z.record(z.string(), z.string()),
      max_bytes: z.number().int(),
      expires_at_ts: z.number().int(),
    }),
  ),
});

export function importRoutes(app: FastifyInstance, deps: ImportRouteDeps): void {
  const { db, storage, publicBaseUrl } = deps;
  const windowSeconds = deps.uploadWindowSeconds ?? 3600;

  defineRoute(app, {
    method: 'POST',
    url: '/designs/import/json',
    operationId: 'createDesignImport',
    summary:
      'Import a design JSON document (alpha): 200 with one presigned form POST per upload slot. validate_only=true checks it, creates nothing and answers 204; strict=true fails the import on text_fit_failed.',
    tag: 'Design import',
    tier: (request) => (validateOnly(request) ? 'validation' : 'write'),
    query: z.object({ validate_only: z.enum(['true', 'false']).optional(), strict: z.enum(['true', 'false']).optional() }),
    body: documented(z.unknown(), IMPORT_PAYLOAD_JSON_SCHEMA),
    response: {
      status: 200,
      schema: createdImport,
      noContent: { status: 204, description: 'validate_only=true: the payload is valid; nothing was created.' },
      links: {
        getDesignImport: { operationId: 'getDesignImport', parameters: { id: '$response.body#/id' } },
        validateDesignImport: { operationId: 'validateDesignImport', parameters: { id: '$response.body#/id' } },
      },
    },
    handler: async ({ workspace, query, body, reply }) => {
      // A family the workspace uploaded is as known as a bundled one (docs/fonts.md).
      const fonts = await workspaceCatalogue(db, workspace.id);
      const plan = planImport(body, { knownFont: (name) => isCatalogueFont(fonts, name) });
      if (!plan.ok) throw AppError.fromIssues(plan.issues);
      await refuseUnknownFonts(db, workspace.id, body);
      await checkTarget(db, workspace.id, plan.target);
      // Last: it waits on the network. validate_only checks the same.
      const unreachable = (await deps.checkSources?.(plan.design)) ?? [];
      if (unreachable.length > 0) throw AppError.fromIssues(unreachable);
      if (query.validate_only === 'true') {
        reply.status(204);
        return undefined;
      }
      const created = await createImport(db, storage, workspace.id, { ...plan, windowSeconds, strict: query.strict === 'true' });
      return {
        id: created.row.id,
        status: created.status,
        links: importLinks(created.row, publicBaseUrl, new Date()),
        uploads: created.uploads,
      };
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/designs/import/json/:id',
    operationId: 'validateDesignImport',
    summary: 'Validate an import once every upload is done: it is queued for processing.',
    tag: 'Design import',
    tier: 'write',
    params: idParams,
    response: { status: 200, schema: validatedImport },
    handler: async ({ workspace, params }) => {
      const row = await validateImport(db, storage, workspace.id, params.id);
      // PUT never returns the dashboard link (docs/design-format.md).
      return {
        id: row.id,
        status: row.status,
        next_check_after_ms: NEXT_CHECK_AFTER_MS,
        links: importLinks(row, publicBaseUrl, new Date(), { dashboard: false }),
      };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/designs/import/json/:id',
    operationId: 'getDesignImport',
    summary: 'Poll an import: status, warnings, error and, once DONE, its result.',
    tag: 'Design import',
    tier: 'polling',
    params: idParams,
    response: { status: 200, schema: importRecord },
    handler: async ({ workspace, params }) => {
      const row = await findImport(db, workspace.id, params.id);
      if (!row) throw importNotFound(params.id);
      return serializeImport(row, publicBaseUrl, new Date());
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/designs/import/json',
    operationId: 'listDesignImports',
    summary: 'List JSON imports, newest first (status, created_after, created_before, limit 1-200).',
    tag: 'Design import',
    tier: 'read',
    query: listImportsQuery,
    response: {
      status: 200,
      schema: importSummary,
      array: true,
      links: { getDesignImport: { operationId: 'getDesignImport', parameters: { id: '$response.body#/0/id' } } },
    },
    handler: async ({ workspace, query }) => {
      const rows = await listImports(db, workspace.id, {
        status: query.status,
        createdAfter: query.created_after,
        createdBefore: query.created_before,
        limit: query.limit ?? 50,
      });
      const now = new Date();
      return rows.map((r) => serializeImportSummary(r, publicBaseUrl, now));
    },
  });
}
