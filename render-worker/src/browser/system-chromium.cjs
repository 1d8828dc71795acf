// The one lookup of a Chromium installed on the machine. Plain CommonJS with no dependencies,
// because puppeteer's configuration file (.puppeteerrc.cjs at the repository root) reads it during
// `npm install`, before anything else is installed; the render worker reads it at launch.
const { existsSync } = require('node:fs');
const { basename, delimiter, join } = require('node:path');

/** Debian's package; the first place looked. */
const DEBIAN_CHROMIUM = '/usr/bin/chromium';
/** Names looked up on the PATH, in order. */
const PATH_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];
/** macOS application bundles. */
const APP_BUNDLES = ['/Applications/Chromium.app/Contents/MacOS/Chromium', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'];

/**
 * The headless shell: Chromium's old headless mode, a binary of its own since Chromium 132, and the
 * only one that draws a frame on demand (HeadlessExperimental.beginFrame). Debian packages it as
 * `chromium-headless-shell`; Chrome for Testing (puppeteer's download) as `chrome-headless-shell`.
 */
// The binary itself: /usr/bin/chromium-headless-shell is a shell script that runs it without `exec`,
// so a signal to the process we spawned would not reach the browser.
const DEBIAN_HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const HEADLESS_SHELL_NAMES = ['chromium-headless-shell', 'chrome-headless-shell'];

/**
 * @param {readonly string[]} names
 * @param {Record<string, string | undefined>} env
 * @param {(path: string) => boolean} exists
 */
function onPath(names, env, exists) {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    for (const name of names) {
      const candidate = join(dir, name);
      if (exists(candidate)) return candidate;
    }
  }
  return undefined;
}

/**
 * A full Chromium or Chrome (the console's tests drive one; puppeteer's configuration skips its
 * download when there is one).
 * @param {Record<string, string | undefined>} env
 * @param {(path: string) => boolean} exists
 * @returns {string | undefined}
 */
function findSystemChromium(env = process.env, exists = existsSync) {
  if (exists(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  return onPath(PATH_NAMES, env, exists) ?? APP_BUNDLES.find((path) => exists(path));
}

/**
 * The headless shell installed on the machine, if any.
 * @param {Record<string, string | undefined>} env
 * @param {(path: string) => boolean} exists
 * @returns {string | undefined}
 */
function findSystemHeadlessShell(env = process.env, exists = existsSync) {
  if (exists(DEBIAN_HEADLESS_SHELL)) return DEBIAN_HEADLESS_SHELL;
  return onPath(HEADLESS_SHELL_NAMES, env, exists);
}

/**
 * Whether a binary is a headless shell, by its file name (the two builds answer DevTools' version
 * request alike).
 * @param {string} executablePath
 */
function isHeadlessShell(executablePath) {
  return /headless[-_]shell(\.exe)?$/i.test(basename(executablePath));
}

module.exports = {
  DEBIAN_CHROMIUM,
  DEBIAN_HEADLESS_SHELL,
  PATH_NAMES,
  HEADLESS_SHELL_NAMES,
  findSystemChromium,
  findSystemHeadlessShell,
  isHeadlessShell,
};
