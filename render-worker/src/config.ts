import { ConfigError, type ConfigOf, env, loadConfig, option } from '@pressroom/model';
import { aiModelOptions, DEFAULT_HEARTBEAT_INTERVAL_MS, ffmpegOptions, jobWorkerOptions } from '@pressroom/platform';
import { parseSizes } from './ai/http-plan.js';
import { NORMALISATIONS } from './ai/onnx-image.js';

/** Every option of a render-worker process. Names are derived: `pagePoolSize` → PAGE_POOL_SIZE. */
export const renderWorkerOptions = {
  renderConcurrency: option(
    env.int(1, 64),
    '4',
    'Render jobs one render-worker process runs at once (a few more than pages keeps them busy while others fetch and store).',
  ),
  pagePoolSize: option(env.int(1, 32), '2', 'Chromium pages open at once in one render worker.'),
  syncReservedPages: option(
    env.int(0, 8),
    '1',
    'Chromium pages beyond PAGE_POOL_SIZE that only sync renders lease, so a sync render never waits for a page behind async or bulk renders (docs/bulk.md, "Interactive renders first"); 0 turns the reserve off.',
  ),
  pagePoolNiceness: option(
    env.int(0, 19),
    '10',
    'Nice value (CPU priority, 0–19) of the Chromium browsers of the PAGE_POOL_SIZE pages; the SYNC_RESERVED_PAGES pages have a browser of their own at the worker\'s priority, so a sync render gets the CPU before async and bulk renders (docs/bulk.md, "Interactive renders first"); 0 keeps every browser at the worker\'s priority.',
  ),
  bulkYieldMaxMs: option(
    env.int(0, 5000),
    '500',
    'While a sync render runs in a render worker, how long a bulk render there waits before each of its steps (drawing, capture, recording) for it to end, so both do not share the event loop, Postgres and the CPU (docs/bulk.md, "Interactive renders first"); 0 never waits.',
  ),
  renderInteractiveSlots: option(
    env.int(0, 64),
    '1',
    "Of RENDER_CONCURRENCY's job slots, how many a bulk run's renders never take, so a sync or async render starts at once while a run goes (bulk always keeps at least one slot).",
  ),
  browserCount: option(
    env.int(1, 32),
    '2',
    'Chromium browsers one render worker spreads its pages over (at most PAGE_POOL_SIZE). The headless shell draws one frame at a time per browser, so two browsers capture two frames at once; each extra browser costs about 60 MiB.',
  ),
  recycleAfterRenders: option(env.int(0), '500', 'Replace Chromium after this many renders; 0 never.'),
  browserMaxMemoryMb: option(
    env.int(0),
    '1024',
    "Replace a Chromium browser when its processes' resident memory passes this many MiB, each of the BROWSER_COUNT browsers on its own; 0 never.",
  ),
  warmDesigns: option(
    env.int(0, 1024),
    '16',
    'Designs (design, version, format) one render worker keeps drawn in its Chromium pages, so a render of one redraws only the layers that changed; least recently used first out; 0 turns warm pages off.',
  ),
  warmDesignsMaxMb: option(
    env.int(1),
    '384',
    'Estimated memory the warm designs of one render worker may hold (layer HTML, decoded images, canvas raster), in MiB; least recently used first out.',
  ),
  affinityHoldMs: option(
    env.int(0, 5000),
    '250',
    'How long this worker leaves a fresh job to the render worker that holds its design warm before it takes the job itself; 0 takes every job at once.',
  ),
  renderTimeoutMs: option(env.int(100), '9000', 'Deadline of one render (page wait, layout, capture), below the 10-second sync budget.'),
  animationPartTimeoutMs: option(
    env.int(1000),
    '60000',
    'Deadline of one part of an animated file (a frame range, or an HTML5 page and its fallback image), page wait included.',
  ),
  animationCompositor: option(
    env.bool(),
    'true',
    "Composite animated files' frames from layer rasters drawn once, in the media worker (docs/animation.md, 2b), Chromium drawing every frame only of a file the compositor cannot draw (its fallbacks); false draws every frame in Chromium. Upgrade media workers before render workers.",
  ),
  ...ffmpegOptions,
  encoderThreads: option(env.int(1, 32), '2', 'Threads encoding images (JPEG, WebP, AVIF, PNG).'),
  assetFetchTimeoutMs: option(env.int(100), '8000', 'Deadline of one remote image fetch (redirects and body included).'),
  maxImageBytes: option(env.int(1024), String(20 * 1024 * 1024), 'Largest remote image a static or animated design may fetch, in bytes.'),
  maxPrintImageBytes: option(env.int(1024), String(500 * 1024 * 1024), 'Largest remote image a print design may fetch, in bytes.'),
  printCmykProfile: option(
    env.optionalString(),
    undefined,
    "CMYK ICC profile print PDFs convert images with and declare as output intent; unset: Ghostscript's default_cmyk.icc under /usr/share/ghostscript.",
  ),
  printCmykProfiles: option(
    env.optionalString(),
    undefined,
    'More CMYK ICC profiles (comma-separated paths) a request may choose with the vendor\'s print.color_profile: a built-in profile id is honoured when one of these (or PRINT_CMYK_PROFILE) carries that profile\'s description (docs/print.md, "Output profiles"); unset: the default profile only.',
  ),
  printProfileWaitMs: option(
    env.int(0),
    '300000',
    'How long a print job naming a colour profile waits while no live render worker holds that profile (its holder died or was reconfigured after submit) before its file fails with cannot_build_banner, saying what to configure (docs/print.md, "Routing by profile"); 0: it waits for a holder indefinitely.',
  ),
  printPageTimeoutMs: option(env.int(1000), '60000', 'Deadline of the layout and print of one page of a print PDF.'),
  workerHeartbeatIntervalMs: option(
    env.int(100),
    String(DEFAULT_HEARTBEAT_INTERVAL_MS),
    'How often this worker records that it is alive (and sweeps for dead workers); two small queries each time.',
  ),
  workerPollIntervalMs: option(
    env.int(50),
    '200',
    'Queue poll interval. A new job wakes an idle slot at once (LISTEN/NOTIFY); the poll finds the jobs no notification announces: an affine job whose hold (AFFINITY_HOLD_MS) has passed, a retry whose backoff has passed, and every job while LISTEN is lost (a reconnect, transaction pooling). Short, because sync renders wait on held jobs; each idle slot fetches once per interval (docs/capacity.md).',
  ),
  ...aiModelOptions,
  aiRemoveBgNormalisation: option(
    env.enum(NORMALISATIONS),
    'imagenet',
    'How the remove_bg model expects its pixels: imagenet (mean/std of ImageNet: U²-Net), half (mean 0.5, std 1: IS-Net, RMBG) or unit (0–1 as is).',
  ),
  aiRemoveBgInputSize: option(
    env.int(16, 4096),
    '1024',
    'Square input side for a remove_bg model whose input size is not fixed in the model (a fixed size is read from the model).',
  ),
  aiUpscaleNormalisation: option(
    env.enum(NORMALISATIONS),
    'unit',
    'How the upscale model expects its pixels (see AI_REMOVE_BG_NORMALISATION).',
  ),
  aiUpscaleMaxInputSide: option(
    env.int(16, 8192),
    '1024',
    'Images larger than this (longest side, px) are scaled down before the upscale model runs, to bound its memory.',
  ),
  aiFocusDetectorNormalisation: option(
    env.enum(NORMALISATIONS),
    'unit',
    'How the auto_focus detector expects its pixels (unit: 0–1, as YOLO exports; see AI_REMOVE_BG_NORMALISATION).',
  ),
  aiFocusDetectorInputSize: option(
    env.int(16, 4096),
    '640',
    'Square input side for a detector whose input size is not fixed in the model.',
  ),
  aiFocusDetectorMinScore: option(env.number(0), '0.25', 'Lowest class score of a detection auto_focus takes as an object (0–1).'),
  ...aiHttpOptions(),
  ...jobWorkerOptions,
};

