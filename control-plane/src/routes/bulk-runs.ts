import {
  AppError,
  BULK_FORMAT_SEPARATOR,
  BULK_MAX_ROWS,
  BULK_MAX_SHEET_BYTES,
  BULK_RUN_STATUSES,
  BULK_SPECIAL_COLUMNS,
  httpsUrl,
  prop,
  WEBHOOK_URL_JSON_SCHEMA,
} from '@pressroom/model';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { documented } from '../http/documented.js';
import { pagingQuery, setTotalCount } from '../http/paging.js';
import { idParams, type Tier, taggedRoutes, uuidParam } from '../http/route.js';
import {
  type BulkRunDeps,
  type BulkRunResource,
  cancelBulkRun,
  createBulkRun,
  listWorkspaceBulkRuns,
  openBulkResults,
  presentBulkRun,
  readBulkRun,
} from '../services/bulk-runs.js';
import type { CallbackUrlCheck } from '../services/outbound-urls.js';

const TAG = 'Bulk (Pressroom extension)';

/** A JSON body carrying the largest sheet, base64 (4 characters per 3 bytes), with room for the rest. */
const BULK_BODY_LIMIT = Math.ceil((BULK_MAX_SHEET_BYTES * 4) / 3) + 1024 * 1024;

const cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);

const source = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('csv'),
    csv_encoded: z.base64().describe('The CSV or TSV file, base64 (UTF-8, with or without a BOM, or UTF-16 with its BOM).'),
  }),
  z.object({
    type: z.literal('csv_url'),
    url: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .describe('A CSV published at a public URL (e.g. a Google Sheet), fetched through the outbound guard.'),
  }),
  z.object({
    type: z.literal('rows'),
    rows: z
      .array(z.record(z.string().min(1).max(255), cell))
      .max(BULK_MAX_ROWS + 1)
      .describe(`JSON rows, header → value; at most ${BULK_MAX_ROWS}.`),
  }),
]);

const bulkBody = z.strictObject({
  source,
  mapping: z
    .record(z.string().min(1).max(255), z.string().min(1).max(512).nullable())
    .optional()
    .describe(`Column header → "<layer>.<property>", one of ${BULK_SPECIAL_COLUMNS.join(', ')}, or null to ignore the column.`),
  formats: z.array(z.string().min(1)).min(1).optional().describe('Format names; default: every format of the design.'),
  image_file_type: z.string().min(1).optional().describe("Default: the design's default file type."),
  callback_url: documented(prop(httpsUrl()), WEBHOOK_URL_JSON_SCHEMA).describe('BULK_RUN_FINISHED is sent here when the run ends.'),
});

const createQuery = z.object({
  validate_only: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true')
    .describe('true: check the sheet and answer the report; nothing runs and nothing is charged.'),
});

const listQuery = z.object({ design_id: uuidParam.optional(), ...pagingQuery });

export const bulkRunSchema = z.object({
  id: z.uuid(),
  design_id: z.uuid(),
  status: z.enum(BULK_RUN_STATUSES),
  row_count: z.number().int(),
  file_count: z.number().int(),
  rows: z.object({ done: z.number().int(), failed: z.number().int(), pending: z.number().int() }),
  formats: z.array(z.string()),
  created_at_ts: z.number().int(),
  finished_at_ts: z.number().int().nullable(),
  result_csv_url: z.string().nullable(),
  export_id: z.uuid().nullable(),
  archive_url: z.string().nullable(),
  error: z.string().nullable(),
  version: z.string(),
});

const validationReport = z.object({
  valid: z.literal(true),
  row_count: z.number().int(),
  file_count: z.number().int(),
  columns: z.record(z.string(), z.string().nullable()),
  credits_needed: z.number().int(),
  preview_rows: z
    .array(
      z.object({
        template_format_names: z.array(z.string()),
        image_file_type: z.string(),
        elements: z.record(z.string(), z.record(z.string(), z.unknown())),
      }),
    )
    .describe('The first rows, each as the body of a generation of that row (for a preview).'),
  version: z.string(),
});

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

