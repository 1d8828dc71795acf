import { describe, expect, it } from 'vitest';
import { createPrettifier, resolveLogFormat } from './logger.js';

describe('resolveLogFormat', () => {
  it('is readable on a terminal and JSON elsewhere, unless told', () => {
    expect(resolveLogFormat('auto', true)).toBe('pretty');
    expect(resolveLogFormat('auto', false)).toBe('json');
    expect(resolveLogFormat('json', true)).toBe('json');
    expect(resolveLogFormat('pretty', false)).toBe('pretty');
  });
});

describe('createPrettifier', () => {
  const pretty = createPrettifier({ colorize: false });

  it('prints the role as a prefix and the message on one line', () => {
    const line = JSON.stringify({
      level: 30,
      time: Date.UTC(2026, 0, 1),
      role: 'render-worker',
      pid: 1,
      hostname: 'h',
      msg: 'render worker running',
      concurrency: 4,
    });
    const out = pretty(line);
    expect(out).toMatch(/INFO.*\[render-worker\] render worker running/);
    expect(out).toContain('concurrency');
    expect(out).not.toContain('hostname');
    expect(out.trimEnd().split('\n')).toHaveLength(1);
  });

  it('passes lines that are not JSON through', () => {
    expect(pretty('[: 1: unexpected operator')).toBe('[: 1: unexpected operator\n');
  });
});
