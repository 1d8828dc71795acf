import { describe, expect, it } from 'vitest';
import { httpsUrl, WEBHOOK_URL_PATTERN } from './rules.js';

describe('httpsUrl accepts exactly the documented WEBHOOK_URL_PATTERN (schemathesis found a URL it took outside it)', () => {
  const pattern = new RegExp(WEBHOOK_URL_PATTERN);
  it.each([
    'https://hooks.example.com/in',
    'https://hooks.example.com/in?token=a&b=c',
    'https://127.0.0.1:38241/callback/export',
    'https://x.io:65535/',
    'https://x.io/a%20b?q=%C3%A9',
  ])('accepts %s', (url) => {
    expect(pattern.test(url)).toBe(true);
    expect(httpsUrl().safeParse(url).success).toBe(true);
  });
  it.each(['https://rx.7cph0i2u.io*', 'https:example.com', 'http://example.com/x', 'https://x.io:65536/', 'https://x.io/a b'])(
    'refuses %s',
    (url) => {
      expect(pattern.test(url)).toBe(false);
      expect(httpsUrl().safeParse(url).success).toBe(false);
    },
  );
});
