import { DOCUMENT_PAYLOAD_JSON_SCHEMA } from '@pressroom/model';
import { DESIGN_VERSION_MAKERS, findDesignVersion, listDesignVersions, type ObjectStorage } from '@pressroom/platform';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { documented } from '../http/documented.js';
import { defineRoute } from '../http/route.js';
import {
  documentAsImport,
  putDesignDocument,
  readDesign,
  restoreDesignVersion,
  versionNotFound,
  visibleDesign,
} from '../services/designs-document.js';
import { designAsImport, designParams, designRead, designReadWithWarnings } from './designs-schemas.js';

/** A version number in a path: 1 or more; anything else is not a route (404 endpoint_not_found). */
const versionParams = designParams.extend({
  number: documented(
    z
      .string()
      .regex(/^[1-9]\d{0,8}$/)
      .transform(Number),
    { type: 'integer', minimum: 1, maximum: 999_999_999 },
  ),
});

const versionSummary = z.object({
  number: z.number().int().min(1),
  created_at: z.number().int(),
  made_by: z.enum(DESIGN_VERSION_MAKERS),
  restored_from: z.number().int().nullable(),
  current: z.boolean(),
});

/**
 * Pressroom extensions (docs/designs-api.md, "Changing a design"): replace a design's document in
 * place, list its versions, read one as an import payload, restore one.
 */
export function designDocumentRoutes(app: FastifyInstance, deps: { db: pg.Pool; storage: ObjectStorage; dynamicImageBase: string }): void {
  const { db, storage } = deps;

  /** The design read (GET /designs/<id>) of a design just changed. */
  const read = (workspaceId: string, designId: string) =>
    readDesign(db, storage, workspaceId, designId, { advanced: false, dynamicImageBase: deps.dynamicImageBase });

  defineRoute(app, {
    method: 'PUT',
    url: '/designs/:id/document',
    operationId: 'putDesignDocument',
    summary:
      "Replace a design's content with a document in the import format, without target (Pressroom extension). Validated like an import; the id, project, format uids, dynamic image URLs and generated files stay; the previous document is kept as a version. 200 with the design read plus the import's warnings.",
    tag: 'Designs (Pressroom extension)',
    tier: 'write',
    params: designParams,
    body: documented(z.unknown(), DOCUMENT_PAYLOAD_JSON_SCHEMA),
    response: {
      status: 200,
      schema: designReadWithWarnings,
      links: {
        listDesignVersions: { operationId: 'listDesignVersions', parameters: { id: '$request.path.id' } },
        getDesign: { operationId: 'getDesign', parameters: { id: '$request.path.id' } },
      },
    },
    handler: async ({ workspace, params, body }) => {
      const { warnings } = await putDesignDocument(db, storage, workspace.id, params.id, body);
      return { ...(await read(workspace.id, params.id)), warnings };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/designs/:id/versions',
    operationId: 'listDesignVersions',
    summary:
      "A design's versions, newest first: number, created_at (Unix seconds), made_by (import, duplicate, put, restore), restored_from, current.",
    tag: 'Designs (Pressroom extension)',
    tier: 'read',
    params: designParams,
    response: {
      status: 200,
      schema: versionSummary,
      array: true,
      links: {
        getDesignVersion: { operationId: 'getDesignVersion', parameters: { id: '$request.path.id', number: '$response.body#/0/number' } },
      },
    },
    handler: async ({ workspace, params }) => {
      const row = await visibleDesign(db, workspace.id, params.id);
      const versions = await listDesignVersions(db, params.id);
      return versions.map((v) => ({ ...v, current: v.number === row.version }));
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/designs/:id/versions/:number',
    operationId: 'getDesignVersion',
    summary:
      'One version of a design as an import payload ({payload, warnings} like GET /designs/<id>/as-import), with its number and maker.',
    tag: 'Designs (Pressroom extension)',
    tier: 'read',
    params: versionParams,
    response: { status: 200, schema: versionSummary.extend(designAsImport.shape) },
    handler: async ({ workspace, params }) => {
      const row = await visibleDesign(db, workspace.id, params.id);
      const version = await findDesignVersion(db, params.id, params.number);
      if (!version) throw versionNotFound(params.number);
      const { document, ...summary } = version;
      const current = version.number === row.version;
      // The current version reads as the design is now (a rename changes the name, not the version).
      return { ...summary, current, ...(await documentAsImport(storage, current ? row.document : document)) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/designs/:id/versions/:number/restore',
    operationId: 'restoreDesignVersion',
    summary: "Make an older version the design's document again, as a new version (made_by restore). 200 with the design read.",
    tag: 'Designs (Pressroom extension)',
    tier: 'write',
    params: versionParams,
    response: { status: 200, schema: designRead },
    handler: async ({ workspace, params }) => {
      await restoreDesignVersion(db, workspace.id, params.id, params.number);
      return read(workspace.id, params.id);
    },
  });
}
