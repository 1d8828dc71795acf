import { describe, expect, it } from 'vitest';
import { chromiumArgs } from './chromium-args.js';

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
});
