import { ENCODER_DEFAULTS } from '@pressroom/model';
import type { Browser, CDPSession, Page } from 'puppeteer';
import { FrameNotDrawnError } from './errors.js';
import type { FrameMode } from './executable-path.js';

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
  /**
   * PNG only: render the page background transparent. `held`: the caller holds it transparent
   * across many captures (`withTransparentBackground`), so it is not set and cleared around this
   * one (two round trips to the browser fewer a capture).
   */
  omitBackground?: boolean | 'held';
  /**
   * False when the page's viewport already is the captured box (animation frames): Chromium then
   * skips resizing the view around every capture, measured 15–25 % of a 1080² JPEG capture
   * (docs/animation.md). Default true. A page drawing frames on demand always captures its
   * viewport, sized to the box.
   */
  beyondViewport?: boolean;
}

const sessions = new WeakMap<Page, Promise<CDPSession>>();
const frameModes = new WeakMap<Browser, FrameMode>();

/** Records how a connected browser's pages make frames (launch-browser.ts, once per browser). */
export function setFrameMode(browser: Browser, mode: FrameMode): void {
  frameModes.set(browser, mode);
}

/** How `page` makes its frames: `compositor` unless its browser was launched as a headless shell. */
export function frameModeOfPage(page: Page): FrameMode {
  return frameModes.get(page.browser()) ?? 'compositor';
}

/**
 * Sizes the page's viewport to `width`×`height` at scale 1, unless it is that already (puppeteer
 * keeps the last viewport set on the page).
 */
export async function ensureViewport(page: Page, width: number, height: number): Promise<void> {
  const current = page.viewport();
  if (current?.width === width && current.height === height && (current.deviceScaleFactor ?? 1) === 1) return;
  await page.setViewport({ width, height, deviceScaleFactor: 1 });
}

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
 * Screenshots exactly the `width`×`height` box at the top-left of the page, at scale 1, straight
 * over CDP (puppeteer's `page.screenshot` adds a mutex and viewport juggling that a fixed-size
 * render does not need):
 * - on a page drawing frames on demand (the headless shell), one `HeadlessExperimental.beginFrame`
 *   draws the page as its DOM stands and returns the screenshot: no wait for a compositor tick.
 *   Such a frame has no clip: the viewport is sized to the box (a render sized it already);
 * - on any other page, `Page.captureScreenshot`, which waits for the compositor's next frames.
 */
export async function capture(page: Page, options: CaptureOptions): Promise<Buffer> {
  const session = await sessionOf(page);
  const transparent = options.format === 'png' && options.omitBackground === true;
  if (transparent) await setTransparentBackground(session, true);
  const image = {
    format: options.format,
    ...(options.format === 'jpeg' ? { quality: options.quality ?? ENCODER_DEFAULTS.quality.jpeg } : {}),
    optimizeForSpeed: options.optimizeForSpeed ?? false,
  };
  try {
    if (frameModeOfPage(page) === 'on-demand') {
      await ensureViewport(page, options.width, options.height);
      return await drawFrame(page.browser(), session, image);
    }
    const { data } = await session.send('Page.captureScreenshot', {
      ...image,
      clip: { x: 0, y: 0, width: options.width, height: options.height, scale: 1 },
      captureBeyondViewport: options.beyondViewport ?? true,
      fromSurface: true,
    });
    return Buffer.from(data, 'base64');
  } finally {
    if (transparent) await setTransparentBackground(session, false);
  }
}

/**
 * Runs `captures` with the page's default background transparent throughout: its captures pass
 * `omitBackground: 'held'`. Set once and cleared once, however many captures run.
 */
export async function withTransparentBackground<T>(page: Page, captures: () => Promise<T>): Promise<T> {
  const session = await sessionOf(page);
  await setTransparentBackground(session, true);
  try {
    return await captures();
  } finally {
    await setTransparentBackground(session, false);
  }
}

function setTransparentBackground(session: CDPSession, transparent: boolean): Promise<unknown> {
  return session.send('Emulation.setDefaultBackgroundColorOverride', transparent ? { color: { r: 0, g: 0, b: 0, a: 0 } } : {});
}

/**
 * How long a page may draw frames without a screenshot before the capture fails. A frame carries
 * none while the page has not yet submitted one for its current document and size (the first
 * frame or few after a document is loaded or the viewport resized); the next ones do.
 */
const SCREENSHOT_WITHIN_MS = 5_000;

/**
 * The frames of one browser's pages, one at a time. The headless shell drives every page from one
 * external frame source: a frame asked for while another page's is being drawn makes the GPU
 * process exit ("Got overlapping IssueExternalBeginFrame"), six times of which end the browser.
 * Pages still load, lay out and fit their text side by side; only the draws queue.
 */
const frameQueues = new WeakMap<Browser, Promise<unknown>>();

function oneFrameAtATime<T>(browser: Browser, draw: () => Promise<T>): Promise<T> {
  const drawn = (frameQueues.get(browser) ?? Promise.resolve()).then(draw);
  frameQueues.set(
    browser,
    drawn.catch(() => undefined),
  );
  return drawn;
}

async function drawFrame(
  browser: Browser,
  session: CDPSession,
  screenshot: { format: 'jpeg' | 'png'; quality?: number; optimizeForSpeed: boolean },
): Promise<Buffer> {
  const started = performance.now();
  for (let frames = 1; ; frames++) {
    const { screenshotData } = await oneFrameAtATime(browser, () => session.send('HeadlessExperimental.beginFrame', { screenshot }));
    if (screenshotData) return Buffer.from(screenshotData, 'base64');
    if (performance.now() - started > SCREENSHOT_WITHIN_MS) throw new FrameNotDrawnError(frames);
  }
}
