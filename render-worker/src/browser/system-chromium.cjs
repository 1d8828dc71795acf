// The one lookup of a Chromium installed on the machine. Plain CommonJS with no dependencies,
// because puppeteer's configuration file (.puppeteerrc.cjs at the repository root) reads it during
// `npm install`, before anything else is installed; the render worker reads it at launch.
const { existsSync } = require('node:fs');
const { delimiter, join } = require('node:path');

/** Debian's package; the first place looked. */
const DEBIAN_CHROMIUM = '/usr/bin/chromium';
/** Names looked up on the PATH, in order. */
const PATH_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];
/** macOS application bundles. */
const APP_BUNDLES = ['/Applications/Chromium.app/Contents/MacOS/Chromium', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'];

/**
 * @param {Record<string, string | undefined>} env
 * @param {(path: string) => boolean} exists
 * @returns {string | undefined}
 */
function findSystemChromium(env = process.env, exists = existsSync) {
  if (exists(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    for (const name of PATH_NAMES) {
      const candidate = join(dir, name);
      if (exists(candidate)) return candidate;
    }
  }
  return APP_BUNDLES.find((path) => exists(path));
}

module.exports = { DEBIAN_CHROMIUM, PATH_NAMES, findSystemChromium };
