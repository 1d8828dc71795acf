import { contentTypeOf, FILE_TYPES_BY_DESIGN } from '@pressroom/model';
import { counterFromZero, type ObjectStorage } from '@pressroom/platform';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Counter, Registry } from 'prom-client';
import { z } from 'zod';
import { documented } from '../http/documented.js';
import { defineRoute, idParams, uuidParam } from '../http/route.js';
import { parseDynamicQuery, THUMBNAIL_WIDTH } from '../services/dynamic-images/plan.js';
import { assertDynamicCapable, listDesignFormats, presentDynamicImage, upsertDynamicImage } from '../services/dynamic-images/resource.js';
import { type DynamicImageServeDeps, dynamicImageServer } from '../services/dynamic-images/serve.js';

export interface DynamicImageRouteDeps extends DynamicImageServeDeps {
  storage: ObjectStorage;
  metrics: Registry;
  /** Base of the public URLs (config `dynamicImageBaseUrl`, else the public base URL). */
  baseUrl: string;
}

const createBody = z.object({
  enable_rate_limit: z.boolean().optional(),
  enable_production_mode: z.boolean().optional(),
  /** Pressroom extension: the public URL must carry `s`, an HMAC of its query. */
  require_signed_urls: z.boolean().optional(),
});

const dynamicImage = z.object({
  id: z.uuid(),
  design_id: z.uuid(),
  formats: z.array(
    z.object({ id: z.string(), uid: z.uuid(), width: z.number(), height: z.number(), unit: z.literal('px'), dynamic_image_url: z.url() }),
  ),
  settings: z.object({ enable_rate_limit: z.boolean(), enable_production_mode: z.boolean(), require_signed_urls: z.boolean() }),
});

/**
 * The file types a dynamic image serves (a static design's, but no PDF), with the `jpg` alias, in
 * any case: what `checkFileType` takes, as a JSON Schema pattern (JSON Schema has no
 * case-insensitive flag).
 */
const SERVED_FILE_TYPE = {
  type: 'string',
  pattern: `^(${[...FILE_TYPES_BY_DESIGN.static.filter((t) => t !== 'pdf'), 'jpg']
    .map((t) => [...t].map((c) => `[${c}${c.toUpperCase()}]`).join(''))
    .join('|')})$`,
} as const;

// The handler parses the raw query itself (parseDynamicQuery); these schemas document what it takes.
const publicQuery = z.looseObject({
  format: documented(z.string().optional(), {
    ...SERVED_FILE_TYPE,
    description: 'jpeg, png, webp or avif, in any case (jpg reads as jpeg); absent: negotiated from Accept, else the design default.',
  }),
  image_file_type: documented(z.string().optional(), {
    ...SERVED_FILE_TYPE,
    description: 'Alias of format, as in the sync generation body.',
  }),
  width: documented(z.string().optional(), {
    type: 'integer',
    minimum: THUMBNAIL_WIDTH.min,
    maximum: THUMBNAIL_WIDTH.max,
    description: `Thumbnail width in pixels, ${THUMBNAIL_WIDTH.min} to ${THUMBNAIL_WIDTH.max} (never enlarged).`,
  }),
  s: z.string().optional().describe('HMAC-SHA256 of the query, when the dynamic image requires signed URLs (docs/dynamic-images.md).'),
});

const OUTCOMES = ['hit', 'miss', 'not_modified'] as const;
type Outcome = (typeof OUTCOMES)[number];

/** The dynamic image counters, by outcome; every outcome's series exists from the first scrape, at zero. */
export function dynamicImageMetrics(registry: Registry): { requests: Counter<'outcome'>; bandwidth: Counter<'outcome'> } {
  return {
    requests: counterFromZero(registry, {
      name: 'pressroom_dynamic_image_requests_total',
      help: 'Dynamic image requests answered with an image or 304, by outcome (hit, miss, not_modified).',
      labels: { outcome: OUTCOMES },
    }),
    bandwidth: counterFromZero(registry, {
      name: 'pressroom_dynamic_image_bytes_total',
      help: 'Bytes of dynamic images sent, cache hits included, by outcome.',
      labels: { outcome: OUTCOMES },
    }),
  };
}

export function dynamicImageRoutes(app: FastifyInstance, deps: DynamicImageRouteDeps): void {
  const { requests, bandwidth } = dynamicImageMetrics(deps.metrics);
  const serve = dynamicImageServer(deps);

  defineRoute(app, {
    method: 'POST',
    url: '/designs/:id/dynamic-image-url',
    operationId: 'createDynamicImageUrl',
    summary:
      "Create the design's dynamic image (201), or return the existing one (200), updating the flags that are sent. Static designs only.",
    tag: 'Dynamic images',
    tier: 'write',
    params: idParams,
    body: createBody,
    response: {
      status: 201,
      alsoStatuses: [200],
      schema: dynamicImage,
      description: 'Created (201); 200 with the same shape when the design already has one.',
    },
    handler: async ({ workspace, params, body, reply }) => {
      await assertDynamicCapable(deps.db, workspace.id, params.id);
      const { row, created } = await upsertDynamicImage(deps.db, workspace.id, params.id, body);
      reply.status(created ? 201 : 200);
      return presentDynamicImage(row, await listDesignFormats(deps.db, params.id), deps.baseUrl);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/i/:uid',
    operationId: 'getDynamicImage',
    summary:
      'Public, no API key: the image of one format with the query as overrides (layer.property=value), cached by content. See docs/dynamic-images.md.',
    tag: 'Dynamic images',
    auth: false,
    raw: true,
    params: z.object({ uid: uuidParam }),
    // Documentation of the options; the handler reads the raw query itself (overrides are
    // `layer.property=value` pairs of any name, see parseDynamicQuery).
    query: publicQuery,
    response: {
      status: 200,
      schema: z.string(),
      contentType: 'image/*',
      description:
        'The image (jpeg, png, webp or avif); 304 on a matching If-None-Match. Any `layer.property=value` parameter is an override.',
    },
    handler: async ({ params, request, reply }) => {
      const started = performance.now();
      const timing = () => ({ 'server-timing': `app;dur=${(performance.now() - started).toFixed(2)}` });
      const rawQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      const answer = await serve({
        formatUid: params.uid,
        query: parseDynamicQuery(rawQuery),
        accept: request.headers.accept,
        ifNoneMatch: request.headers['if-none-match'],
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      if (answer.outcome === 'not_modified') {
        requests.inc({ outcome: 'not_modified' });
        return send(reply, 304, { ...answer.headers, ...timing() }, null, 'not_modified');
      }
      return finish(reply, { ...answer.headers, ...timing() }, answer.fileType, answer.bytes, answer.outcome);
    },
  });

  function finish(reply: FastifyReply, headers: Record<string, string>, fileType: string, bytes: Buffer, outcome: Outcome) {
    requests.inc({ outcome });
    bandwidth.inc({ outcome }, bytes.length);
    return send(reply, 200, { ...headers, 'content-type': contentTypeOf(fileType) ?? 'application/octet-stream' }, bytes, outcome);
  }
}

function send(reply: FastifyReply, status: number, headers: Record<string, string>, bytes: Buffer | null, outcome: Outcome) {
  reply.status(status).headers({ ...headers, 'x-pressroom-cache': outcome });
  return reply.send(bytes ?? undefined);
}
