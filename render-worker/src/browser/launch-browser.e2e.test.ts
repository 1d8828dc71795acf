// Chromium spawned by us on its DevTools pipe and puppeteer connected to it: the launch a worker
// begins before it loads puppeteer (early-launch.ts), its failures, and the supervisor adopting it.
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { until } from '@pressroom/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserSupervisor } from './browser-supervisor.js';
import { spawnEarlyChromium } from './early-launch.js';
import { BrowserLaunchError } from './errors.js';
import { resolveExecutablePath } from './executable-path.js';
import { adoptingLauncher, connectBrowser, launchBrowser } from './launch-browser.js';
import { profileRoot } from './profile-dirs.js';
import { spawnChromium } from './spawn-chromium.js';
import { withPage } from './with-page.js';

let dir = '';
let root = '';
const chromiumPath = resolveExecutablePath() ?? 'chromium';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pressroom-launch-'));
  root = join(dir, 'profiles');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A stand-in for Chromium: a shell script. */
async function fakeBrowser(name: string, body: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, `#!/bin/sh\n${body}\n`);
  await chmod(path, 0o755);
  return path;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('spawnChromium + connectBrowser', () => {
  it('drives a Chromium spawned on its own over the pipe, then closes it and its profile folder', async () => {
    const chromium = await spawnChromium({ executablePath: chromiumPath, profileRoot: root });
    const args = (await readFile(`/proc/${chromium.pid}/cmdline`, 'utf8')).split('\0');
    expect(args).toContain('--remote-debugging-pipe');
    expect(args).toContain(`--user-data-dir=${chromium.userDataDir}`);
    expect(chromium.userDataDir.startsWith(`${root}/${process.pid}-`)).toBe(true);

    const launched = await connectBrowser(chromium);
    expect(await launched.browser.version()).toMatch(/Chrome/);
    // Nothing but the first tab: no WebUI the browser loads for itself (omnibox popups cost
    // seconds of CPU at every launch; chromium-args.ts turns them off).
    expect(
      launched.browser
        .targets()
        .map((t) => `${t.type()} ${t.url()}`)
        .sort(),
    ).toEqual(['browser ', 'page about:blank']);
    const page = await launched.browser.newPage();
    await page.setContent('<p>Grüße ✓</p>');
    expect(await page.evaluate(() => document.body.textContent)).toBe('Grüße ✓');

    await launched.close();
    expect(isAlive(chromium.pid)).toBe(false);
    expect(existsSync(chromium.userDataDir)).toBe(false);
    expect(launched.browser.connected).toBe(false);
  });

  it('a program that is not there fails with BrowserLaunchError and leaves no profile folder', async () => {
    const launch = launchBrowser({ executablePath: join(dir, 'no-such-chromium'), profileRoot: root });
    await expect(launch).rejects.toBeInstanceOf(BrowserLaunchError);
    await expect(launch).rejects.toThrow(/ENOENT/);
    expect(await readdir(root)).toEqual([]);
  });

  it('a browser that exits before it answers fails the launch with its exit code and stderr', async () => {
    const crashing = await fakeBrowser('crashing', 'echo "Missing X server or $DISPLAY" >&2\nexit 3');
    const launch = launchBrowser({ executablePath: crashing, profileRoot: root });
    await expect(launch).rejects.toBeInstanceOf(BrowserLaunchError);
    await expect(launch).rejects.toThrow(/code 3[\s\S]*Missing X server/);
    expect(await readdir(root)).toEqual([]);
  });

  it('a browser that never answers fails after the launch timeout and is killed', async () => {
    const pidFile = join(dir, 'silent.pid');
    const silent = await fakeBrowser('silent', `echo $$ > ${pidFile}\nexec sleep 600`);
    const launch = launchBrowser({ executablePath: silent, profileRoot: root, launchTimeoutMs: 300 });
    await expect(launch).rejects.toThrow(/did not answer within 300 ms/);
    const pid = Number(await readFile(pidFile, 'utf8'));
    expect(isAlive(pid)).toBe(false);
    expect(await readdir(root)).toEqual([]);
  });
});

describe('the early launch of a worker', () => {
  it('spawns PUPPETEER_EXECUTABLE_PATH into a profile folder under DATA_DIR', async () => {
    const argsFile = join(dir, 'args.txt');
    const recorder = await fakeBrowser('recorder', `printf '%s\\n' "$@" > ${argsFile}\nexec sleep 600`);
    const dataDir = join(dir, 'data');
    const chromium = await spawnEarlyChromium({ PUPPETEER_EXECUTABLE_PATH: recorder, DATA_DIR: dataDir });
    expect(chromium).not.toBeNull();
    try {
      // about:blank is the last argument: once it is there, the file is whole.
      await until(
        'the early Chromium to write its whole command line',
        async () => existsSync(argsFile) && (await readFile(argsFile, 'utf8')).includes('about:blank'),
      );
      const args = (await readFile(argsFile, 'utf8')).split('\n');
      expect(args).toContain('--remote-debugging-pipe');
      expect(args.find((a) => a.startsWith('--user-data-dir='))).toMatch(
        new RegExp(`^--user-data-dir=${profileRoot(dataDir)}/${process.pid}-`),
      );
    } finally {
      chromium!.kill();
      await chromium!.exited;
    }
    expect(await readdir(profileRoot(dataDir))).toEqual([]);
  });

  it('the supervisor adopts the early browser first, and launches anew after it dies', async () => {
    const early = spawnChromium({ executablePath: chromiumPath, profileRoot: root });
    const sup = new BrowserSupervisor({ launch: adoptingLauncher(early, { profileRoot: root }) });
    try {
      const earlyPid = (await early).pid;
      expect(await withPage(sup, async () => sup.browserPid(), { timeoutMs: 30_000 })).toBe(earlyPid);
      process.kill(earlyPid, 'SIGKILL');
      await until('the supervisor to see the early Chromium gone', () => sup.browserPid() === null);
      const next = await withPage(sup, async () => sup.browserPid(), { timeoutMs: 30_000 });
      expect(next).not.toBe(earlyPid);
      expect(next).not.toBeNull();
    } finally {
      await sup.stop();
    }
    await until(`the profile root ${root} to be empty`, async () => (await readdir(root)).length === 0);
  });

  it('an early browser in another profile root than the config says is replaced', async () => {
    const early = spawnChromium({ executablePath: chromiumPath, profileRoot: join(dir, 'elsewhere') });
    const sup = new BrowserSupervisor({ launch: adoptingLauncher(early, { profileRoot: root }) });
    try {
      const pid = await withPage(sup, async () => sup.browserPid(), { timeoutMs: 30_000 });
      expect(pid).not.toBe((await early).pid);
      await (await early).exited;
      expect(await readdir(join(dir, 'elsewhere'))).toEqual([]);
    } finally {
      await sup.stop();
    }
  });
});
