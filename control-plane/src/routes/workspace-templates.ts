import { AppError, DESIGN_TYPES, type DesignType, sdkShapes, serializeCategory, serializeWorkspaceTemplate } from '@pressroom/model';
import type { ObjectStorage } from '@pressroom/platform';
import { withTransaction } from '@pressroom/platform';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { documented, UUID_JSON_SCHEMA } from '../http/documented.js';
import { defineRoute, goneAfterRetention, idParams } from '../http/route.js';
import {
  DUPLICATION_RETENTION_MS,
  findDuplication,
  listCategories,
  listTemplates,
  requestDuplication,
  serializeDuplication,
} from '../services/templates.js';
import { trimmedName } from './designs-schemas.js';

export const listTemplatesQuery = z.object({
  category_id: documented(
    z.string().superRefine((v, ctx) => {
      if (!z.uuid().safeParse(v).success)
        ctx.addIssue({ code: 'custom', message: 'must be a UUID', params: { code: 'invalid_payload', received: v } });
    }),
    UUID_JSON_SCHEMA,
  ).optional(),
  // An unknown type is ignored and the full list returned (docs/api.md).
  type: z
    .string()
    .optional()
    .transform((v) => ((DESIGN_TYPES as readonly string[]).includes(v ?? '') ? (v as DesignType) : undefined)),
});

export const useTemplateBody = z.object({
  project_id: documented(
    z.string().superRefine((v, ctx) => {
      if (!z.uuid().safeParse(v).success)
        ctx.addIssue({ code: 'custom', message: 'must be a UUID', params: { code: 'invalid_payload', received: v } });
    }),
    UUID_JSON_SCHEMA,
  ),
  name: trimmedName(1).optional(),
});

export function workspaceTemplateRoutes(app: FastifyInstance, deps: { db: pg.Pool; storage: ObjectStorage }): void {
  const { db, storage } = deps;

  defineRoute(app, {
    method: 'GET',
    url: '/workspace-templates',
    operationId: 'listWorkspaceTemplates',
    summary: 'List the workspace templates (filters: category_id, type).',
    tag: 'Workspace templates',
    tier: 'read',
    query: listTemplatesQuery,
    response: {
      status: 200,
      schema: sdkShapes.WorkspaceTemplate,
      array: true,
      links: { useWorkspaceTemplate: { operationId: 'useWorkspaceTemplate', parameters: { id: '$response.body#/0/id' } } },
    },
    handler: async ({ workspace, query }) => {
      const rows = await listTemplates(db, storage, workspace.id, { categoryId: query.category_id, type: query.type });
      return rows.map(serializeWorkspaceTemplate);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/workspace-template-categories',
    operationId: 'listWorkspaceTemplateCategories',
    summary: 'List the categories of workspace templates.',
    tag: 'Workspace templates',
    tier: 'read',
    response: { status: 200, schema: sdkShapes.WorkspaceTemplateCategory, array: true },
    handler: async ({ workspace }) => (await listCategories(db, workspace.id)).map(serializeCategory),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/workspace-templates/:id/use',
    operationId: 'useWorkspaceTemplate',
    summary: 'Duplicate a workspace template into a project, asynchronously; poll the duplication request.',
    tag: 'Workspace templates',
    tier: 'write',
    params: idParams,
    body: useTemplateBody,
    response: {
      status: 200,
      schema: sdkShapes.DuplicationRequest,
      links: {
        getDuplicationRequest: { operationId: 'getDuplicationRequest', parameters: { id: '$response.body#/duplication_request_id' } },
      },
    },
    handler: async ({ workspace, params, body }) => {
      const out = await withTransaction(db, (tx) =>
        requestDuplication(tx, workspace.id, params.id, { projectId: body.project_id, name: body.name }),
      );
      if (out === 'template') throw new AppError('workspace_template_not_found', 'No workspace template with this id.');
      if (out === 'project') {
        throw new AppError('project_not_found', 'The target project does not exist in this workspace.', {
          issues: [
            {
              path: 'project_id',
              code: 'project_not_found',
              message: 'no live project of this workspace has this id',
              received: body.project_id,
            },
          ],
        });
      }
      return { duplication_request_id: out.id };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/design-duplication-requests/:id',
    operationId: 'getDuplicationRequest',
    summary: 'Poll a template duplication: INIT, IN_PROGRESS, then COMPLETED or ERROR. Kept 7 days.',
    tag: 'Workspace templates',
    tier: 'polling',
    params: idParams,
    errors: goneAfterRetention('duplication_request_gone', 'request'),
    response: { status: 200, schema: sdkShapes.DuplicationRequestStatus },
    handler: async ({ workspace, params }) => {
      const row = await findDuplication(db, workspace.id, params.id);
      if (!row) throw new AppError('duplication_request_not_found', 'No duplication request with this id.');
      if (Date.now() - row.created_at.getTime() > DUPLICATION_RETENTION_MS) {
        throw new AppError('duplication_request_gone', 'This duplication request is older than 7 days and no longer kept.');
      }
      return serializeDuplication(row);
    },
  });
}
