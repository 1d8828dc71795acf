import { httpsUrl, prop, WEBHOOK_URL_JSON_SCHEMA } from '@pressroom/model';
import type { ObjectStorage } from '@pressroom/platform';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { documented } from '../http/documented.js';
import { defineRoute, goneAfterRetention, idParams } from '../http/route.js';
import { acceptExport, readExport } from '../services/exports.js';
import type { CallbackUrlCheck } from '../services/outbound-urls.js';

/** Files one export may pack; a bound on the request and on the job. */
export const MAX_EXPORT_IDS = 10_000;

const exportBody = z.object({
  ids: z.array(z.string()).min(1).max(MAX_EXPORT_IDS),
  callback_url: documented(prop(httpsUrl()), WEBHOOK_URL_JSON_SCHEMA),
});

const exportStatus = z.object({
  export_id: z.uuid(),
  status: z.enum(['pending', 'done', 'failed']),
  banner_ids: z.array(z.uuid()),
  archive_url: z.string().nullable(),
  archive_size: z.number().int().nullable(),
  error: z.string().nullable(),
  created_at_ts: z.number().int(),
  finished_at_ts: z.number().int().nullable(),
});

export function exportRoutes(
  app: FastifyInstance,
  deps: { db: pg.Pool; storage: ObjectStorage; checkCallbackUrl: CallbackUrlCheck },
): void {
  defineRoute(app, {
    method: 'POST',
    url: '/async/banners/export',
    operationId: 'exportBanners',
    summary: 'Queue a ZIP archive of generated files; NEW_EXPORT carries its download URL. Free of credits.',
    tag: 'Export',
    tier: 'write',
    body: exportBody,
    response: { status: 200, schema: z.object({ export_id: z.uuid() }) },
    handler: async ({ workspace, body }) => {
      await deps.checkCallbackUrl(body);
      return { export_id: await acceptExport(deps.db, workspace.id, body) };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/exports/:id',
    operationId: 'getExport',
    summary: 'Pressroom extension: the state of an export and, once done, its archive URL; 410 after 7 days.',
    tag: 'Export',
    tier: 'polling',
    params: idParams,
    errors: goneAfterRetention('export_gone', 'export'),
    response: { status: 200, schema: exportStatus },
    handler: async ({ workspace, params }) => readExport(deps.db, deps.storage, workspace.id, params.id),
  });
}
