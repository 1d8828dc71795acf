import { describe, expect, it } from 'vitest';
import { decide, windowsFor } from './rate-limit-plan.js';
import type { WindowCount } from './rate-limits.js';

const budgets = {
  globalPerSecond: 10,
  tiers: {
    polling: { perMinute: 600, perHour: 18000 },
    read: { perMinute: 120, perHour: 3000 },
    validation: { perMinute: 120, perHour: 2400 },
    write: { perMinute: 60, perHour: 1200 },
  },
};

function counts(global: number, minute: number, hour: number, now = 1_000_030.2): WindowCount[] {
  return [
    { bucket: 'global', seconds: 1, limit: 10, count: global, resetAt: 1_000_031, now },
    { bucket: 'read:minute', seconds: 60, limit: 120, count: minute, resetAt: 1_000_080, now },
    { bucket: 'read:hour', seconds: 3600, limit: 3000, count: hour, resetAt: 1_003_600, now },
  ];
}

describe('windowsFor', () => {
  it('counts the global ceiling alone on unbudgeted endpoints', () => {
    expect(windowsFor(null, budgets).map((w) => w.bucket)).toEqual(['global']);
  });
  it('adds the tier minute and hour windows', () => {
    expect(windowsFor('write', budgets)).toEqual([
      { bucket: 'global', seconds: 1, limit: 10 },
      { bucket: 'write:minute', seconds: 60, limit: 60 },
      { bucket: 'write:hour', seconds: 3600, limit: 1200 },
    ]);
  });
});

describe('decide', () => {
  it('allows within budget and describes the window closest to exhaustion', () => {
    const d = decide(counts(1, 100, 2990));
    expect(d.refusal).toBeNull();
    expect(d.headers).toEqual({ 'x-ratelimit-limit': '3000', 'x-ratelimit-remaining': '10', 'x-ratelimit-reset': '1003600' });
  });
  it('refuses past the tier budget with request_rate_limited and a Retry-After of at least 1', () => {
    const d = decide(counts(1, 121, 200));
    expect(d.refusal).toMatchObject({ id: 'request_rate_limited', retryAfter: 50 });
    expect(d.headers['x-ratelimit-remaining']).toBe('0');
  });
  it('checks the global ceiling first', () => {
    expect(decide(counts(11, 500, 500)).refusal?.id).toBe('rate_limit_exceeded');
  });
  it('never answers Retry-After 0', () => {
    expect(decide(counts(11, 1, 1, 1_000_030.999)).refusal?.retryAfter).toBe(1);
  });
  it('sends no headers on unbudgeted endpoints', () => {
    expect(decide([{ bucket: 'global', seconds: 1, limit: 10, count: 1, resetAt: 2, now: 1 }]).headers).toEqual({});
  });
});
