import { AppError } from '@pressroom/shared/errors/index';
import type { ObjectStorage } from '@pressroom/shared/storage/index';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { documented } from '../http/documented.js';
import { defineRoute, uuidParam } from '../http/route.js';
import { type CompletionListener, WaitTimeoutError } from '../services/completion-listener.js';
import { acceptAsyncGeneration, acceptSyncGeneration, type GenerationServiceDeps } from '../services/generation.js';
import { readGenerationRequest, readSyncOutcome, type SyncOutcome } from '../services/generation-results.js';

export interface GenerationRouteDeps extends GenerationServiceDeps {
  db: pg.Pool;
  storage: ObjectStorage;
  listener: CompletionListener;
  /** The sync budget (config `syncRenderTimeoutMs`). */
  syncTimeoutMs: number;
}

const designParams = z.object({ id: uuidParam });
const requestParams = z.object({ id: uuidParam });

// Bodies stay unknown here: the request parser needs the design type, known only after lookup.
// The document says only that a body is an object; its fields depend on the design (docs/api.md).
const generateBody = documented(z.unknown(), { type: 'object' });

export function generationRoutes(app: FastifyInstance, deps: GenerationRouteDeps): void {
  defineRoute(app, {
    method: 'POST',
    url: '/banner-builder/:id/generate',
    operationId: 'generateImage',
    summary: 'Render one static image synchronously (10-second budget) and return its Banner.',
    tag: 'Generation',
    tier: null,
    params: designParams,
    body: generateBody,
    handler: async ({ workspace, params, body }) => {
      const deadline = Date.now() + deps.syncTimeoutMs;
      const requestId = await acceptSyncGeneration(deps, workspace, params.id, body);
      let outcome: SyncOutcome;
      try {
        outcome = await deps.listener.waitFor(
          requestId,
          () => readSyncOutcome(deps.db, deps.storage, requestId),
          Math.max(1, deadline - Date.now()),
        );
      } catch (err) {
        if (err instanceof WaitTimeoutError) {
          throw new AppError('internal_server_error', `The render did not finish within ${deps.syncTimeoutMs / 1000} seconds.`, {
            cause: err,
          });
        }
        throw err;
      }
      if ('error' in outcome) throw outcome.error;
      return outcome.banner;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/async/banner-builder/:id/generate',
    operationId: 'generateMultiFormatMedia',
    summary: 'Queue one render per format; poll GET /generation-request/<id> or receive NEW_BANNER_BATCH.',
    tag: 'Generation',
    tier: null,
    params: designParams,
    body: generateBody,
    // The asynchronous endpoint answers a body that is not JSON as invalid_payload (docs/api.md).
    malformedJsonId: 'invalid_payload',
    response: {
      status: 200,
      schema: z.object({ generation_request_id: z.uuid() }),
      links: { getGenerationRequest: { operationId: 'getGenerationRequest', parameters: { id: '$response.body#/generation_request_id' } } },
    },
    handler: async ({ workspace, params, body }) => {
      const id = await acceptAsyncGeneration(deps, workspace, params.id, body);
      return { generation_request_id: id };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/generation-request/:id',
    operationId: 'getGenerationRequest',
    summary: 'Poll a generation request: 202 while in progress, 200 once finalised, 410 after 7 days.',
    tag: 'Generation',
    tier: 'polling',
    params: requestParams,
    response: {
      status: 200,
      schema: z.record(z.string(), z.unknown()),
      links: { getFile: { operationId: 'getFile', parameters: { id: '$response.body#/banners/0/id' } } },
    },
    handler: async ({ workspace, params, reply }) => {
      const { finalized, body } = await readGenerationRequest(deps.db, deps.storage, workspace.id, params.id);
      reply.status(finalized ? 200 : 202);
      return body;
    },
  });
}
