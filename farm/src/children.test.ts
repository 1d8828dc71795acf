import { describe, expect, it } from 'vitest';
import { childLogLevel, shouldRelay } from './children.js';

describe('role log levels under the farm', () => {
  it('keeps roles at info or below so their ready lines reach the farm', () => {
    expect(childLogLevel('warn')).toBe('info');
    expect(childLogLevel('silent')).toBe('info');
    expect(childLogLevel('info')).toBe('info');
    expect(childLogLevel('debug')).toBe('debug');
  });

  it('relays only lines at the configured level or above, and every non-JSON line', () => {
    const info = '{"level":30,"msg":"render worker running"}';
    const warn = '{"level":40,"msg":"job failed"}';
    expect(shouldRelay(info, 'warn')).toBe(false);
    expect(shouldRelay(warn, 'warn')).toBe(true);
    expect(shouldRelay(info, 'info')).toBe(true);
    expect(shouldRelay('[: 1: unexpected operator', 'error')).toBe(true);
  });
});
