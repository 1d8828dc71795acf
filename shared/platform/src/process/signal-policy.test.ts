import { describe, expect, it } from 'vitest';
import { decideSignal, REPEAT_SIGNAL_WINDOW_MS } from './signal-policy.js';

describe('decideSignal', () => {
  it('drains on the first signal', () => {
    expect(decideSignal(undefined, 1_000)).toBe('drain');
  });

  it('ignores copies of the same Ctrl-C arriving by another route', () => {
    expect(decideSignal(1_000, 1_000)).toBe('ignore');
    expect(decideSignal(1_000, 1_000 + REPEAT_SIGNAL_WINDOW_MS - 1)).toBe('ignore');
  });

  it('forces the exit on a later, deliberate second signal', () => {
    expect(decideSignal(1_000, 1_000 + REPEAT_SIGNAL_WINDOW_MS)).toBe('force');
    expect(decideSignal(1_000, 60_000)).toBe('force');
  });

  it('honours a custom window', () => {
    expect(decideSignal(0, 50, 100)).toBe('ignore');
    expect(decideSignal(0, 100, 100)).toBe('force');
  });
});
