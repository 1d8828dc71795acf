import { describe, expect, it } from 'vitest';
import { DEFAULT_GAPS_MS, EXPORT_CALLBACK_GAPS_MS, maxAttempts, parseGaps, parseRetryAfter, planNextAttempt } from './schedule.js';

const now = new Date('2026-11-22T10:00:00Z');
const standard = { gapsMs: DEFAULT_GAPS_MS, timeScale: 1 };

describe('planNextAttempt', () => {
  it.each([
    [1, 15_000],
    [2, 180_000],
    [3, 600_000],
    [4, 1_800_000],
    [5, 7_200_000],
  ])('after attempt %i waits %i ms', (attempt, delay) => {
    const next = planNextAttempt({ attempt, schedule: standard, now, retryAfterMs: null });
    expect(next).toEqual({ kind: 'retry', attempt: attempt + 1, delayMs: delay, runAt: new Date(now.getTime() + delay) });
  });

  it('is exhausted after the sixth attempt: 6 attempts in total', () => {
    expect(maxAttempts(standard)).toBe(6);
    expect(planNextAttempt({ attempt: 6, schedule: standard, now, retryAfterMs: null })).toEqual({ kind: 'exhausted' });
  });

  it('export callbacks start at 60 s', () => {
    const next = planNextAttempt({ attempt: 1, schedule: { gapsMs: EXPORT_CALLBACK_GAPS_MS, timeScale: 1 }, now, retryAfterMs: null });
    expect(next.kind === 'retry' && next.delayMs).toBe(60_000);
  });

  it('scales gaps with the time scale', () => {
    const next = planNextAttempt({ attempt: 2, schedule: { gapsMs: DEFAULT_GAPS_MS, timeScale: 0.001 }, now, retryAfterMs: null });
    expect(next.kind === 'retry' && next.delayMs).toBe(180);
  });

  it.each([
    ['shorter than the gap: the gap wins', 1, 5_000, 15_000],
    ['longer than the gap: honoured', 1, 120_000, 120_000],
    ['longer than the longest gap: capped at 2 h', 1, 86_400_000, 7_200_000],
    ['on the last gap, capped at that gap', 5, 86_400_000, 7_200_000],
  ])('Retry-After %s', (_name, attempt, retryAfterMs, delay) => {
    const next = planNextAttempt({ attempt, schedule: standard, now, retryAfterMs });
    expect(next.kind === 'retry' && next.delayMs).toBe(delay);
  });

  it('a Retry-After never adds an attempt', () => {
    expect(planNextAttempt({ attempt: 6, schedule: standard, now, retryAfterMs: 1000 })).toEqual({ kind: 'exhausted' });
  });
});

describe('parseRetryAfter', () => {
  it.each([
    ['120', 120_000],
    [' 7 ', 7_000],
    ['Sun, 22 Nov 2026 10:01:00 GMT', 60_000],
    ['Sun, 22 Nov 2026 09:00:00 GMT', null],
    ['-5', null],
    ['1.5', null],
    ['soon', null],
    ['', null],
    [null, null],
  ])('%s → %s', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });
});

describe('parseGaps', () => {
  it('parses the config format', () => expect(parseGaps('15000, 180000')).toEqual([15_000, 180_000]));
  it.each(['', 'a,b', '1,-2'])('refuses %j', (text) => expect(() => parseGaps(text)).toThrow());
});
