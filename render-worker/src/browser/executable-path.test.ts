import { describe, expect, it } from 'vitest';
import { DEBIAN_CHROMIUM, resolveExecutablePath } from './executable-path.js';

describe('resolveExecutablePath', () => {
  it('prefers PUPPETEER_EXECUTABLE_PATH', () => {
    expect(resolveExecutablePath({ PUPPETEER_EXECUTABLE_PATH: '/opt/chrome' }, () => true)).toBe('/opt/chrome');
  });
  it('falls back to Debian chromium when it exists', () => {
    expect(resolveExecutablePath({}, (p) => p === DEBIAN_CHROMIUM)).toBe(DEBIAN_CHROMIUM);
  });
  it("leaves it to puppeteer's default otherwise", () => {
    expect(resolveExecutablePath({ PUPPETEER_EXECUTABLE_PATH: '' }, () => false)).toBeUndefined();
  });
});
