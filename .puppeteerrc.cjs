// puppeteer's own configuration, read by its install script and by every launch. When a Chromium
// or Chrome is installed on the machine, puppeteer downloads nothing and launches that one; with
// none, it downloads its own Chrome as usual. PUPPETEER_EXECUTABLE_PATH and PUPPETEER_SKIP_DOWNLOAD
// still override this.
const { findSystemChromium } = require('./render-worker/src/browser/system-chromium.cjs');

const systemChromium = process.env.PUPPETEER_EXECUTABLE_PATH || findSystemChromium();

/** @type {import('puppeteer').Configuration} */
module.exports = systemChromium ? { skipDownload: true, executablePath: systemChromium } : {};
