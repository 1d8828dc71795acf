import { type ConfigOf, env, loadConfig, option } from '@pressroom/model';
import {
  aiModelOptions,
  databaseOptions,
  observabilityOptions,
  outboundOptions,
  storageOptions,
  workerStaleOptions,
} from '@pressroom/platform';

/** Every option of the control plane. Names are derived: `rateLimitReadPerMinute` → RATE_LIMIT_READ_PER_MINUTE. */
export const controlPlaneOptions = {
  port: option(env.int(0, 65535), '8080', 'HTTP port of the API.'),
  host: option(env.string(), '0.0.0.0', 'Interface the API listens on.'),
  bodyLimitBytes: option(
    env.int(1024),
    String(10 * 1024 * 1024),
    'Largest accepted request body, in bytes; larger bodies answer 413 payload_too_large.',
  ),
  requestTimeoutMs: option(
    env.int(0),
    '300000',
    'Longest time a client may take to send a whole request (headers and body); a slower one answers 408 in the error envelope (0: no limit).',
  ),
  importSourceCheckTimeoutMs: option(
    env.int(0, 60000),
    '5000',
    'POST /designs/import/json (and validate_only) probes every http(s) media source of the payload at once, through the outbound guard (a GET of its first byte); a source that has not answered within this many milliseconds, in all, is 400 unreachable_src at its path (0: no check).',
  ),
  bulkSheetFetchTimeoutMs: option(
    env.int(100),
    '30000',
    "Deadline of fetching a bulk run's `csv_url` sheet (docs/bulk.md), redirects and body included.",
  ),
  webhookTimeScale: option(env.number(0), '1', 'Multiplies the signing-secret overlap window (24 h); tests compress time with e.g. 0.001.'),
  syncRenderTimeoutMs: option(env.int(100), '10000', 'Hard cap of a synchronous generation (the 10-second budget).'),
  queueMetricsIntervalMs: option(
    env.int(0),
    '5000',
    'How often this control plane reads graphile-worker job counts into the pressroom_queue_jobs gauge (0: never; one reader per farm is enough).',
  ),
  rateLimitGlobalPerSecond: option(env.int(1), '10', 'Global ceiling: requests per second per workspace, every endpoint.'),
  rateLimitPollingPerMinute: option(env.int(1), '600', 'Polling tier budget per minute.'),
  rateLimitPollingPerHour: option(env.int(1), '18000', 'Polling tier budget per hour.'),
  rateLimitReadPerMinute: option(env.int(1), '120', 'Read tier budget per minute.'),
  rateLimitReadPerHour: option(env.int(1), '3000', 'Read tier budget per hour.'),
  rateLimitValidationPerMinute: option(env.int(1), '120', 'Validation tier budget per minute.'),
  rateLimitValidationPerHour: option(env.int(1), '2400', 'Validation tier budget per hour.'),
  rateLimitWritePerMinute: option(env.int(1), '60', 'Write tier budget per minute.'),
  rateLimitWritePerHour: option(env.int(1), '1200', 'Write tier budget per hour.'),
  ...creditOptions(),
  ...dynamicImageOptions(),
  ...aiModelOptions,
  ...databaseOptions,
  ...storageOptions,
  ...observabilityOptions,
  ...outboundOptions,
  ...workerStaleOptions,
};

function creditOptions() {
  return {
    creditsDefaultGrant: option(env.int(0), '1000', 'Generation credits granted to a new workspace.'),
    creditsDefaultAiGrant: option(env.int(0), '100', 'AI credits granted to a new workspace.'),
    creditCostImage: option(env.int(0), '1', 'Credits per generated static file (jpeg, png, webp, avif, pdf).'),
    creditCostAnimation: option(env.int(0), '5', 'Credits per generated animation (mp4, gif, html5).'),
    creditCostPrint: option(env.int(0), '2', 'Credits per printable PDF.'),
    creditCostAi: option(env.int(0), '1', 'AI credits per AI image operation.'),
  };
}

/** Dynamic image URLs (docs/dynamic-images.md). */
function dynamicImageOptions() {
  return {
    dynamicImageBaseUrl: option(
      env.optionalUrl(),
      undefined,
      'Base of public dynamic image URLs (`<base>/i/<format uid>`), e.g. a CDN in front of the API. Unset: PUBLIC_BASE_URL.',
    ),
    dynamicImageMaxAgeSeconds: option(env.int(0), '300', 'Cache-Control max-age of a dynamic image (browsers and CDNs).'),
    dynamicImageStaleSeconds: option(
      env.int(0),
      '86400',
      'Cache-Control stale-while-revalidate of a dynamic image: a CDN may serve the old variant this long while it asks again.',
    ),
    dynamicImageTestModeLimit: option(
      env.int(1),
      '10',
      'Test mode (enable_production_mode false): requests one image answers per throttle window; the next answer 429 request_rate_limited.',
    ),
    dynamicImageTestModeWindowSeconds: option(
      env.int(1),
      '1',
      'Test mode: length of the per-image throttle window, in seconds (fixed windows on the database clock). Tests lengthen it so that a burst cannot straddle windows.',
    ),
  };
}

export type ControlPlaneConfig = ConfigOf<typeof controlPlaneOptions>;

export function loadControlPlaneConfig(environment: NodeJS.ProcessEnv = process.env): ControlPlaneConfig {
  return loadConfig(controlPlaneOptions, environment);
}
