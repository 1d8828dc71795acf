import puppeteer, { type Browser } from 'puppeteer';
import { chromiumArgs } from './chromium-args.js';
import { resolveExecutablePath } from './executable-path.js';

export interface LaunchOptions {
  executablePath?: string;
  extraArgs?: readonly string[];
  /** How long Chromium may take to start. Default 30 s. */
  launchTimeoutMs?: number;
}

/**
 * Starts one headless Chromium. The DevTools connection is a pipe, not a port: nothing else on
 * the host can drive the browser, and a killed browser is noticed the moment the pipe closes.
 */
export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  const executablePath = options.executablePath ?? resolveExecutablePath();
  return puppeteer.launch({
    ...(executablePath === undefined ? {} : { executablePath }),
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
}
