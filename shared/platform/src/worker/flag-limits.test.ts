import { describe, expect, it } from 'vitest';
import { FlagLimits } from './flag-limits.js';

const bulk = { flags: { bulk: true as const } };
const warmBulk = { flags: { bulk: true as const, 'warm:A:1': true as const } };
const plain = { flags: null };

describe('FlagLimits', () => {
  it('forbids a flag once its running jobs reach the limit, and frees it when one finishes', () => {
    const limits = new FlagLimits({ bulk: 2 });
    expect(limits.beginFetch()).toEqual([]);
    limits.fetched(bulk);
    expect(limits.beginFetch()).toEqual([]);
    limits.fetched(warmBulk);
    expect(limits.inUse('bulk')).toBe(2);
    expect(limits.beginFetch()).toEqual(['bulk']);
    limits.fetched(plain); // the forbidden fetch brought an interactive job: no bulk slot taken
    expect(limits.inUse('bulk')).toBe(2);
    limits.finished(bulk);
    expect(limits.beginFetch()).toEqual([]);
  });

  it('counts every fetch in flight as one that may bring a flagged job, so slots fetching at once cannot pass the limit', () => {
    const limits = new FlagLimits({ bulk: 2 });
    // Four slots nudged in the same instant: only two may take a bulk job.
    expect([limits.beginFetch(), limits.beginFetch(), limits.beginFetch(), limits.beginFetch()]).toEqual([[], [], ['bulk'], ['bulk']]);
    limits.fetched(bulk);
    limits.fetched(bulk);
    limits.fetched(null);
    limits.fetched(plain);
    expect(limits.inUse('bulk')).toBe(2);
  });

  it('ignores flags it has no limit for, and never counts below zero', () => {
    const limits = new FlagLimits({ bulk: 1 });
    limits.fetched({ flags: { 'warm:A:1': true } });
    expect(limits.beginFetch()).toEqual([]);
    limits.fetched(null);
    limits.fetched(null); // an error event without a fetch of ours
    limits.finished(bulk);
    expect(limits.inUse('bulk')).toBe(0);
    expect(limits.beginFetch()).toEqual([]);
  });
});
