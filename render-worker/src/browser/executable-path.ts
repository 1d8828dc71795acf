import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as SystemChromium from './system-chromium.d.cts';

const { DEBIAN_CHROMIUM, findSystemChromium } = createRequire(import.meta.url)('./system-chromium.cjs') as typeof SystemChromium;

export { DEBIAN_CHROMIUM };

/**
 * Which Chromium to launch: PUPPETEER_EXECUTABLE_PATH wins, then a Chromium or Chrome installed on
 * the machine (the same lookup `.puppeteerrc.cjs` uses to skip puppeteer's download), then
 * `undefined`, which tells puppeteer to use the browser it downloaded (if any).
 */
export function resolveExecutablePath(
  env: Record<string, string | undefined> = process.env,
  exists: (path: string) => boolean = existsSync,
): string | undefined {
  const fromEnv = env['PUPPETEER_EXECUTABLE_PATH'];
  if (fromEnv) return fromEnv;
  return findSystemChromium(env, exists);
}
