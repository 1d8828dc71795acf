import { describe, expect, it } from 'vitest';
import { HEALTHY_AFTER_MS, planRestart, RESTART_MAX_DELAY_MS } from './restart-policy.js';

describe('planRestart', () => {
  it('doubles the delay for crashes in a row, up to the cap', () => {
    let crashes = 0;
    const delays: number[] = [];
    for (let i = 0; i < 8; i++) {
      const next = planRestart(crashes, 1_000);
      crashes = next.consecutiveCrashes;
      delays.push(next.delayMs);
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(Math.max(...delays)).toBe(RESTART_MAX_DELAY_MS);
  });

  it('starts over after a healthy period, so an old outage does not carry over', () => {
    expect(planRestart(7, HEALTHY_AFTER_MS)).toEqual({ consecutiveCrashes: 1, delayMs: 1_000 });
    expect(planRestart(7, HEALTHY_AFTER_MS - 1).delayMs).toBe(RESTART_MAX_DELAY_MS);
  });

  it('honours a custom healthy period', () => {
    expect(planRestart(5, 10, 10).consecutiveCrashes).toBe(1);
    expect(planRestart(5, 9, 10).consecutiveCrashes).toBe(6);
  });
});

describe('planRestart with another first delay (the embedded Postgres, EMBEDDED_PG_RESTART_DELAY_MS)', () => {
  it('starts at that delay and doubles it', () => {
    expect(planRestart(0, 1_000, HEALTHY_AFTER_MS, 200).delayMs).toBe(200);
    expect(planRestart(1, 1_000, HEALTHY_AFTER_MS, 200).delayMs).toBe(400);
    expect(planRestart(20, 1_000, HEALTHY_AFTER_MS, 200).delayMs).toBe(12_800);
  });
});
