import puppeteer from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { chromiumArgs } from './chromium-args.js';
import { chromiumCommandLine } from './spawn-chromium.js';

describe('chromiumArgs', () => {
  it('disables the sandbox only when running as root', () => {
    expect(chromiumArgs({ runningAsRoot: true })).toContain('--no-sandbox');
    expect(chromiumArgs({ runningAsRoot: false })).not.toContain('--no-sandbox');
    expect(chromiumArgs({ runningAsRoot: false })).not.toContain('--disable-setuid-sandbox');
  });

  it('always carries the server and determinism flags and the network kill switch', () => {
    const args = chromiumArgs({ runningAsRoot: false });
    for (const flag of [
      '--disable-dev-shm-usage',
      '--font-render-hinting=none',
      '--hide-scrollbars',
      '--proxy-server=http://127.0.0.1:9',
      '--proxy-bypass-list=<-loopback>',
      '--host-resolver-rules=MAP * ~NOTFOUND',
    ]) {
      expect(args).toContain(flag);
    }
  });

  it('appends extra args last, so they can override', () => {
    expect(chromiumArgs({ runningAsRoot: false, extraArgs: ['--lang=de'] }).at(-1)).toBe('--lang=de');
  });

  it("carries every flag puppeteer's own launch would have added (Chromium is spawned without it)", () => {
    const ours = chromiumCommandLine({ userDataDir: '/data/chromium/1-a', runningAsRoot: false });
    const features = (args: string[], name: string) =>
      args
        .find((a) => a.startsWith(`${name}=`))
        ?.split('=')[1]
        ?.split(',') ?? [];
    const theirs = puppeteer.defaultArgs({ headless: true, args: [] });
    for (const flag of theirs.filter((f) => !f.startsWith('--disable-features=') && !f.startsWith('--enable-features='))) {
      expect(ours).toContain(flag);
    }
    for (const name of ['--disable-features', '--enable-features']) {
      expect(features(ours, name)).toEqual(expect.arrayContaining(features(theirs, name)));
    }
    // Chromium reads only the last of a repeated flag: one of each.
    expect(ours.filter((a) => a.startsWith('--disable-features=')).length).toBe(1);
    expect(ours).toContain('--remote-debugging-pipe');
    expect(ours).toContain('--user-data-dir=/data/chromium/1-a');
  });

  it('asks the headless shell for frames on demand, and only it', () => {
    const shell = chromiumArgs({ runningAsRoot: false, frameMode: 'on-demand' });
    expect(shell).toEqual(expect.arrayContaining(['--enable-begin-frame-control', '--run-all-compositor-stages-before-draw']));
    expect(shell).not.toContain('--headless=new');
    const full = chromiumArgs({ runningAsRoot: false });
    expect(full).toContain('--headless=new');
    expect(full).not.toContain('--enable-begin-frame-control');
  });

  it('has no flag twice', () => {
    const args = chromiumArgs({ runningAsRoot: true });
    expect(new Set(args).size).toBe(args.length);
  });
});
