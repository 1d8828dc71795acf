import { ENCODER_DEFAULTS } from '@pressroom/model';
import type { CDPSession, Page } from 'puppeteer';

export interface CaptureOptions {
  width: number;
  height: number;
  format: 'jpeg' | 'png';
  /** JPEG quality 0–100. Default: the jpeg quality of `ENCODER_DEFAULTS` (shared/src/output-formats). */
  quality?: number;
  /**
   * Faster, larger PNGs (about 90 ms instead of 206 ms at 1080², see docs/render-worker.md).
   * Right when the PNG is only an intermediate that sharp re-encodes.
   */
  optimizeForSpeed?: boolean;
  /** PNG only: render the page background transparent. */
  omitBackground?: boolean;
  /**
   * False when the page's viewport already is the captured box (animation frames): Chromium then
   * skips resizing the view around every capture, measured 15–25 % of a 1080² JPEG capture
   * (docs/animation.md). Default true.
   */
  beyondViewport?: boolean;
}

const sessions = new WeakMap<Page, Promise<CDPSession>>();

/** One CDP session per page, reused across captures. */
function sessionOf(page: Page): Promise<CDPSession> {
  let session = sessions.get(page);
  if (!session) {
    session = page.createCDPSession();
    sessions.set(page, session);
  }
  return session;
}

/**
 * Screenshots exactly the `width`×`height` box at the top-left of the page, at scale 1, with
 * `Page.captureScreenshot` directly: puppeteer's `page.screenshot` adds a screenshot mutex and
 * viewport juggling that a fixed-size render does not need.
 */
export async function capture(page: Page, options: CaptureOptions): Promise<Buffer> {
  const session = await sessionOf(page);
  const transparent = options.format === 'png' && options.omitBackground === true;
  if (transparent) {
    await session.send('Emulation.setDefaultBackgroundColorOverride', { color: { r: 0, g: 0, b: 0, a: 0 } });
  }
  try {
    const { data } = await session.send('Page.captureScreenshot', {
      format: options.format,
      ...(options.format === 'jpeg' ? { quality: options.quality ?? ENCODER_DEFAULTS.quality.jpeg } : {}),
      clip: { x: 0, y: 0, width: options.width, height: options.height, scale: 1 },
      captureBeyondViewport: options.beyondViewport ?? true,
      fromSurface: true,
      optimizeForSpeed: options.optimizeForSpeed ?? false,
    });
    return Buffer.from(data, 'base64');
  } finally {
    if (transparent) await session.send('Emulation.setDefaultBackgroundColorOverride', {});
  }
}
