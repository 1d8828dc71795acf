// The first thing a render worker does: start Chromium, before it loads puppeteer, zod or any other
// module it needs later (docs/operations.md, "Cold start of a render worker"). Node's built-ins
// only, so this runs a few milliseconds after Node itself; the worker connects puppeteer to the
// browser once everything else has loaded (adoptingLauncher).
import { resolveRenderExecutable } from './executable-path.js';
import { profileRoot } from './profile-dirs.js';
import { type ChromiumProcess, spawnChromium } from './spawn-chromium.js';

/**
 * DATA_DIR as the config reads it (a string option: unset or empty means its default), before the
 * config can be loaded: that takes zod and the option catalogue, hundreds of milliseconds.
 * early-launch.test.ts holds it to the config's own reading; and a browser spawned into any other
 * folder than the config's is replaced (adoptingLauncher).
 */
export function earlyDataDir(env: Record<string, string | undefined> = process.env): string {
  return env['DATA_DIR'] || '.data';
}

/**
 * Spawns the worker's first Chromium into its profile folder under DATA_DIR. Null when no
 * Chromium is installed on the machine: the worker then launches the one puppeteer downloaded,
 * once puppeteer has loaded.
 */
export function spawnEarlyChromium(env: Record<string, string | undefined> = process.env): Promise<ChromiumProcess> | null {
  const executablePath = resolveRenderExecutable(env);
  if (executablePath === undefined) return null;
  return spawnChromium({ executablePath, profileRoot: profileRoot(earlyDataDir(env)) });
}
