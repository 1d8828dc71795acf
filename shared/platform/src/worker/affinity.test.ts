import { describe, expect, it } from 'vitest';
import { AFFINITY_BUCKET_MS, affinityFlag, forbiddenAffinityFlags } from './affinity.js';

describe('affinity flags', () => {
  const now = 1_000_000;

  it('forbids another worker’s fresh flag, and frees it once the hold has passed', () => {
    const flag = affinityFlag('b', now);
    expect(forbiddenAffinityFlags(['b'], now, 250)).toContain(flag);
    expect(forbiddenAffinityFlags(['b'], now + 200, 250)).toContain(flag);
    expect(forbiddenAffinityFlags(['b'], now + 250 + AFFINITY_BUCKET_MS, 250)).not.toContain(flag);
  });

  it('never holds a job longer than the hold, whatever the clock says', () => {
    for (let t = 0; t < 2_000; t += 7) {
      const forbidden = forbiddenAffinityFlags(['b'], now + t, 250);
      if (t > 250) expect(forbidden).not.toContain(affinityFlag('b', now));
    }
  });

  it('forbids nothing of its own and nothing with the hold off', () => {
    expect(forbiddenAffinityFlags([], now, 250)).toEqual([]);
    expect(forbiddenAffinityFlags(['b'], now, 0)).toEqual([]);
    expect(forbiddenAffinityFlags(['b', 'c'], now, 250).length).toBe(2 * (250 / AFFINITY_BUCKET_MS));
  });
});
