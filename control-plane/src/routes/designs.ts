import { AppError, sdkShapes, serializeDesignListItem, serializeFormatDetail } from '@pressroom/model';
import type { ObjectStorage } from '@pressroom/platform';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { paging, setTotalCount } from '../http/paging.js';
import { defineRoute } from '../http/route.js';
import { documentAsImport, designNotFound as notFound, readDesign, visibleDesign } from '../services/designs-document.js';
import { deleteDesign, moveDesign, renameDesign } from '../services/designs-edits.js';
import { listDesigns } from '../services/designs-list.js';
import { loadDesignRecord } from '../services/designs-records.js';
import {
  designAsImport,
  designNameResult,
  designParams,
  designRead,
  formatParams,
  listDesignsQuery,
  moveBody,
  readQuery,
  renameBody,
} from './designs-schemas.js';

/**
 * The flattened read's attribute `value` is a string, number or boolean (docs/designs-api.md, format detail; the
 * SDK refuses anything else), but a few properties are objects (illustration_properties,
 * mask_properties, per-corner radii). They travel as their JSON text until the design model's
 * serializer decides a flat form.
 */
export function scalarAttributeValues<T extends { elements: unknown[] }>(detail: T): T {
  for (const e of detail.elements as { attributes?: { value?: unknown }[] }[]) {
    for (const a of e.attributes ?? []) if (a.value !== null && typeof a.value === 'object') a.value = JSON.stringify(a.value);
  }
  return detail;
}

export function designRoutes(app: FastifyInstance, deps: { db: pg.Pool; storage: ObjectStorage; dynamicImageBase?: string }): void {
  const { db, storage } = deps;
  const dynamic = deps.dynamicImageBase === undefined ? {} : { dynamicImageBase: deps.dynamicImageBase };

  defineRoute(app, {
    method: 'GET',
    url: '/designs',
    operationId: 'listDesigns',
    summary: 'List the designs of the workspace, with filters, sorting and paging (X-Total-Count).',
    tag: 'Designs',
    tier: 'read',
    query: listDesignsQuery,
    response: {
      status: 200,
      schema: sdkShapes.DesignListItem,
      array: true,
      links: {
        getDesign: { operationId: 'getDesign', parameters: { id: '$response.body#/0/id' } },
        exportDesignAsImport: { operationId: 'exportDesignAsImport', parameters: { id: '$response.body#/0/id' } },
        renameDesign: { operationId: 'renameDesign', parameters: { id: '$response.body#/0/id' } },
        generateImage: { operationId: 'generateImage', parameters: { id: '$response.body#/0/id' } },
        generateMultiFormatMedia: { operationId: 'generateMultiFormatMedia', parameters: { id: '$response.body#/0/id' } },
      },
    },
    handler: async ({ workspace, query, reply }) => {
      const filters = {
        query: query.query,
        name: query.name,
        project: query.project,
        projectId: query.project_id,
        types: query.type,
        orientation: query.orientation,
        sizes: query.size,
        formats: query.format,
        updatedSince: query.updated_since,
        createdSince: query.created_since,
        sort: query.sort,
        order: query.order,
      };
      const { items, total } = await listDesigns(db, storage, workspace.id, filters, paging(query));
      setTotalCount(reply, total);
      return items.map(serializeDesignListItem);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/designs/:id',
    operationId: 'getDesign',
    summary: 'Read a design: formats, elements and variables (pages on multipage). i=advanced adds group layers.',
    tag: 'Designs',
    tier: 'read',
    params: designParams,
    query: readQuery,
    response: {
      status: 200,
      schema: designRead,
      links: {
        getDesignFormat: { operationId: 'getDesignFormat', parameters: { id: '$request.path.id', spec: '$response.body#/formats/0/uid' } },
      },
    },
    handler: async ({ workspace, params, query }) => {
      return readDesign(db, storage, workspace.id, params.id, { advanced: query.i === 'advanced', ...dynamic });
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/designs/:id/formats/:spec',
    operationId: 'getDesignFormat',
    summary: 'Read one format of a design (by name or uid), flattened; always the advanced view.',
    tag: 'Designs',
    tier: 'read',
    params: formatParams,
    response: { status: 200, schema: sdkShapes.DesignFormatDetail },
    handler: async ({ workspace, params }) => {
      const loaded = await loadDesignRecord(db, storage, workspace.id, params.id, dynamic);
      if (!loaded) throw notFound();
      const detail = serializeFormatDetail(loaded.record, params.spec, { resolveSource: loaded.resolveSource });
      if (!detail) throw new AppError('format_not_found', `The design has no format "${params.spec}".`);
      return scalarAttributeValues(detail);
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/designs/:id/project',
    operationId: 'moveDesign',
    summary: 'Move a design to another project of the workspace.',
    tag: 'Designs',
    tier: null,
    params: designParams,
    body: moveBody,
    response: { status: 200, schema: designNameResult },
    handler: async ({ workspace, params, body }) => {
      const moved = await moveDesign(db, workspace.id, params.id, body.project_id);
      if (!moved) throw notFound();
      if (moved === 'project_not_found') {
        throw new AppError('project_not_found', 'The destination is not a project of this workspace.', {
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
      return { project_id: moved.project_id, id: moved.id, name: moved.name };
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/designs/:id/name',
    operationId: 'renameDesign',
    summary: 'Rename a design (trimmed, 1 to 100 characters; names need not be unique).',
    tag: 'Designs',
    tier: null,
    params: designParams,
    body: renameBody,
    response: { status: 200, schema: designNameResult },
    handler: async ({ workspace, params, body }) => {
      const renamed = await renameDesign(db, workspace.id, params.id, body.name);
      if (!renamed) throw notFound();
      return { project_id: renamed.project_id, id: renamed.id, name: renamed.name };
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/designs/:id',
    operationId: 'deleteDesign',
    summary: 'Delete a design. There is no restore; files generated from it are kept.',
    tag: 'Designs',
    tier: null,
    params: designParams,
    response: { status: 200, schema: designNameResult },
    handler: async ({ workspace, params }) => {
      const deleted = await deleteDesign(db, workspace.id, params.id);
      if (!deleted) throw notFound();
      return { project_id: deleted.project_id, id: deleted.id, name: deleted.name };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/designs/:id/as-import',
    operationId: 'exportDesignAsImport',
    summary: 'Export a design as a payload for POST /designs/import/json (alpha).',
    tag: 'Design import',
    tier: 'write',
    params: designParams,
    response: { status: 200, schema: designAsImport },
    handler: async ({ workspace, params }) => {
      return documentAsImport(storage, (await visibleDesign(db, workspace.id, params.id)).document);
    },
  });
}
