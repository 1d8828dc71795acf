import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as SystemChromium from './system-chromium.d.cts';

const { DEBIAN_CHROMIUM, DEBIAN_HEADLESS_SHELL, findSystemChromium, findSystemHeadlessShell, isHeadlessShell } = createRequire(
  import.meta.url,
)('./system-chromium.cjs') as typeof SystemChromium;

export { DEBIAN_CHROMIUM, DEBIAN_HEADLESS_SHELL };

/**
 * How a browser's pages make their frames (docs/render-worker.md, "Frames on demand"):
 * - `on-demand`: the headless shell draws a frame when asked (`HeadlessExperimental.beginFrame`)
 *   and returns its screenshot in the same call, with no wait for a compositor tick;
 * - `compositor`: any other Chromium draws on its compositor's 60 Hz clock, and a screenshot waits
 *   for the next frames (`Page.captureScreenshot`).
 */
export type FrameMode = 'on-demand' | 'compositor';

export function frameModeOf(executablePath: string): FrameMode {
  return isHeadlessShell(executablePath) ? 'on-demand' : 'compositor';
}

/**
 * A full Chromium or Chrome: PUPPETEER_EXECUTABLE_PATH wins, then one installed on the machine (the
 * same lookup `.puppeteerrc.cjs` uses to skip puppeteer's download), then `undefined`, which tells
 * puppeteer to use the browser it downloaded (if any). The console's tests drive this one.
 */
export function resolveExecutablePath(
  env: Record<string, string | undefined> = process.env,
  exists: (path: string) => boolean = existsSync,
): string | undefined {
  const fromEnv = env['PUPPETEER_EXECUTABLE_PATH'];
  if (fromEnv) return fromEnv;
  return findSystemChromium(env, exists);
}

/**
 * The Chromium the render pool runs: PUPPETEER_EXECUTABLE_PATH wins, then the headless shell
 * installed on the machine (frames on demand), then a full Chromium or Chrome, then `undefined`
 * (puppeteer's download: `downloadedExecutable` in launch-browser.ts).
 */
export function resolveRenderExecutable(
  env: Record<string, string | undefined> = process.env,
  exists: (path: string) => boolean = existsSync,
): string | undefined {
  if (env['PUPPETEER_EXECUTABLE_PATH']) return env['PUPPETEER_EXECUTABLE_PATH'];
  return findSystemHeadlessShell(env, exists) ?? resolveExecutablePath(env, exists);
}
