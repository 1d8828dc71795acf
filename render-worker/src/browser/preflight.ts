import { commandRunsCheck, installCommand, type PreflightCheck } from '@pressroom/platform';
import { BrowserLaunchError } from './errors.js';
import { resolveRenderExecutable } from './executable-path.js';
import { downloadedExecutable } from './launch-browser.js';
import type { ChromiumProcess } from './spawn-chromium.js';

/**
 * The render worker's Chromium must start: the one the worker would launch (see
 * resolveRenderExecutable), else the one puppeteer downloaded. Without one the worker exits with
 * a sentence before it takes any job.
 */
export function chromiumCheck(env: Record<string, string | undefined> = process.env): PreflightCheck {
  const executable = resolveRenderExecutable(env) ?? downloadedExecutable();
  return commandRunsCheck({ command: executable, args: ['--version'], ...CHROMIUM_MISSING });
}

/**
 * The same check for a worker that spawned its Chromium already (early-launch.ts): the spawn
 * itself shows whether the program runs, without starting a second one for `--version`.
 */
export function spawnedChromiumCheck(spawned: Promise<ChromiumProcess>): PreflightCheck {
  return () =>
    spawned.then(
      () => undefined,
      // Any other failure (a profile folder that cannot be made) is the data folder check's to report.
      (err: unknown) =>
        err instanceof BrowserLaunchError ? { ...CHROMIUM_MISSING, missing: `${CHROMIUM_MISSING.missing} (${err.reason})` } : undefined,
    );
}

const CHROMIUM_MISSING = {
  missing: 'Chromium is not installed, so the render worker cannot render',
  fix: `${installCommand(process.platform, { apt: 'chromium-headless-shell', brew: '--cask chromium' })}; or set PUPPETEER_EXECUTABLE_PATH to a Chromium, Chrome or headless shell binary`,
};
