import { describe, expect, it } from 'vitest';
import { medianRun } from './runs.js';

const row = (wallSeconds: number, notes = `run of ${wallSeconds}`) => ({ wallSeconds, notes, case: 'mp4' });

describe('medianRun', () => {
  it('is the one run as it was', () => {
    const one = row(2.5);
    expect(medianRun([one])).toBe(one);
  });

  it('is the run with the median wall time, its notes listing every run in order', () => {
    const got = medianRun([row(3.1), row(2.7), row(2.9)]);
    expect(got.wallSeconds).toBe(2.9);
    expect(got.case).toBe('mp4');
    expect(got.notes).toBe('median of 3 runs (3.10, 2.70, 2.90 s), its figures: run of 2.9');
  });

  it('of an even number of runs, is the lower middle one (a run measured, never an average)', () => {
    expect(medianRun([row(4), row(1), row(3), row(2)]).wallSeconds).toBe(2);
  });

  it('refuses no runs', () => {
    expect(() => medianRun([])).toThrow(/at least one run/);
  });
});
