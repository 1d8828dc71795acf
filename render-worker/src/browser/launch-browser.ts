import puppeteer, { type Browser } from 'puppeteer';
import { chromiumArgs } from './chromium-args.js';
import { resolveExecutablePath } from './executable-path.js';
import { createProfileDir, removeProfileDir } from './profile-dirs.js';

export interface LaunchOptions {
  executablePath?: string;
  extraArgs?: readonly string[];
  /** How long Chromium may take to start. Default 30 s. */
  launchTimeoutMs?: number;
  /**
   * Folder for Chromium profiles (`profileRoot(DATA_DIR)`): the browser gets its own folder in it,
   * removed when it goes away. Without it puppeteer uses a temp folder that leaks on `kill -9`.
   */
  profileRoot?: string;
}

/**
 * Starts one headless Chromium. The DevTools connection is a pipe, not a port: nothing else on
 * the host can drive the browser, and a killed browser is noticed the moment the pipe closes.
 */
export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  const executablePath = options.executablePath ?? resolveExecutablePath();
  const userDataDir = options.profileRoot === undefined ? undefined : await createProfileDir(options.profileRoot);
  let browser: Browser;
  try {
    browser = await puppeteer.launch({
      ...(executablePath === undefined ? {} : { executablePath }),
      ...(userDataDir === undefined ? {} : { userDataDir }),
      headless: true,
      pipe: true,
      args: chromiumArgs({ runningAsRoot: process.getuid?.() === 0, extraArgs: options.extraArgs ?? [] }),
      timeout: options.launchTimeoutMs ?? 30_000,
      defaultViewport: null,
      // The supervisor owns shutdown; puppeteer's own signal handlers would race it.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
  } catch (err) {
    if (userDataDir) await removeProfileDir(userDataDir);
    throw err;
  }
  if (userDataDir) {
    // Once the browser process has exited: at 'disconnected' it may still be writing its profile.
    const removeOnce = () => void removeProfileDir(userDataDir).catch(() => undefined);
    const child = browser.process();
    if (child && child.exitCode === null && child.signalCode === null) child.once('exit', removeOnce);
    else browser.once('disconnected', removeOnce);
  }
  return browser;
}
