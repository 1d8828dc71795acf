// Chromium profile folders: under the worker's data folder, never puppeteer's /tmp default; gone
// when their browser dies; and a folder left by a SIGKILLed worker is removed by the next launch.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { until } from '@pressroom/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveExecutablePath } from './executable-path.js';
import { launchBrowser } from './launch-browser.js';
import { socketDirOf } from './profile-dirs.js';

let root = '';
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'pressroom-profiles-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function cmdline(pid: number): Promise<string[]> {
  return (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
}

// A full Chromium keeps a process-singleton socket folder under /tmp; the headless shell (the render
// pool's default, executable-path.ts) makes none. The tests of that folder run the full one.
const fullChromium = resolveExecutablePath() ?? 'chromium';

describe('Chromium profile folders', () => {
  it("a browser's profile is its own folder under the root (not /tmp/puppeteer_dev_chrome_profile-*), removed when it is SIGKILLed", async () => {
    const { chromium } = await launchBrowser({ profileRoot: root });
    const pid = chromium.pid;
    const args = await cmdline(pid);
    const dirArg = args.find((a) => a.startsWith('--user-data-dir='));
    expect(dirArg).toBeDefined();
    const dir = dirArg!.slice('--user-data-dir='.length);
    expect(dir.startsWith(`${root}/${process.pid}-`)).toBe(true);
    expect(args.some((a) => a.includes('puppeteer_dev_chrome_profile'))).toBe(false);
    expect(existsSync(dir)).toBe(true);
    process.kill(pid, 'SIGKILL');
    await until(`the SIGKILLed browser's profile ${dir} to be removed`, () => !existsSync(dir));
  });

  it("Chromium's own temp folder (/tmp/org.chromium.Chromium.*) goes with its profile when the browser is SIGKILLed", async () => {
    const launched = await launchBrowser({ profileRoot: root, executablePath: fullChromium });
    const dir = launched.chromium.userDataDir;
    const socketDir = await until(`Chromium's socket folder for ${dir}`, () => socketDirOf(dir));
    expect(existsSync(socketDir)).toBe(true);
    process.kill(launched.chromium.pid, 'SIGKILL');
    await until(`the SIGKILLed browser's profile ${dir} to be removed`, () => !existsSync(dir));
    expect(existsSync(socketDir!)).toBe(false);
  });

  it('the folder of a SIGKILLed worker and its browser is removed by the next launch', async () => {
    const script = fileURLToPath(new URL('./testing/launch-and-wait.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', script, root], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, PUPPETEER_EXECUTABLE_PATH: fullChromium },
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += String(d);
    });
    await until('the child process to print its browser pid', () => out.includes('\n'), { timeoutMs: 60_000 });
    const { browserPid } = JSON.parse(out) as { browserPid: number };
    const left = (await readdir(root)).filter((n) => n.startsWith(`${child.pid}-`));
    expect(left).toHaveLength(1);
    // kill -9 of the worker and of its browser: nobody is left to clean up.
    child.kill('SIGKILL');
    process.kill(browserPid, 'SIGKILL');
    await new Promise((r) => child.once('exit', r));
    await new Promise((r) => setTimeout(r, 300));
    expect(existsSync(join(root, left[0]!))).toBe(true);
    const leftSocketDir = await socketDirOf(join(root, left[0]!));
    expect(leftSocketDir && existsSync(leftSocketDir)).toBe(true);

    const next = await launchBrowser({ profileRoot: root });
    try {
      expect(existsSync(join(root, left[0]!))).toBe(false);
      expect(existsSync(leftSocketDir!)).toBe(false);
      expect((await readdir(root)).every((n) => n.startsWith(`${process.pid}-`))).toBe(true);
    } finally {
      await next.close();
    }
    await until(`the profile root ${root} to be empty`, async () => (await readdir(root)).length === 0);
  });
});
