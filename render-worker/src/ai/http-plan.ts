/**
 * Pure decisions of the HTTP image provider (docs/ai.md): which size to ask for, where the image
 * sits on an outpainting canvas, whether and when to try a call again.
 */

export interface PixelSize {
  width: number;
  height: number;
}

/** `1024x1024,1536x1024` → sizes; null names the first entry that is not `WxH`. */
export function parseSizes(text: string): { sizes: PixelSize[] } | { invalid: string } {
  const sizes: PixelSize[] = [];
  for (const entry of text.split(',').map((s) => s.trim())) {
    const m = /^(\d{2,5})x(\d{2,5})$/.exec(entry);
    if (!m) return { invalid: entry };
    sizes.push({ width: Number(m[1]), height: Number(m[2]) });
  }
  return sizes.length > 0 ? { sizes } : { invalid: text };
}

/** The size whose aspect is nearest `ratio` (width / height), compared on a log scale so 2:1 and 1:2 are as far from 1:1. */
export function nearestSize(ratio: number, sizes: readonly PixelSize[]): PixelSize {
  let best = sizes[0]!;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const size of sizes) {
    const distance = Math.abs(Math.log(size.width / size.height) - Math.log(ratio));
    if (distance < bestDistance) {
      best = size;
      bestDistance = distance;
    }
  }
  return best;
}

export const sizeParam = (size: PixelSize): string => `${size.width}x${size.height}`;

export interface CanvasPlacement {
  /** The image's size on the canvas, and its top-left corner. */
  width: number;
  height: number;
  left: number;
  top: number;
}

/**
 * Where the image goes on an outpainting canvas: contained and centred, so the new area is what
 * the canvas's aspect adds. When that would add less than a tenth on both axes (the image already
 * has the canvas's shape) the image is drawn at 80 %, so expand always has a border to paint.
 */
export function placeOnCanvas(image: PixelSize, canvas: PixelSize): CanvasPlacement {
  let scale = Math.min(canvas.width / image.width, canvas.height / image.height);
  if (image.width * scale > 0.9 * canvas.width && image.height * scale > 0.9 * canvas.height) scale *= 0.8;
  const width = Math.max(1, Math.min(canvas.width, Math.round(image.width * scale)));
  const height = Math.max(1, Math.min(canvas.height, Math.round(image.height * scale)));
  return { width, height, left: Math.floor((canvas.width - width) / 2), top: Math.floor((canvas.height - height) / 2) };
}

/** Why a call is tried again; the metric's `reason` label. */
export const RETRY_REASONS = ['rate_limited', 'server_error', 'timeout', 'network'] as const;
export type RetryReason = (typeof RETRY_REASONS)[number];

/** 429 and 5xx are worth another try; any other answer is the provider's verdict on the request. */
export function retryReasonOf(status: number): RetryReason | null {
  if (status === 429) return 'rate_limited';
  if (status >= 500 && status <= 599) return 'server_error';
  return null;
}

export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/**
 * How long to wait before attempt `attempt + 1` (attempts count from 1), or null when no attempt
 * is left or the wait would pass `maxDelayMs`. A `Retry-After` (seconds or an HTTP date) is
 * honoured; without one the wait doubles from `baseDelayMs`, with jitter in [0.5, 1) from `random`.
 */
export function retryDelayMs(attempt: number, retryAfter: string | null, policy: RetryPolicy, now: number, random: number): number | null {
  if (attempt >= policy.maxAttempts) return null;
  const asked = retryAfterMs(retryAfter, now);
  const delay = asked ?? Math.round(policy.baseDelayMs * 2 ** (attempt - 1) * (0.5 + random / 2));
  return delay > policy.maxDelayMs ? null : delay;
}

function retryAfterMs(value: string | null, now: number): number | null {
  if (value === null || value.trim() === '') return null;
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
