import type { FieldIssue } from '../errors/app-error.js';

/**
 * Request options for how an animated file is delivered (docs/animation.md, "Delivery
 * options"). They sit in the async generation body next to `image_file_type`, and each belongs
 * to one file type: an option sent for another type would have no effect, so it is refused.
 *
 * - `click_url` (html5): the landing page behind the banner's `clickTag`.
 * - `loop_count` (html5): how many times the banner plays; the last play stops on the frame at
 *   the design's `screenshot_at_s`. Google Ads allows at most 3 plays and 30 s of animation.
 * - `gif_max_width` (gif): a cap on the GIF's width; a wider format is scaled down to it,
 *   keeping its aspect ratio. Without it the GIF has the format's size.
 */
export interface AnimatedDelivery {
  clickUrl: string | null;
  loopCount: number | null;
  gifMaxWidth: number | null;
}

export const NO_DELIVERY: AnimatedDelivery = Object.freeze({ clickUrl: null, loopCount: null, gifMaxWidth: null });

/** Google Ads: an HTML5 banner's animation stops within 30 s and loops at most 3 times. */
export const HTML5_MAX_LOOPS = 3;
export const HTML5_MAX_PLAY_SECONDS = 30;
export const HTML5_DEFAULT_LOOPS = 1;
/** Below this a GIF is not a banner any more. */
export const GIF_MIN_WIDTH = 16;
export const GIF_MAX_WIDTH_LIMIT = 4000;

/** Which file type each option belongs to, and its bounds where it has any. */
export const DELIVERY_OPTIONS = {
  click_url: { fileType: 'html5' },
  loop_count: { fileType: 'html5', min: 1, max: HTML5_MAX_LOOPS },
  gif_max_width: { fileType: 'gif', min: GIF_MIN_WIDTH, max: GIF_MAX_WIDTH_LIMIT },
} as const;

const FIELD: Record<keyof AnimatedDelivery, keyof typeof DELIVERY_OPTIONS> = {
  clickUrl: 'click_url',
  loopCount: 'loop_count',
  gifMaxWidth: 'gif_max_width',
};

/**
 * How an HTML5 banner plays: `loops` plays, the last one stopping at `screenshotAt` (seconds
 * into the timeline). A design whose screenshot is its first frame plays every loop to the end
 * and then rests on that first frame.
 */
export interface Html5Playback {
  loops: number;
  /** Web Animations iterations: whole plays, plus the share of the last one that is played. */
  iterations: number;
  /** After the last play, show the first frame again (screenshot_at_s = 0). */
  restAtStart: boolean;
  /** Seconds from the first frame to the resting one. */
  seconds: number;
}

export function html5Playback(loops: number, animation: { duration: number; screenshot_at_s: number }): Html5Playback {
  const { duration, screenshot_at_s: at } = animation;
  const restAtStart = at <= 0 || duration <= 0;
  const last = restAtStart ? 1 : Math.min(at, duration) / duration;
  return { loops, iterations: loops - 1 + last, restAtStart, seconds: (loops - 1 + last) * duration };
}

/**
 * The options against the file type the request resolved to and the design's timeline: every
 * problem at once, each at its field's path. Empty when the request can be honoured as sent.
 */
export function checkAnimatedDelivery(
  delivery: AnimatedDelivery,
  context: { fileType: string; animation: { duration: number; screenshot_at_s: number } },
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const key of Object.keys(FIELD) as (keyof AnimatedDelivery)[]) {
    const value = delivery[key];
    const field = FIELD[key];
    const rule = DELIVERY_OPTIONS[field];
    if (value !== null && rule.fileType !== context.fileType) {
      issues.push({
        path: field,
        code: 'invalid_payload',
        message: `applies to ${rule.fileType} files only; this request makes ${context.fileType}`,
        expected: rule.fileType,
        received: context.fileType,
      });
    }
  }
  if (delivery.loopCount !== null && context.fileType === 'html5') {
    // One play is always allowed, as the default is: a design longer than 30 s cannot loop at all.
    const max = maxLoops(context.animation);
    if (delivery.loopCount > max) {
      const playing = html5Playback(delivery.loopCount, context.animation).seconds;
      issues.push({
        path: 'loop_count',
        code: 'out_of_range',
        message: `${delivery.loopCount} plays of this design last ${round(playing)} s; an HTML5 banner stops within ${HTML5_MAX_PLAY_SECONDS} s (at most ${max} play${max === 1 ? '' : 's'} here)`,
        expected: { min: 1, max },
        received: delivery.loopCount,
      });
    }
  }
  return issues;
}

/** The most plays that stay within the 30 s limit (at least 1: the default always plays). */
export function maxLoops(animation: { duration: number; screenshot_at_s: number }): number {
  let loops = 1;
  while (loops < HTML5_MAX_LOOPS && html5Playback(loops + 1, animation).seconds <= HTML5_MAX_PLAY_SECONDS + 1e-9) loops += 1;
  return loops;
}

/** The GIF's pixel size: the format's, or scaled down to `maxWidth` keeping the aspect ratio. */
export function gifSize(format: { width: number; height: number }, maxWidth: number | null): { width: number; height: number } {
  const width = Math.round(format.width);
  const height = Math.round(format.height);
  if (maxWidth === null || maxWidth >= width) return { width, height };
  return { width: maxWidth, height: Math.max(1, Math.round((height * maxWidth) / width)) };
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
