import { AppError, contentTypeOf, FILE_TYPES_BY_DESIGN, isObjectNotFound } from '@pressroom/model';
import { dynamicVariantKey, findBanner, loadSigningSecrets, SIGNATURE_PARAM, verifyDynamicSignature } from '@pressroom/platform';
import { type CheckedGeneration, checkGeneration } from '../generation.js';
import { parseGeneration } from '../generation-request.js';
import { decide } from '../rate-limit-plan.js';
import { countRequest } from '../rate-limits.js';
import { renderSync, renderSyncToKey, type SyncRenderDeps } from '../sync-render.js';
import { canonicalJson, type DynamicQuery, matchesEtag, negotiateFileType, variantHash, visitorHash } from './plan.js';
import { countDynamicEvent, findServedFormat, type ServedFormat } from './resource.js';

/**
 * Serving a dynamic image (docs/dynamic-images.md): the format's image with the query as the
 * `elements` of a sync request. The test-mode throttle, the signature, the validated queries
 * remembered per design version, the cache by content, and one render per variant at a time
 * (single flight); the route only reads the request and writes the answer.
 */
export interface DynamicImageServeDeps extends SyncRenderDeps {
  globalPerSecond: number;
  maxAgeSeconds: number;
  staleSeconds: number;
  /** Test mode: at most `limit` requests per image in each fixed window (config; 10 per 1 s by default). */
  testModeThrottle: { limit: number; windowSeconds: number };
}

/** What the route read of one public request. */
export interface DynamicImageAsk {
  formatUid: string;
  query: DynamicQuery;
  accept: string | undefined;
  ifNoneMatch: string | undefined;
  ip: string;
  userAgent: string | undefined;
}

/** The answer: a 304 on a matching ETag, else the bytes, from the cache (`hit`) or a render (`miss`). */
export type DynamicImageAnswer =
  | { outcome: 'not_modified'; headers: Record<string, string> }
  | { outcome: 'hit' | 'miss'; headers: Record<string, string>; fileType: string; bytes: Buffer };

/** `enable_rate_limit`: generations per visitor per (fixed, clock-aligned) 24-hour window. */
export const VISITOR_GENERATIONS = 5;
const DAY_SECONDS = 24 * 60 * 60;

/** How many validated queries a control plane remembers. */
const VALIDATED_QUERIES = 5000;

function remember<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > VALIDATED_QUERIES) map.delete(map.keys().next().value as K);
}

/** One server per process: its memo of validated queries and its renders in flight are this process's. */
export function dynamicImageServer(deps: DynamicImageServeDeps): (ask: DynamicImageAsk) => Promise<DynamicImageAnswer> {
  /** One render per variant at a time in this process: concurrent misses share it. */
  const inFlight = new Map<string, Promise<Buffer>>();
  /** Queries already parsed and checked, by design version (bounded, least recently used dropped). */
  const validated = new Map<string, CheckedGeneration>();

  return async (ask) => {
    const { query } = ask;
    const served = await findServedFormat(deps.db, ask.formatUid);
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

    // The sync endpoint's own parse and checks: the query is the `elements` of a sync request.
    // The checked request is remembered per design version, so a hit neither loads nor parses again.
    const allowed = FILE_TYPES_BY_DESIGN[served.design_type].filter((t) => t !== 'pdf');
    const askedType = query.fileType ?? negotiateFileType(ask.accept, allowed);
    const memoKey = canonicalJson([served.design_version, served.format_uid, askedType, query.elements]);
    let checked = validated.get(memoKey);
    if (checked === undefined) {
      const body = {
        template_format_name: served.format_name,
        elements: query.elements,
        ...(askedType === null ? {} : { image_file_type: askedType }),
      };
      checked = await checkGeneration(
        deps,
        served.workspace,
        await parseGeneration(deps, served.workspace, served.design_id, 'sync', body),
      );
      const { fileType } = checked.accepted;
      if (fileType === 'pdf') {
        throw AppError.fromIssues([
          { path: 'format', code: 'invalid_filetype', message: `a dynamic image is one of ${allowed.join(', ')}`, received: fileType },
        ]);
      }
      remember(validated, memoKey, checked);
    }
    const { fileType, overrides } = checked.accepted;

    const hash = variantHash({
      designId: served.design_id,
      designVersion: served.design_version,
      formatUid: served.format_uid,
      overrides,
      fileType,
      width: query.width,
    });
    const etag = `"${hash.slice(0, 40)}"`;
    const headers = {
      etag,
      'cache-control': `public, max-age=${deps.maxAgeSeconds}, stale-while-revalidate=${deps.staleSeconds}`,
      ...(query.fileType === null ? { vary: 'Accept' } : {}),
    };
    if (matchesEtag(ask.ifNoneMatch, etag)) return { outcome: 'not_modified', headers };
    const key = dynamicVariantKey(served.workspace.id, served.design_id, hash, fileType);
    const cached = await deps.storage.get(key).catch((err: unknown) => {
      if (isObjectNotFound(err)) return null;
      throw err;
    });
    if (cached) return { outcome: 'hit', headers, fileType, bytes: cached };

    let pending = inFlight.get(key);
    if (!pending) {
      await admitRender(deps, ask, served);
      pending = inFlight.get(key);
    }
    if (!pending) {
      pending = renderVariant(deps, served, checked, { fileType, width: query.width, key }).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return { outcome: 'miss', headers, fileType, bytes: await pending };
  };
}

/**
 * What a render costs before it starts: one of the visitor's generations (`enable_rate_limit`)
 * and one request of the workspace's global ceiling. A request that joins a render already under
 * way for the same variant pays neither.
 */
async function admitRender(deps: DynamicImageServeDeps, ask: DynamicImageAsk, served: ServedFormat): Promise<void> {
  if (served.enable_rate_limit) {
    const visitor = visitorHash(served.id, ask.ip, ask.userAgent);
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
 * A cache miss: a sync render (credits are spent there) of the checked request, whose file ends
 * up under the variant's content key. The render worker encodes it, thumbnail included
 * (`output_width`): this process never touches pixels. Test mode keeps the render's Banner in the
 * workspace and copies its file to the key; production mode has the worker store the file at the
 * key and record no Banner.
 */
async function renderVariant(
  deps: DynamicImageServeDeps,
  served: ServedFormat,
  checked: CheckedGeneration,
  variant: { fileType: string; width: number | null; key: string },
): Promise<Buffer> {
  if (served.enable_production_mode) {
    await renderSyncToKey(deps, served.workspace, checked, { width: variant.width, key: variant.key });
    return deps.storage.get(variant.key);
  }
  const presented = await renderSync(deps, served.workspace, checked, { width: variant.width });
  const banner = await findBanner(deps.db, served.workspace.id, String(presented.id));
  if (!banner) throw new AppError('internal_server_error', 'The rendered file is gone.');
  const bytes = await deps.storage.get(banner.storage_key);
  await deps.storage.put(variant.key, bytes, {
    contentType: contentTypeOf(variant.fileType) ?? 'application/octet-stream',
    contentLength: bytes.length,
  });
  return bytes;
}
