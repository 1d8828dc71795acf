export { type Asset, AssetRegistry } from './asset-registry.js';
export { BrowserSupervisor, type PooledPage, type SupervisorOptions } from './browser-supervisor.js';
export { type CaptureOptions, capture, ensureViewport, frameModeOfPage, withTransparentBackground } from './capture.js';
export { ASSET_ORIGIN, chromiumArgs } from './chromium-args.js';
export {
  BrowserCrashedError,
  BrowserLaunchError,
  PoolSaturatedError,
  RenderAbortedError,
  RenderTimeoutError,
  SupervisorStoppedError,
} from './errors.js';
export { type FrameMode, frameModeOf, resolveExecutablePath, resolveRenderExecutable } from './executable-path.js';
export { adoptingLauncher, connectBrowser, type LaunchedBrowser, type LaunchOptions, launchBrowser } from './launch-browser.js';
export {
  ATTEMPT_OUTCOMES,
  type AttemptOutcome,
  type BrowserMetrics,
  createBrowserMetrics,
  RESTART_REASONS,
  type RestartReason,
} from './metrics.js';
export { printPdf } from './print-pdf.js';
export { cleanStaleProfiles, profileRoot } from './profile-dirs.js';
export { type ChromiumProcess, type SpawnOptions, spawnChromium } from './spawn-chromium.js';
export { type RenderContext, type WithPageOptions, withIdlePage, withPage } from './with-page.js';
