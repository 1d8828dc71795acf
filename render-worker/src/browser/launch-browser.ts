import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer';
import { setFrameMode } from './capture.js';
import { BrowserLaunchError } from './errors.js';
import { resolveRenderExecutable } from './executable-path.js';
import { PipeTransport } from './pipe-transport.js';
import { type ChromiumProcess, type SpawnOptions, spawnChromium } from './spawn-chromium.js';

export interface LaunchOptions extends Partial<SpawnOptions> {
  /** How long Chromium may take to start and answer on its pipe. Default 30 s. */
  launchTimeoutMs?: number;
}

/** A running Chromium and puppeteer's connection to it. */
export interface LaunchedBrowser {
  readonly browser: Browser;
  /**
   * The browser's OS process. Use it, not `browser.process()`, which is null for a browser reached
   * with `puppeteer.connect`: pid, memory checks, why it ended, kill.
   */
  readonly chromium: ChromiumProcess;
  /**
   * Asks the browser to close and waits until its process has exited and its profile folder is
   * gone; after `graceMs` (default 5 s) without an exit, SIGKILLs it.
   */
  close(graceMs?: number): Promise<void>;
}

/**
 * Starts one headless Chromium and connects puppeteer to it. The DevTools connection is a pipe,
 * not a port: nothing else on the host can drive the browser, and a killed browser is noticed the
 * moment the pipe closes.
 */
export async function launchBrowser(options: LaunchOptions = {}): Promise<LaunchedBrowser> {
  const executablePath = options.executablePath ?? resolveRenderExecutable() ?? downloadedExecutable();
  return connectBrowser(await spawnChromium({ ...options, executablePath }), options);
}

/**
 * The browser puppeteer downloaded at install time (a machine with no Chromium of its own):
 * its headless shell when it fetched one (puppeteer 24 does by default), else its Chrome.
 */
export function downloadedExecutable(): string {
  let shell: string | null = null;
  try {
    shell = puppeteer.executablePath({ headless: 'shell' });
  } catch {
    // No headless shell is known to this puppeteer: its Chrome then.
  }
  return shell !== null && existsSync(shell) ? shell : puppeteer.executablePath();
}

/**
 * Connects puppeteer to a Chromium started by `spawnChromium`, which may still be starting.
 * Fails with BrowserLaunchError (and kills the process) when the browser exits first or does not
 * answer within `launchTimeoutMs`.
 */
export async function connectBrowser(
  chromium: ChromiumProcess,
  options: Pick<LaunchOptions, 'launchTimeoutMs'> = {},
): Promise<LaunchedBrowser> {
  const timeoutMs = options.launchTimeoutMs ?? 30_000;
  if (chromium.exitDescription() !== null) throw launchError(chromium);
  let timer: NodeJS.Timeout | undefined;
  // Settles first when the browser dies or hangs; the connect is then abandoned with its process.
  const failed = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BrowserLaunchError(`did not answer within ${timeoutMs} ms`, chromium.stderrTail())), timeoutMs);
    void chromium.exited.then(() => reject(launchError(chromium)));
  });
  failed.catch(() => undefined); // also rejects once a connected browser exits: nobody listens then
  const connecting = puppeteer.connect({ transport: new PipeTransport(chromium.toBrowser, chromium.fromBrowser), defaultViewport: null });
  let browser: Browser;
  try {
    browser = await Promise.race([connecting, failed]);
  } catch (err) {
    connecting.then(
      (late) => late.disconnect(),
      () => undefined,
    );
    // A browser that dies closes its pipe, and puppeteer may say so first: report the exit.
    const died = !(err instanceof BrowserLaunchError) && (chromium.exitDescription() !== null || (await exitsWithin(chromium, 1_000)));
    chromium.kill();
    await chromium.exited;
    if (err instanceof BrowserLaunchError) throw err;
    throw new BrowserLaunchError(died ? (chromium.exitDescription() ?? 'exited') : (err as Error).message, chromium.stderrTail(), err);
  } finally {
    clearTimeout(timer);
  }
  setFrameMode(browser, chromium.frameMode);
  return {
    browser,
    chromium,
    close: async (graceMs = 5_000) => {
      if (chromium.exitDescription() === null) {
        // Browser.close waits for an answer; a hung browser never gives one, and the kill ends the wait.
        const kill = setTimeout(() => chromium.kill(), graceMs);
        await browser.close().catch(() => undefined);
        await chromium.exited;
        clearTimeout(kill);
      } else {
        await browser.disconnect();
      }
      await chromium.exited;
    },
  };
}

/**
 * A launch function whose first browser is one spawned earlier (a worker spawns Chromium before it
 * loads puppeteer: docs/operations.md, "Cold start of a render worker"); every later one is
 * launched anew. An early browser whose profile is not under `profileRoot` is killed and replaced.
 */
export function adoptingLauncher(early: Promise<ChromiumProcess> | null, options: LaunchOptions): () => Promise<LaunchedBrowser> {
  let first = early;
  return async () => {
    const spawned = first;
    first = null;
    if (spawned === null) return launchBrowser(options);
    const chromium = await spawned;
    if (options.profileRoot !== undefined && dirname(chromium.userDataDir) !== options.profileRoot) {
      chromium.kill();
      return launchBrowser(options);
    }
    return connectBrowser(chromium, options);
  };
}

function exitsWithin(chromium: ChromiumProcess, ms: number): Promise<boolean> {
  return Promise.race([chromium.exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms).unref())]);
}

function launchError(chromium: ChromiumProcess): BrowserLaunchError {
  return new BrowserLaunchError(chromium.exitDescription() ?? 'exited', chromium.stderrTail());
}
