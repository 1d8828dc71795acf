import {
  AD_NETWORKS,
  DELIVERY_OPTIONS,
  elementsJsonSchema,
  type GenerationRequestKind,
  generationFieldsJsonSchema,
  OUTPUT_OPTION_BOUNDS,
  PAGE_KEY_PATTERN,
} from '@pressroom/model';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { documented } from '../http/documented.js';
import { defineRoute, goneAfterRetention, idParams } from '../http/route.js';
import { acceptGeneration, checkGeneration } from '../services/generation.js';
import { parseGeneration } from '../services/generation-request.js';
import { readGenerationRequest } from '../services/generation-results.js';
import type { CallbackUrlCheck } from '../services/outbound-urls.js';
import { renderSync, type SyncRenderDeps } from '../services/sync-render.js';
import type { Workspace } from '../services/workspaces.js';
import { bannerResponse, generationError } from './banners.js';

export interface GenerationRouteDeps extends SyncRenderDeps {
  db: pg.Pool;
  /** Refuses a `callback_url` that can only reach a forbidden address, before anything is queued. */
  checkCallbackUrl: CallbackUrlCheck;
}

/** `GET /generation-request/<id>` (SDK `GenerationRequestStatus`): 202 while in progress, 200 once finalised. */
const generationRequestStatus = z.object({
  id: z.uuid(),
  is_finalized: z.boolean(),
  banners: z.array(bannerResponse).describe('The files generated so far, as GET /banners/<id> returns them.'),
  errors: z.array(generationError).describe('The formats that failed, and why.'),
});
/** What an asynchronous generation answers: the request to poll. */
const acceptedRequest = z.object({ generation_request_id: z.uuid() });

// Bodies stay unknown to the route schema: the request parser needs the design type, known only
// after lookup; each handler parses its body once (parseGeneration) and hands the service that.
// The document states `elements` from the property catalogue, with the widest rule of each
// property (the one checked before the design is known) and, in its description, where a layer
// type narrows it; the format(s), the callback and the fields each endpoint refuses from the
// model's parser (generationFieldsJsonSchema); the other fields depend on the design (docs/api.md).
const compressionLevel = bounded(
  'integer',
  'file_compression_level',
  'Output quality, 1-100, higher is better: jpeg/webp/avif quality, png zlib effort, mp4 CRF, gif palette size, html5 backup image quality; refused on pdf (docs/generation.md).',
);
const syncBody = documented(z.unknown(), {
  type: 'object',
  properties: {
    ...generationFieldsJsonSchema('sync'),
    elements: nullable(elementsJsonSchema('sync')),
    file_compression_level: compressionLevel,
  },
});
/** The vendor's option objects (docs/generation.md, "The vendor's request options"); unknown keys are refused. */
const vendorOptions = {
  file_compression_level: compressionLevel,
  video: nullable({
    type: 'object',
    additionalProperties: false,
    description: 'mp4 only.',
    properties: {
      fps: bounded('number', 'video.fps'),
    },
  }),
  gif: nullable({
    type: 'object',
    additionalProperties: false,
    description: 'gif only.',
    properties: {
      max_fps: bounded('number', 'gif.max_fps'),
      repeat: bounded('integer', 'gif.repeat'),
    },
  }),
  html5: nullable({
    type: 'object',
    additionalProperties: false,
    description: 'html5 only.',
    properties: {
      page_title: nullable({ type: 'string', minLength: 1, maxLength: OUTPUT_OPTION_BOUNDS['html5.page_title'].max }),
      click_tag: nullable({ type: 'string', format: 'uri' }),
      ad_network: nullable({ type: 'string', enum: [...AD_NETWORKS] }),
      include_backup_image: nullable({ type: 'boolean' }),
      repeat: bounded('integer', 'html5.repeat'),
    },
  }),
  print: nullable({
    type: 'object',
    additionalProperties: false,
    description: 'printer and printer_multipage designs only.',
    properties: {
      color_profile: nullable({ type: 'string', format: 'uuid' }),
      display_crop_marks: nullable({ type: 'boolean' }),
    },
  }),
};
const asyncBody = documented(z.unknown(), {
  type: 'object',
  properties: {
    ...generationFieldsJsonSchema('async'),
    elements: nullable(elementsJsonSchema('async')),
    // Animated designs only, each for one file type (docs/animation.md, "Delivery options").
    click_url: nullable({ type: 'string', format: 'uri', description: "html5 only: the value of the banner's clickTag." }),
    loop_count: nullable({
      type: 'integer',
      minimum: 1,
      maximum: DELIVERY_OPTIONS.loop_count.max,
      description: 'html5 only: plays of the timeline, within 30 s; the last stops at screenshot_at_s.',
    }),
    gif_max_width: nullable({
      type: 'integer',
      minimum: DELIVERY_OPTIONS.gif_max_width.min,
      maximum: DELIVERY_OPTIONS.gif_max_width.max,
      description: 'gif only: scale the GIF down to at most this width (default: the format size).',
    }),
    ...vendorOptions,
  },
});
const multipageBody = documented(z.unknown(), {
  type: 'object',
  required: ['pages'],
  properties: {
    pages: { type: 'object', propertyNames: { pattern: PAGE_KEY_PATTERN }, additionalProperties: nullable(elementsJsonSchema('async')) },
    ...generationFieldsJsonSchema('multipage'),
    print: vendorOptions.print,
  },
});

