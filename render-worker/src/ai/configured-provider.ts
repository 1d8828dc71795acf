import type { RenderWorkerConfig } from '../config.js';
import { createHttpImageProvider, type ImageProvider } from './http-provider.js';

/** The images API of this worker's configuration; null when no operation uses it. */
export function createConfiguredProvider(config: RenderWorkerConfig): ImageProvider | null {
  if (config.aiTextToImageProvider !== 'http' && config.aiExpandProvider !== 'http') return null;
  if (!config.aiHttpBaseUrl) return null; // loadRenderWorkerConfig has refused this already
  return createHttpImageProvider({
    baseUrl: config.aiHttpBaseUrl,
    apiKey: config.aiHttpApiKey ?? null,
    allowPrivateProvider: config.aiHttpAllowPrivateNetworks,
    allowPrivateNetworks: config.outboundAllowPrivateNetworks,
    timeoutMs: config.aiHttpTimeoutMs,
    retry: { maxAttempts: config.aiHttpMaxAttempts, baseDelayMs: config.aiHttpRetryBaseMs, maxDelayMs: config.aiHttpRetryMaxDelayMs },
    concurrency: config.aiHttpConcurrency,
    maxResponseBytes: config.aiHttpMaxResponseBytes,
  });
}
