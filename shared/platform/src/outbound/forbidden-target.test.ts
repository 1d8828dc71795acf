import { describe, expect, it } from 'vitest';
import { isForbiddenTarget } from './forbidden-target.js';

const resolvesTo =
  (...addresses: string[]) =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('isForbiddenTarget', () => {
  it.each([
    'https://127.0.0.1/x',
    'https://[::1]/',
    'https://169.254.169.254/',
    'https://10.0.0.1/',
    'https://192.168.1.1:8443/hook',
    'https://[::ffff:127.0.0.1]/',
    'https://[fe80::1]/',
    'https://2130706433/', // decimal 127.0.0.1
    'https://0177.0.0.1/', // octal 127.0.0.1
    'https://0x7f.1/', // hex and short form
    'https://0/',
  ])('refuses the literal address of %s without resolving anything', async (url) => {
    const resolve = async () => {
      throw new Error('a literal address is never resolved');
    };
    expect(await isForbiddenTarget(url, { resolve })).toBe(true);
  });

  it('accepts a public literal address', async () => {
    expect(await isForbiddenTarget('https://93.184.215.14/x')).toBe(false);
    expect(await isForbiddenTarget('https://[2606:4700::1111]/x')).toBe(false);
  });

  it('refuses a name whose every answer is forbidden, and accepts one with a public answer', async () => {
    expect(await isForbiddenTarget('https://hooks.example/x', { resolve: resolvesTo('127.0.0.1', '::1') })).toBe(true);
    expect(await isForbiddenTarget('https://hooks.example/x', { resolve: resolvesTo('10.1.2.3', '93.184.215.14') })).toBe(false);
  });

  it('localhost, through the system resolver', async () => {
    expect(await isForbiddenTarget('https://localhost/x')).toBe(true);
  });

  it('does not refuse a name that does not resolve, or not in time: delivery re-checks', async () => {
    const fails = async () => {
      throw Object.assign(new Error('nope'), { code: 'ENOTFOUND' });
    };
    expect(await isForbiddenTarget('https://nowhere.invalid/x', { resolve: fails })).toBe(false);
    const never = () => new Promise<never>(() => undefined);
    expect(await isForbiddenTarget('https://slow.example/x', { resolve: never, resolveTimeoutMs: 10 })).toBe(false);
  });
});
