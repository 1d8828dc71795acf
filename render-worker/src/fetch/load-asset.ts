import type { Design, IllustrationType } from '@pressroom/model';
import { findOutboundError, IMAGE_PIXEL_BUDGET, resolveSource } from '@pressroom/model';
import type { ObjectStorage } from '@pressroom/platform';
import { guardedFetchBytes, libraryIllustration } from '@pressroom/platform';
import { AssetFetchError, RenderRefusedError } from '../tasks/failures.js';
import { toDrawable } from './drawable.js';
import { checkImageBudget } from './image-budget.js';
import type { Resource } from './resource.js';

/** Where a plan's asset comes from (the renderer's `AssetSource`). */
export type AssetSourceLike =
  | { kind: 'url'; url: string }
  | { kind: 'base64'; data: string; contentType: string | null }
  | { kind: 'design_asset'; name: string }
  | { kind: 'generated' }
  | { kind: 'library'; library: Exclude<IllustrationType, 'custom'>; name: string };

export type AssetLoader = (source: AssetSourceLike) => Promise<Resource | null>;

export interface AssetLoaderOptions {
  design: Pick<Design, 'assets' | 'type'>;
  storage: ObjectStorage;
  maxBytes: number;
  timeoutMs: number;
  allowPrivateNetworks: boolean;
  signal: AbortSignal;
}

/**
 * Turns plan asset sources into bytes, in Node, so Chromium only ever receives bytes. Remote
 * URLs go through the guarded client (address policy at connect time, every redirect re-checked,
 * size and time capped); a failure fails the file with image_fetching_error naming the URL as
 * given. Stored design assets come from object storage; an asset that cannot be found is drawn
 * without (null), as the renderer allows.
 */
export function createAssetLoader(options: AssetLoaderOptions): AssetLoader {
  const load = createSourceLoader(options, 'The image');
  const maxPixels = IMAGE_PIXEL_BUDGET[options.design.type];
  return async (source) => {
    const resource = await load(source);
    if (!resource) return null;
    // A request's own image (a URL or encoded bytes) meets the pixel budget an import applies to
    // uploads, from its header alone, before anything decodes it: a decompression bomb is the
    // request's fault and never reaches Chromium. Stored design assets were checked at import.
    if (source.kind === 'url' || source.kind === 'base64') {
      const budget = await checkImageBudget(resource.bytes, resource.contentType, maxPixels);
      if (!budget.ok) throw new RenderRefusedError(`${describeSource(source)}: ${budget.message}.`);
    }
    return toDrawable(resource);
  };
}

function describeSource(source: AssetSourceLike): string {
  if (source.kind !== 'url') return 'An encoded image';
  return source.url.startsWith('data:') ? 'An image data URL' : `The image at ${source.url}`;
}

/** Bytes of a video or audio layer's source, as they are: same guard, caps and classification. */
export type MediaLoader = (source: AssetSourceLike, layer: { name: string; type: 'video' | 'audio' }) => Promise<Resource | null>;

export function createMediaLoader(options: AssetLoaderOptions): MediaLoader {
  return (source, layer) => createSourceLoader(options, `The ${layer.type} of layer "${layer.name}"`)(source);
}

function createSourceLoader(options: AssetLoaderOptions, what: string): (source: AssetSourceLike) => Promise<Resource | null> {
  const fetchUrl = async (url: string): Promise<Resource> => {
    try {
      const got = await guardedFetchBytes(url, {
        maxBytes: options.maxBytes,
        timeoutMs: options.timeoutMs,
        allowPrivateNetworks: options.allowPrivateNetworks,
        signal: options.signal,
        accept: 'image/*,*/*;q=0.8',
      });
      return { bytes: got.bytes, contentType: got.contentType?.split(';')[0]?.trim() || 'application/octet-stream' };
    } catch (error) {
      if (options.signal.aborted) throw error;
      const reason = findOutboundError(error)?.reason ?? 'network';
      throw new AssetFetchError(`${what} at ${url} could not be fetched (${reason.replaceAll('_', ' ')}).`, { cause: error });
    }
  };
  const load = async (source: AssetSourceLike): Promise<Resource | null> => {
    if (source.kind === 'generated') return null; // drawn by text_to_image, nothing to fetch
    if (source.kind === 'library') return fromLibrary(source.library, source.name);
    if (source.kind === 'url') return fromDataUrl(source.url) ?? fetchUrl(source.url);
    if (source.kind === 'base64')
      return { bytes: Buffer.from(source.data, 'base64'), contentType: source.contentType ?? 'application/octet-stream' };
    const resolved = resolveSource(options.design, `asset:${source.name}`);
    const type = options.design.assets[source.name]?.content_type ?? 'application/octet-stream';
    switch (resolved.kind) {
      case 'url':
        return fetchUrl(resolved.url);
      case 'data':
        return fromDataUrl(resolved.url);
      case 'storage':
        return { bytes: await options.storage.get(resolved.key), contentType: type };
      default:
        return null;
    }
  };
  return load;
}

/** A named drawing of a shipped library; a name it does not have is refused, not drawn empty. */
function fromLibrary(library: Exclude<IllustrationType, 'custom'>, name: string): Resource {
  const bytes = libraryIllustration(library, name);
  if (bytes === null) throw new RenderRefusedError(`The illustration "${name}" is not in the ${library} library (docs/renderer.md).`);
  return { bytes, contentType: 'image/svg+xml' };
}

/** The bytes and type of a `data:` URL; null when it is not one. */
export function fromDataUrl(url: string): Resource | null {
  const m = /^data:([^;,]+)?((?:;[^;,]+)*?)(;base64)?,(.*)$/s.exec(url);
  if (!m) return null;
  const body = m[4] ?? '';
  return {
    bytes: m[3] ? Buffer.from(body, 'base64') : Buffer.from(decodeURIComponent(body), 'utf8'),
    contentType: m[1] ?? 'text/plain',
  };
}
