// Several runs of a bench case, reduced to one row (`BENCH_RUNS`): a single run on a 2-core
// machine varies by 10–20 % from one to the next, more than many changes measured with it.

/** The fields of a bench row that this module reads and writes. */
export interface RunRow {
  wallSeconds: number;
  notes: string;
}

/**
 * The run with the median wall time (of an even number, the lower of the two middle ones: a row
 * that was measured, never an average of two), its notes ending with every run's wall time (they
 * start as the case wrote them: `sideBySide` reads the frame count there).
 */
export function medianRun<T extends RunRow>(runs: readonly T[]): T {
  if (runs.length === 0) throw new Error('medianRun needs at least one run');
  if (runs.length === 1) return runs[0]!;
  const median = lowerMiddle(runs, (r) => r.wallSeconds);
  const walls = runs.map((r) => r.wallSeconds.toFixed(2)).join(', ');
  return { ...median, notes: `${median.notes}; the median of ${runs.length} runs (${walls} s)` };
}

/** The item at the median of `value` (of an even number, the lower of the two middle ones: an item, never an average). */
export function lowerMiddle<T>(items: readonly T[], value: (item: T) => number): T {
  if (items.length === 0) throw new Error('lowerMiddle needs at least one item');
  const sorted = [...items].sort((a, b) => value(a) - value(b));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}
