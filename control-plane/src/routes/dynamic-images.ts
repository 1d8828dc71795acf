import { AppError, contentTypeOf, defaultFileType, FILE_TYPES_BY_DESIGN, isObjectNotFound } from '@pressroom/model';
import {
  dynamicVariantKey,
  findBanner,
  loadSigningSecrets,
  type ObjectStorage,
  SIGNATURE_PARAM,
  verifyDynamicSignature,
} from '@pressroom/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, type Registry } from 'prom-client';
import { z } from 'zod';
import { documented } from '../http/documented.js';
import { defineRoute, idParams, uuidParam } from '../http/route.js';
import {
  assertDynamicCapable,
  countDynamicEvent,
  findServedFormat,
  listDesignFormats,
  loadDesignDocument,
  presentDynamicImage,
  type ServedFormat,
  upsertDynamicImage,
} from '../services/dynamic-images.js';
import {
  canonicalJson,
  matchesEtag,
  negotiateFileType,
  parseDynamicQuery,
  THUMBNAIL_WIDTH,
  variantHash,
  visitorHash,
} from '../services/dynamic-images-plan.js';
import { parseGenerationBody } from '../services/generation-overrides.js';
import { decide } from '../services/rate-limit-plan.js';
import { countRequest } from '../services/rate-limits.js';
import { renderSync, renderSyncToKey, type SyncRenderDeps } from '../services/sync-render.js';

export interface DynamicImageRouteDeps extends SyncRenderDeps {
  storage: ObjectStorage;
  metrics: Registry;
  /** Base of the public URLs (config `dynamicImageBaseUrl`, else the public base URL). */
  baseUrl: string;
  globalPerSecond: number;
  maxAgeSeconds: number;
  staleSeconds: number;
  /** Test mode: at most `limit` requests per image in each fixed window (config; 10 per 1 s by default). */
  testModeThrottle: { limit: number; windowSeconds: number };
}

/** `enable_rate_limit`: generations per visitor per (fixed, clock-aligned) 24-hour window. */
export const VISITOR_GENERATIONS = 5;
const DAY_SECONDS = 24 * 60 * 60;

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

interface Validated {
  body: Record<string, unknown>;
  overrides: unknown;
  fileType: string;
}

/** How many validated queries a control plane remembers. */
const VALIDATED_QUERIES = 5000;

function remember<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > VALIDATED_QUERIES) map.delete(map.keys().next().value as K);
}

type Outcome = 'hit' | 'miss' | 'not_modified';

