import { commandRunsCheck, installCommand, type PreflightCheck } from '@pressroom/platform';
import puppeteer from 'puppeteer';
import { resolveExecutablePath } from './executable-path.js';

/**
 * The render worker's Chromium must start: the one the worker would launch (see
 * resolveExecutablePath), else the Chrome puppeteer downloaded. Without one the worker exits with
 * a sentence before it takes any job.
 */
export function chromiumCheck(env: Record<string, string | undefined> = process.env): PreflightCheck {
  const executable = resolveExecutablePath(env) ?? puppeteer.executablePath();
  return commandRunsCheck({
    command: executable,
    args: ['--version'],
    missing: 'Chromium is not installed, so the render worker cannot render',
    fix: `${installCommand(process.platform, { apt: 'chromium', brew: '--cask chromium' })}; or set PUPPETEER_EXECUTABLE_PATH to a Chromium or Chrome binary`,
  });
}
