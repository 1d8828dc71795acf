import { describe, expect, it } from 'vitest';
import { sideBySide } from './cases.js';
import { lowerMiddle, medianRun } from './runs.js';

const row = (wallSeconds: number, notes = `run of ${wallSeconds}`) => ({ wallSeconds, notes, case: 'mp4' });

describe('medianRun', () => {
  it('is the one run as it was', () => {
    const one = row(2.5);
    expect(medianRun([one])).toBe(one);
  });

  it('is the run with the median wall time, its notes as the case wrote them, then every run in order', () => {
    const got = medianRun([row(3.1), row(2.7), row(2.9)]);
    expect(got.wallSeconds).toBe(2.9);
    expect(got.case).toBe('mp4');
    expect(got.notes).toBe('run of 2.9; the median of 3 runs (3.10, 2.70, 2.90 s)');
  });

  it('of an even number of runs, is the lower middle one (a run measured, never an average)', () => {
    expect(medianRun([row(4), row(1), row(3), row(2)]).wallSeconds).toBe(2);
  });

  it('refuses no runs', () => {
    expect(() => medianRun([])).toThrow(/at least one run/);
  });
});

describe('a median row in the side-by-side table', () => {
  it('keeps the goals that sideBySide reads from the notes (the frame count: 125 frames are 5 s)', () => {
    const run = (case_: string, wallSeconds: number) => ({
      case: case_,
      wallSeconds,
      target: '',
      met: false,
      notes: '125 frames in 12 parts; encode started 0.01 s after capture ended',
      cpuMsPerFrame: 30,
    });
    const [, layers] = sideBySide({
      chromium: [medianRun([run('mp4 square', 7.1), run('mp4 square', 7.5), run('mp4 square', 7.3)])],
      layers: [medianRun([run('mp4 square', 2.9), run('mp4 square', 2.7), run('mp4 square', 2.8)])],
    });
    expect(layers!.target).toBe('≤ 1.20 s, ≤ 0.35× chromium, ≤ 12 ms CPU/frame');
    expect(layers!.notes).toMatch(/^×0\.38 of chromium's wall time; 125 frames in 12 parts/);
  });

  it('gives a GIF the same share of its length (63 frames at 12.5 fps), with no ratio goal', () => {
    const gif = { case: 'gif square', target: '', met: false, notes: '63 frames in 6 parts', cpuMsPerFrame: 60 };
    const [, layers] = sideBySide({ chromium: [{ ...gif, wallSeconds: 4 }], layers: [{ ...gif, wallSeconds: 1.2 }] });
    // 1.2 s of 5 s is 0.24 of the GIF's 5.04 s: 1.2096 s (met at 1.2 s; the row fails on its CPU).
    expect(layers!.target).toBe('≤ 1.21 s, ≤ 12 ms CPU/frame');
    expect(layers!.met).toBe(false);
  });
});

describe('lowerMiddle', () => {
  it('is the middle item by value, of an even number the lower one', () => {
    expect(lowerMiddle([3, 1, 2], (v) => v)).toBe(2);
    expect(lowerMiddle([{ v: 4 }, { v: 1 }, { v: 3 }, { v: 2 }], (x) => x.v)).toEqual({ v: 2 });
  });

  it('refuses no items', () => {
    expect(() => lowerMiddle([], (v: number) => v)).toThrow(/at least one item/);
  });
});
