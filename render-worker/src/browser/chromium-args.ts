import type { FrameMode } from './executable-path.js';

/**
 * The origin under which a render's assets (images, fonts, the document itself) are served by
 * request interception. `.internal` is reserved (ICANN, 2024), so it can never be a real host.
 */
export const ASSET_ORIGIN = 'https://assets.pressroom.internal';

export interface ChromiumArgsInput {
  /** Chromium refuses to start its sandbox as root; only then is `--no-sandbox` needed. */
  runningAsRoot: boolean;
  /** How the browser's pages make frames (executable-path.ts). Default `compositor`. */
  frameMode?: FrameMode;
  extraArgs?: readonly string[];
}

/**
 * The headless shell (always headless: it has no `--headless=new`), with frames drawn only when a
 * page asks for one (`HeadlessExperimental.beginFrame`, capture.ts). Each such frame runs every
 * compositor stage before it draws, raster included, and decodes its images in that frame rather
 * than a later one (no checker-imaging), so the screenshot a frame returns is the whole page as
 * the DOM stands.
 */
const ON_DEMAND_FRAMES = ['--enable-begin-frame-control', '--run-all-compositor-stages-before-draw', '--disable-checker-imaging'];

/**
 * The whole command line of a headless server render, but for the profile folder and the pipe
 * (spawn-chromium.ts adds those): deterministic pixels, no background work, no network. Chromium is
 * spawned by us, not by `puppeteer.launch`, so this list also carries the defaults puppeteer's
 * launch added (`puppeteer.defaultArgs()`; chromium-args.test.ts checks that none is missing).
 */
export function chromiumArgs(input: ChromiumArgsInput): string[] {
  return [
    ...(input.runningAsRoot ? ['--no-sandbox', '--disable-setuid-sandbox'] : []),
    ...(input.frameMode === 'on-demand' ? ON_DEMAND_FRAMES : ['--headless=new']),
    // /dev/shm is 64 MB in most containers; Chromium then crashes on large pages.
    '--disable-dev-shm-usage',
    // Same glyph positions at every size and on every host.
    '--font-render-hinting=none',
    '--hide-scrollbars',
    '--mute-audio',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-gpu',
    '--disable-extensions',
    '--disable-sync',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-component-extensions-with-background-pages',
    '--disable-default-apps',
    '--disable-domain-reliability',
    '--disable-breakpad',
    '--disable-crash-reporter',
    '--disable-client-side-phishing-detection',
    '--disable-search-engine-choice-screen',
    '--metrics-recording-only',
    '--password-store=basic',
    '--use-mock-keychain',
    // No dialogs or bars that could wait for a user, and no throttling of DevTools traffic.
    '--disable-hang-monitor',
    '--disable-infobars',
    '--disable-popup-blocking',
    '--disable-prompt-on-repost',
    '--disable-ipc-flooding-protection',
    '--allow-pre-commit-input',
    '--enable-automation',
    // Print PDFs: tagged, with an outline, as puppeteer's launch had them.
    '--export-tagged-pdf',
    '--generate-pdf-document-outline',
    // Puppeteer's list, then the omnibox popups: Chromium 156 loads them as WebUI pages even when
    // headless, two renderers that burn 1.5–2.5 s of CPU in the browser's first seconds (measured
    // in docs/operations.md, "Cold start of a render worker").
    `--disable-features=${[
      'Translate',
      'AcceptCHFrame',
      'MediaRouter',
      'OptimizationHints',
      'WebUIReloadButton',
      'ProcessPerSiteUpToMainFrameThreshold',
      'IsolateSandboxedIframes',
      'WebUIOmniboxPopup',
      'WebUIOmniboxAimPopup',
    ].join(',')}`,
    '--enable-features=PdfOopif',
    // Background pages in the pool must paint and run timers like the foreground one.
    '--disable-background-timer-throttling',
    '--disable-backgrounding-occluded-windows',
    '--disable-renderer-backgrounding',
    '--force-color-profile=srgb',
    // A warm page's patched layer is rastered whole, as a cold page rasters it: partial raster
    // redrew only the invalidated part of a tile, and an antialiased edge crossing it could come
    // out one level off (warm-pages.e2e, seed 1152922183: a rounded stroke added by a patch).
    '--disable-partial-raster',
    // Kill switch under the request interception: anything that escapes it (a WebSocket, a
    // prefetch) goes to a proxy on a dead port, loopback included (`<-loopback>` removes
    // Chromium's implicit loopback bypass). No hostname resolves either.
    '--proxy-server=http://127.0.0.1:9',
    '--proxy-bypass-list=<-loopback>',
    '--host-resolver-rules=MAP * ~NOTFOUND',
    ...(input.extraArgs ?? []),
  ];
}
