import { existsSync } from 'node:fs';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * Which Chromium to launch: PUPPETEER_EXECUTABLE_PATH wins, then Debian's package, then
 * `undefined`, which tells puppeteer to use the browser it downloaded (if any).
 */
export function resolveExecutablePath(
  env: Record<string, string | undefined> = process.env,
  exists: (path: string) => boolean = existsSync,
): string | undefined {
  const fromEnv = env['PUPPETEER_EXECUTABLE_PATH'];
  if (fromEnv) return fromEnv;
  if (exists(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  return undefined;
}
