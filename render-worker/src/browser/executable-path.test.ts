import { describe, expect, it } from 'vitest';
import { DEBIAN_CHROMIUM, DEBIAN_HEADLESS_SHELL, frameModeOf, resolveExecutablePath, resolveRenderExecutable } from './executable-path.js';

describe('resolveExecutablePath (a full Chromium)', () => {
  it('prefers PUPPETEER_EXECUTABLE_PATH', () => {
    expect(resolveExecutablePath({ PUPPETEER_EXECUTABLE_PATH: '/opt/chrome' }, () => true)).toBe('/opt/chrome');
  });
  it('falls back to Debian chromium when it exists, never to the headless shell', () => {
    expect(resolveExecutablePath({}, (p) => p === DEBIAN_CHROMIUM || p === DEBIAN_HEADLESS_SHELL)).toBe(DEBIAN_CHROMIUM);
    expect(resolveExecutablePath({}, (p) => p === DEBIAN_HEADLESS_SHELL)).toBeUndefined();
  });
  it('finds chromium-browser or google-chrome on the PATH', () => {
    expect(resolveExecutablePath({ PATH: '/opt/a:/opt/b' }, (p) => p === '/opt/b/chromium-browser')).toBe('/opt/b/chromium-browser');
    expect(resolveExecutablePath({ PATH: '/opt/a' }, (p) => p === '/opt/a/google-chrome')).toBe('/opt/a/google-chrome');
  });
  it("leaves it to puppeteer's default otherwise", () => {
    expect(resolveExecutablePath({ PUPPETEER_EXECUTABLE_PATH: '', PATH: '/opt/a' }, () => false)).toBeUndefined();
  });
});

describe('resolveRenderExecutable (the render pool)', () => {
  it('prefers PUPPETEER_EXECUTABLE_PATH, even over a headless shell', () => {
    expect(resolveRenderExecutable({ PUPPETEER_EXECUTABLE_PATH: '/opt/chrome' }, () => true)).toBe('/opt/chrome');
  });
  it("takes Debian's headless shell before Debian's chromium", () => {
    expect(resolveRenderExecutable({}, (p) => p === DEBIAN_CHROMIUM || p === DEBIAN_HEADLESS_SHELL)).toBe(DEBIAN_HEADLESS_SHELL);
  });
  it('finds chrome-headless-shell on the PATH before a full Chrome', () => {
    const path = { PATH: '/opt/a:/opt/b' };
    expect(resolveRenderExecutable(path, (p) => p === '/opt/a/google-chrome' || p === '/opt/b/chrome-headless-shell')).toBe(
      '/opt/b/chrome-headless-shell',
    );
  });
  it('falls back to a full Chromium, then to puppeteer', () => {
    expect(resolveRenderExecutable({}, (p) => p === DEBIAN_CHROMIUM)).toBe(DEBIAN_CHROMIUM);
    expect(resolveRenderExecutable({ PATH: '/opt/a' }, () => false)).toBeUndefined();
  });
});

describe('frameModeOf', () => {
  it('draws on demand only in a headless shell', () => {
    expect(frameModeOf(DEBIAN_HEADLESS_SHELL)).toBe('on-demand');
    expect(frameModeOf('/usr/lib/chromium/chromium-headless-shell')).toBe('on-demand');
    expect(
      frameModeOf('/home/u/.cache/puppeteer/chrome-headless-shell/linux-148/chrome-headless-shell-linux64/chrome-headless-shell'),
    ).toBe('on-demand');
    expect(frameModeOf(DEBIAN_CHROMIUM)).toBe('compositor');
    expect(frameModeOf('/opt/google/chrome/chrome')).toBe('compositor');
    expect(frameModeOf('/opt/headless-shell-tools/chrome')).toBe('compositor');
  });
});
