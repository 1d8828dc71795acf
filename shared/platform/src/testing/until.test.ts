import { describe, expect, it } from 'vitest';
import { until } from './until.js';

describe('until', () => {
  it('answers the first truthy value the check gives, sync or async, checking every interval', async () => {
    let calls = 0;
    expect(await until('the third call', () => ++calls >= 3 && { calls }, { intervalMs: 1 })).toEqual({ calls: 3 });
    const at: number[] = [];
    const start = Date.now();
    expect(
      await until(
        'an async check',
        async () => {
          at.push(Date.now() - start);
          return at.length === 3 ? 'done' : '';
        },
        { intervalMs: 30 },
      ),
    ).toBe('done');
    // Each check waits the interval after the one before (a lower bound: never a speed check).
    expect(at[2]! - at[0]!).toBeGreaterThanOrEqual(60);
  });

  it('checks once and answers at once when the condition already holds', async () => {
    let calls = 0;
    expect(await until('nothing', () => ++calls, { intervalMs: 60_000 })).toBe(1);
  });

  it('throws past the timeout, naming what it waited for, the timeout and the detail', async () => {
    let calls = 0;
    const start = Date.now();
    await expect(
      until(
        'the queue to drain',
        () => {
          calls++;
          return false;
        },
        { timeoutMs: 100, intervalMs: 10, detail: () => `seen ${calls} checks` },
      ),
    ).rejects.toThrow(/^timed out after 0\.1 s waiting for the queue to drain\nseen \d+ checks$/);
    expect(Date.now() - start).toBeGreaterThanOrEqual(100);
    expect(calls).toBeGreaterThan(1);
    await expect(until('a pid to exit', () => null, { timeoutMs: 0 })).rejects.toThrow('timed out after 0 s waiting for a pid to exit');
  });

  it('ends the wait with the error a check throws', async () => {
    let calls = 0;
    await expect(
      until(
        'a status',
        async () => {
          if (++calls === 2) throw new Error('500 from the API');
          return false;
        },
        { intervalMs: 1 },
      ),
    ).rejects.toThrow('500 from the API');
    expect(calls).toBe(2);
  });
});