function nullable(schema: Record<string, unknown>): Record<string, unknown> {
  return { anyOf: [schema, { type: 'null' }] };
}

/** A vendor output option's number, nullable, within the bounds the model checks it against. */
function bounded(type: 'number' | 'integer', option: keyof typeof OUTPUT_OPTION_BOUNDS, description?: string): Record<string, unknown> {
  const { min, max } = OUTPUT_OPTION_BOUNDS[option];
  return nullable({ type, minimum: min, maximum: max, ...(description === undefined ? {} : { description }) });
}

export function generationRoutes(app: FastifyInstance, deps: GenerationRouteDeps): void {
  /** An asynchronous generation (formats, or a multipage PDF): its callback checked, then its jobs queued. */
  const queueGeneration = async (workspace: Workspace, designId: string, kind: Exclude<GenerationRequestKind, 'sync'>, body: unknown) => {
    await deps.checkCallbackUrl(body);
    const id = await acceptGeneration(deps, workspace, await parseGeneration(deps, workspace, designId, kind, body));
    return { generation_request_id: id };
  };

  defineRoute(app, {
    method: 'POST',
    url: '/banner-builder/:id/generate',
    operationId: 'generateImage',
    summary: 'Render one static image synchronously (10-second budget) and return its Banner.',
    tag: 'Generation',
    tier: null,
    params: idParams,
    body: syncBody,
    response: { status: 200, schema: bannerResponse },
    handler: async ({ workspace, params, body }) => {
      const parsed = await parseGeneration(deps, workspace, params.id, 'sync', body);
      return renderSync(deps, workspace, await checkGeneration(deps, workspace, parsed));
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/async/banner-builder/:id/generate',
    operationId: 'generateMultiFormatMedia',
    summary: 'Queue one render per format; poll GET /generation-request/<id> or receive NEW_BANNER_BATCH.',
    tag: 'Generation',
    tier: null,
    params: idParams,
    body: asyncBody,
    // The asynchronous endpoint answers a body that is not JSON as invalid_payload (docs/api.md).
    malformedJsonId: 'invalid_payload',
    response: {
      status: 200,
      schema: acceptedRequest,
      links: { getGenerationRequest: { operationId: 'getGenerationRequest', parameters: { id: '$response.body#/generation_request_id' } } },
    },
    handler: async ({ workspace, params, body }) => queueGeneration(workspace, params.id, 'async', body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/async/banner-builder/:id/generate-multipage-pdf',
    operationId: 'generateMultiPagePdf',
    summary: 'Queue one press-ready CMYK PDF of every page of a printer_multipage design, with per-page overrides.',
    tag: 'Generation',
    tier: null,
    params: idParams,
    body: multipageBody,
    response: { status: 200, schema: acceptedRequest },
    handler: async ({ workspace, params, body }) => queueGeneration(workspace, params.id, 'multipage', body),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/generation-request/:id',
    operationId: 'getGenerationRequest',
    summary: 'Poll a generation request: 202 while in progress, 200 once finalised, 410 after 7 days.',
    tag: 'Generation',
    tier: 'polling',
    params: idParams,
    errors: goneAfterRetention('generation_request_gone', 'request'),
    response: {
      status: 200,
      alsoStatuses: [202],
      schema: generationRequestStatus,
      links: { getFile: { operationId: 'getFile', parameters: { id: '$response.body#/banners/0/id' } } },
    },
    handler: async ({ workspace, params, reply }) => {
      const { finalized, body } = await readGenerationRequest(deps.db, deps.storage, workspace.id, params.id);
      reply.status(finalized ? 200 : 202);
      return body;
    },
  });
}
