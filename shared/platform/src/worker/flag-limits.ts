/** The part of a graphile-worker job a flag limit reads. */
export interface FlaggedJob {
  flags: Readonly<Record<string, true>> | null;
}

/**
 * Per-process ceilings on jobs that carry a flag: at most `limits[flag]` such jobs run here at
 * once (a render worker keeps slots for interactive renders free of bulk runs: docs/bulk.md).
 *
 * graphile-worker asks `forbiddenFlags` before each fetch, and several of a runner's slots fetch
 * at the same instant (a bulk run's enqueue nudges them all). So every fetch in flight counts as
 * one that may bring a flagged job: a flag is forbidden when the jobs running with it plus the
 * fetches in flight (this one included) would pass its limit. The bound is exact, at the cost of
 * skipping the flag for the few milliseconds two fetches overlap. Pure; the runtime feeds it
 * graphile-worker's events.
 */
export class FlagLimits {
  private fetching = 0;
  private readonly running = new Map<string, number>();

  constructor(private readonly limits: Readonly<Record<string, number>>) {}

  /** At the start of a fetch (exactly once each): the flags it must skip. Pair with `fetched`. */
  beginFetch(): string[] {
    this.fetching++;
    return Object.entries(this.limits)
      .filter(([flag, limit]) => this.inUse(flag) + this.fetching > limit)
      .map(([flag]) => flag);
  }

  /** A fetch ended: with the job it brought, or null (none, or an error). */
  fetched(job: FlaggedJob | null): void {
    this.fetching = Math.max(0, this.fetching - 1);
    for (const flag of this.limitedFlagsOf(job)) this.running.set(flag, this.inUse(flag) + 1);
  }

  /** A job that `fetched` counted has finished, whatever its outcome. */
  finished(job: FlaggedJob): void {
    for (const flag of this.limitedFlagsOf(job)) this.running.set(flag, Math.max(0, this.inUse(flag) - 1));
  }

  /** Jobs with `flag` running here now. */
  inUse(flag: string): number {
    return this.running.get(flag) ?? 0;
  }

  private limitedFlagsOf(job: FlaggedJob | null): string[] {
    return Object.keys(job?.flags ?? {}).filter((flag) => flag in this.limits);
  }
}