export function dynamicImageRoutes(app: FastifyInstance, deps: DynamicImageRouteDeps): void {
  const requests = new Counter({
    name: 'pressroom_dynamic_image_requests_total',
    help: 'Dynamic image requests answered with an image or 304, by outcome (hit, miss, not_modified).',
    labelNames: ['outcome'],
    registers: [deps.metrics],
  });
  const bandwidth = new Counter({
    name: 'pressroom_dynamic_image_bytes_total',
    help: 'Bytes of dynamic images sent, cache hits included, by outcome.',
    labelNames: ['outcome'],
    registers: [deps.metrics],
  });
  for (const outcome of ['hit', 'miss', 'not_modified'] as const) {
    requests.inc({ outcome }, 0);
    bandwidth.inc({ outcome }, 0);
  }
  /** One render per variant at a time in this process: concurrent misses share it. */
  const inFlight = new Map<string, Promise<Buffer>>();
  /** Queries already validated, by design version (bounded, least recently used dropped). */
  const validated = new Map<string, Validated>();

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
      const query = parseDynamicQuery(rawQuery);
      const served = await findServedFormat(deps.db, params.uid);
      if (!served) throw new AppError('template_not_found', 'No dynamic image serves this format.');
      if (!served.enable_production_mode) {
        const { limit, windowSeconds } = deps.testModeThrottle;
        const { count, retryAfter } = await countDynamicEvent(deps.db, served.id, 'image', windowSeconds);
        if (count > limit) {
          const per = windowSeconds === 1 ? 'second' : `${windowSeconds} seconds`;
          throw new AppError('request_rate_limited', `Test mode serves at most ${limit} requests per ${per} per image.`, {
            headers: { 'retry-after': String(retryAfter) },
          });
        }
      }
      if (served.require_signed_urls) {
        const secrets = await loadSigningSecrets(deps.db, served.workspace.id);
        if (!verifyDynamicSignature(secrets, served.format_uid, query.pairs, query.signature)) {
          throw new AppError('invalid_signature', `This image needs a valid signature of its query in the "${SIGNATURE_PARAM}" parameter.`);
        }
      }

      // The sync endpoint's own validation: the query is the `elements` of a sync request. Its
      // result is remembered per design version, so a hit does not load and re-parse the design.
      const allowed = FILE_TYPES_BY_DESIGN[served.design_type].filter((t) => t !== 'pdf');
      const askedType = query.fileType ?? negotiateFileType(request.headers.accept, allowed);
      const memoKey = canonicalJson([served.design_version, served.format_uid, askedType, query.elements]);
      let valid = validated.get(memoKey);
      if (valid === undefined) {
        const design = await loadDesignDocument(deps.db, served.design_id);
        if (!design) throw new AppError('template_not_found', 'No dynamic image serves this format.');
        const body = {
          template_format_name: served.format_name,
          elements: query.elements,
          ...(askedType === null ? {} : { image_file_type: askedType }),
        };
        const parsed = parseGenerationBody('sync', body, design, deps.ai);
        const fileType = parsed.fileType ?? defaultFileType(served.design_type, served.default_file_type);
        if (fileType === 'pdf') {
          throw AppError.fromIssues([
            { path: 'format', code: 'invalid_filetype', message: `a dynamic image is one of ${allowed.join(', ')}`, received: fileType },
          ]);
        }
        valid = { body, overrides: parsed.overrides, fileType };
        remember(validated, memoKey, valid);
      }
      const { body, fileType } = valid;

      const hash = variantHash({
        designId: served.design_id,
        designVersion: served.design_version,
        formatUid: served.format_uid,
        overrides: valid.overrides,
        fileType,
        width: query.width,
      });
      const etag = `"${hash.slice(0, 40)}"`;
      const headers = {
        etag,
        'cache-control': `public, max-age=${deps.maxAgeSeconds}, stale-while-revalidate=${deps.staleSeconds}`,
        ...(query.fileType === null ? { vary: 'Accept' } : {}),
      };
      if (matchesEtag(request.headers['if-none-match'], etag)) {
        requests.inc({ outcome: 'not_modified' });
        return send(reply, 304, { ...headers, ...timing() }, null, 'not_modified');
      }
      const key = dynamicVariantKey(served.workspace.id, served.design_id, hash, fileType);
      const cached = await deps.storage.get(key).catch((err: unknown) => {
        if (isObjectNotFound(err)) return null;
        throw err;
      });
      if (cached) return finish(reply, { ...headers, ...timing() }, fileType, cached, 'hit');

      let pending = inFlight.get(key);
      if (!pending) {
        await admitRender(deps, request, served);
        pending = inFlight.get(key);
      }
      if (!pending) {
        pending = renderVariant(deps, served, { body, fileType, width: query.width, key }).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      const bytes = await pending;
      return finish(reply, { ...headers, ...timing() }, fileType, bytes, 'miss');
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

/**
 * What a render costs before it starts: one of the visitor's generations (`enable_rate_limit`)
 * and one request of the workspace's global ceiling. A request that joins a render already under
 * way for the same variant pays neither.
 */
async function admitRender(deps: DynamicImageRouteDeps, request: FastifyRequest, served: ServedFormat): Promise<void> {
  if (served.enable_rate_limit) {
    const visitor = visitorHash(served.id, request.ip, request.headers['user-agent']);
    const { count, retryAfter } = await countDynamicEvent(deps.db, served.id, `visitor:${visitor}`, DAY_SECONDS);
    if (count > VISITOR_GENERATIONS) {
      throw new AppError('request_rate_limited', `Each visitor may generate ${VISITOR_GENERATIONS} variants of this image per 24 hours.`, {
        headers: { 'retry-after': String(retryAfter) },
      });
    }
  }
  const ceiling = decide(await countRequest(deps.db, served.workspace.id, [{ bucket: 'global', seconds: 1, limit: deps.globalPerSecond }]));
  if (ceiling.refusal) {
    throw new AppError(ceiling.refusal.id, ceiling.refusal.message, { headers: { 'retry-after': String(ceiling.refusal.retryAfter) } });
  }
}

/**
 * A cache miss: a sync render (credits are spent there) whose file ends up under the variant's
 * content key. The render worker encodes it, thumbnail included (`output_width`): this process
 * never touches pixels. Test mode keeps the render's Banner in the workspace and copies its file
 * to the key; production mode has the worker store the file at the key and record no Banner.
 */
async function renderVariant(
  deps: DynamicImageRouteDeps,
  served: ServedFormat,
  variant: { body: Record<string, unknown>; fileType: string; width: number | null; key: string },
): Promise<Buffer> {
  const body = { ...variant.body, image_file_type: variant.fileType };
  if (served.enable_production_mode) {
    await renderSyncToKey(deps, served.workspace, served.design_id, body, { width: variant.width, key: variant.key });
    return deps.storage.get(variant.key);
  }
  const presented = await renderSync(deps, served.workspace, served.design_id, body, { width: variant.width });
  const banner = await findBanner(deps.db, served.workspace.id, String(presented.id));
  if (!banner) throw new AppError('internal_server_error', 'The rendered file is gone.');
  const bytes = await deps.storage.get(banner.storage_key);
  await deps.storage.put(variant.key, bytes, {
    contentType: contentTypeOf(variant.fileType) ?? 'application/octet-stream',
    contentLength: bytes.length,
  });
  return bytes;
}
