/**
 * The origin under which a render's assets (images, fonts, the document itself) are served by
 * request interception. `.internal` is reserved (ICANN, 2024), so it can never be a real host.
 */
export const ASSET_ORIGIN = 'https://assets.pressroom.internal';

export interface ChromiumArgsInput {
  /** Chromium refuses to start its sandbox as root; only then is `--no-sandbox` needed. */
  runningAsRoot: boolean;
  extraArgs?: readonly string[];
}

/** Flags for a headless server render: deterministic pixels, no background work, no network. */
export function chromiumArgs(input: ChromiumArgsInput): string[] {
  return [
    ...(input.runningAsRoot ? ['--no-sandbox', '--disable-setuid-sandbox'] : []),
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
    '--disable-default-apps',
    '--disable-domain-reliability',
    '--disable-breakpad',
    '--metrics-recording-only',
    // Background pages in the pool must paint and run timers like the foreground one.
    '--disable-background-timer-throttling',
    '--disable-backgrounding-occluded-windows',
    '--disable-renderer-backgrounding',
    '--force-color-profile=srgb',
    // Kill switch under the request interception: anything that escapes it (a WebSocket, a
    // prefetch) goes to a proxy on a dead port, loopback included (`<-loopback>` removes
    // Chromium's implicit loopback bypass). No hostname resolves either.
    '--proxy-server=http://127.0.0.1:9',
    '--proxy-bypass-list=<-loopback>',
    '--host-resolver-rules=MAP * ~NOTFOUND',
    ...(input.extraArgs ?? []),
  ];
}
