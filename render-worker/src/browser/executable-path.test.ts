import { describe, expect, it } from 'vitest';
import { DEBIAN_CHROMIUM, resolveExecutablePath } from './executable-path.js';

describe('resolveExecutablePath', () => {
  it('prefers PUPPETEER_EXECUTABLE_PATH', () => {
    expect(resolveExecutablePath({ PUPPETEER_EXECUTABLE_PATH: '/opt/chrome' }, () => true)).toBe('/opt/chrome');
  });
  it('falls back to Debian chromium when it exists', () => {
    expect(resolveExecutablePath({}, (p) => p === DEBIAN_CHROMIUM)).toBe(DEBIAN_CHROMIUM);
  });
  it('finds chromium-browser or google-chrome on the PATH', () => {
    expect(resolveExecutablePath({ PATH: '/opt/a:/opt/b' }, (p) => p === '/opt/b/chromium-browser')).toBe('/opt/b/chromium-browser');
    expect(resolveExecutablePath({ PATH: '/opt/a' }, (p) => p === '/opt/a/google-chrome')).toBe('/opt/a/google-chrome');
  });
  it("leaves it to puppeteer's default otherwise", () => {
    expect(resolveExecutablePath({ PUPPETEER_EXECUTABLE_PATH: '', PATH: '/opt/a' }, () => false)).toBeUndefined();
  });
});