export function bulkRunRoutes(app: FastifyInstance, deps: BulkRunDeps & { checkCallbackUrl: CallbackUrlCheck }): void {
  const route = taggedRoutes(app, TAG);
  /** A route on one run (`/bulk-runs/:id…`) that answers the run as `act` leaves it. */
  const runRoute = (
    spec: { method: 'GET' | 'POST'; url: string; operationId: string; summary: string; tier: Tier },
    act: (workspaceId: string, runId: string) => Promise<BulkRunResource>,
  ) =>
    route({
      ...spec,
      params: idParams,
      response: { status: 200, schema: bulkRunSchema },
      handler: async ({ workspace, params }) => act(workspace.id, params.id),
    });

  route({
    method: 'POST',
    url: '/designs/:id/bulk-runs',
    operationId: 'createBulkRun',
    summary: `Start a bulk run: one file per row and format from a CSV/TSV, a CSV URL or JSON rows (at most ${BULK_MAX_ROWS} rows); every row is checked first. 202 with the run; ?validate_only=true answers the report. Header Idempotency-Key makes a retry answer the same run. \`_format\` takes several formats joined by "${BULK_FORMAT_SEPARATOR}".`,
    tier: 'write',
    params: idParams,
    query: createQuery,
    body: bulkBody,
    bodyLimit: BULK_BODY_LIMIT,
    errors: {
      '409': 'idempotency_key_reused: the Idempotency-Key was sent with another body',
      '413': 'payload_too_large: the sheet is larger than 20 MB',
      '429': 'rate_limit_exceeded: not enough credits for every file',
    },
    response: {
      status: 202,
      alsoStatuses: [200],
      schema: z.union([bulkRunSchema, validationReport]),
      links: { getBulkRun: { operationId: 'getBulkRun', parameters: { id: '$response.body#/id' } } },
    },
    handler: async ({ workspace, params, query, body, request, reply }) => {
      const header = request.headers['idempotency-key'];
      const key = typeof header === 'string' ? header : null;
      if (key !== null && !IDEMPOTENCY_KEY.test(key))
        throw new AppError('invalid_payload', 'Idempotency-Key must be 1-255 printable ASCII characters.', {
          issues: [{ path: 'Idempotency-Key', code: 'invalid_payload', message: 'must be 1-255 printable ASCII characters' }],
        });
      await deps.checkCallbackUrl(body);
      const result = await createBulkRun(deps, workspace, params.id, body, { idempotencyKey: key, validateOnly: query.validate_only });
      reply.status(result.status);
      return 'report' in result ? result.report : presentBulkRun(deps.db, deps.storage, result.run);
    },
  });

  runRoute(
    {
      method: 'GET',
      url: '/bulk-runs/:id',
      operationId: 'getBulkRun',
      summary: 'Poll a bulk run: rows done, failed and pending; the result CSV and the ZIP once it has finished.',
      tier: 'polling',
    },
    (workspaceId, runId) => readBulkRun(deps.db, deps.storage, workspaceId, runId),
  );

  route({
    method: 'GET',
    url: '/bulk-runs',
    operationId: 'listBulkRuns',
    summary: 'List the bulk runs of the workspace, newest first (optionally of one design); X-Total-Count.',
    tier: 'read',
    query: listQuery,
    response: { status: 200, schema: bulkRunSchema, array: true },
    handler: async ({ workspace, query, reply }) => {
      const perPage = query.per_page ?? 25;
      const { runs, total } = await listWorkspaceBulkRuns(deps.db, deps.storage, workspace.id, {
        designId: query.design_id ?? null,
        limit: perPage,
        offset: ((query.page ?? 1) - 1) * perPage,
      });
      setTotalCount(reply, total);
      return runs;
    },
  });

  runRoute(
    {
      method: 'POST',
      url: '/bulk-runs/:id/cancel',
      operationId: 'cancelBulkRun',
      summary: 'Cancel a bulk run: rows not started are neither rendered nor charged; finished rows keep their files.',
      tier: 'write',
    },
    (workspaceId, runId) => cancelBulkRun(deps.db, deps.storage, workspaceId, runId),
  );

  route({
    method: 'GET',
    url: '/bulk-runs/:id/results.csv',
    operationId: 'getBulkRunResults',
    summary: 'The result CSV of a finished run: the input columns, then _status, _error and the file URL(s) of each row.',
    tier: 'read',
    params: idParams,
    raw: true,
    errors: { '409': 'bulk_run_not_finished: the run has not finished yet' },
    response: { status: 200, schema: z.string(), contentType: 'text/csv' },
    handler: async ({ workspace, params, reply }) => {
      const { stream, filename } = await openBulkResults(deps.db, deps.storage, workspace.id, params.id);
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="${filename}"`);
      return reply.send(stream);
    },
  });
}