/** The OpenAI-compatible images API that runs text_to_image and expand when their provider is `http` (docs/ai.md). */
function aiHttpOptions() {
  return {
    aiHttpBaseUrl: option(
      env.optionalUrl(),
      undefined,
      'Base URL of the OpenAI-compatible images API (e.g. https://api.openai.com/v1); /images/generations and /images/edits are appended. Required when AI_TEXT_TO_IMAGE_PROVIDER or AI_EXPAND_PROVIDER is http.',
    ),
    aiHttpApiKey: option(
      env.optionalString(),
      undefined,
      'Sent as `Authorization: Bearer <key>` to the images API. Unset: no Authorization header (a self-hosted server without keys).',
    ),
    aiHttpAllowPrivateNetworks: option(
      env.bool(),
      'false',
      "Let the images API's own host be private or loopback (a self-hosted server on this machine or network). Opens nothing for customer URLs (OUTBOUND_ALLOW_PRIVATE_NETWORKS).",
    ),
    aiTextToImageModel: option(
      env.optionalString(),
      undefined,
      "Model name sent for text_to_image. Unset: the request's text_to_image_properties.model (default nano-banana-2) is sent as it is, for a gateway that serves those names.",
    ),
    aiExpandModel: option(
      env.optionalString(),
      undefined,
      "Model name sent for expand. Unset: the request's expand_properties.model, else image-outpaint.",
    ),
    aiExpandPrompt: option(
      env.string(),
      'Extend the scene beyond its borders, matching its content, style and lighting.',
      'Prompt sent with every expand (outpainting) edit.',
    ),
    aiImageSizes: option(
      env.string().transform((value, ctx) => {
        const parsed = parseSizes(value);
        if ('sizes' in parsed) return parsed.sizes;
        ctx.addIssue({ code: 'custom', message: `not a WxH size: ${parsed.invalid}` });
        return [];
      }),
      '1024x1024,1536x1024,1024x1536',
      'Sizes the images API draws (WxH, comma-separated); each call asks for the one nearest the wanted ratio (text_to_image ratio, or the layer box for expand).',
    ),
    aiHttpTimeoutMs: option(env.int(1000), '120000', 'Deadline of one call to the images API, answer included.'),
    aiHttpMaxAttempts: option(
      env.int(1, 10),
      '4',
      'Attempts of one call when the images API answers 429 or 5xx, times out or cannot be reached.',
    ),
    aiHttpRetryBaseMs: option(
      env.int(1),
      '1000',
      'First wait before another attempt; it doubles each time (with jitter) unless the answer has Retry-After.',
    ),
    aiHttpRetryMaxDelayMs: option(
      env.int(1),
      '30000',
      'Longest wait before another attempt; a Retry-After asking for more fails the operation at once.',
    ),
    aiHttpConcurrency: option(
      env.int(1, 64),
      '2',
      'Calls to the images API in flight at once from one render worker; the others wait their turn.',
    ),
    aiHttpMaxResponseBytes: option(
      env.int(1024),
      String(64 * 1024 * 1024),
      'Largest answer (JSON with base64 image, or linked image) accepted from the images API, in bytes.',
    ),
  };
}

export type RenderWorkerConfig = ConfigOf<typeof renderWorkerOptions>;

export function loadRenderWorkerConfig(environment: NodeJS.ProcessEnv = process.env): RenderWorkerConfig {
  const config = loadConfig(renderWorkerOptions, environment);
  if ((config.aiTextToImageProvider === 'http' || config.aiExpandProvider === 'http') && !config.aiHttpBaseUrl) {
    throw new ConfigError([
      { variable: 'AI_HTTP_BASE_URL', message: 'is required when an AI operation has the http provider (see docs/ai.md)' },
    ]);
  }
  return config;
}
