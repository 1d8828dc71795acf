import { type FetchedBytes, findOutboundError, guardedFetchBytes } from '@pressroom/shared/outbound/index';
import { AssetFetchError } from '../tasks/failures.js';

export interface FetchAssetsOptions {
  maxBytes: number;
  timeoutMs: number;
  allowPrivateNetworks: boolean;
  signal: AbortSignal;
}

/**
 * Fetches every remote asset in Node through the guarded client, so Chromium only ever receives
 * bytes. The first failure fails the file with image_fetching_error naming the URL as given.
 */
export async function fetchAssets(urls: readonly string[], options: FetchAssetsOptions): Promise<Map<string, FetchedBytes>> {
  const entries = await Promise.all(
    urls.map(async (url) => {
      try {
        return [url, await guardedFetchBytes(url, { ...options, accept: 'image/*,*/*;q=0.8' })] as const;
      } catch (error) {
        if (options.signal.aborted) throw error;
        const reason = findOutboundError(error)?.reason ?? 'network';
        throw new AssetFetchError(`The image at ${url} could not be fetched (${reason.replaceAll('_', ' ')}).`, { cause: error });
      }
    }),
  );
  return new Map(entries);
}
