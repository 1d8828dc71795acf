/**
 * The frame ranges of one file take this worker's pages in range order. The encode streams the
 * ranges in order, so a range drawn early is no use while the one before it waits for a page: with
 * ranges 0–3 started at once on two pages, ranges 2 and 3 took the pages first in about half the
 * runs, and the encode waited a whole range's capture for range 0 (docs/animation.md, "Ranges take
 * pages in order"). Only this worker's ranges are ordered; nothing is shared between processes.
 */
export interface RangeTurn {
  wait(): Promise<void>;
  release(): void;
}

export class RangeTurns {
  /** Per file (banner id): the ranges here that have not yet got a page, each with its "got one". */
  private readonly files = new Map<string, Map<number, { taken: Promise<void>; take: () => void }>>();

  /**
   * Enters range `index` of `file` (when its job starts). `wait()`, called just before the range
   * asks for a page, resolves once every lower range of the file that is on this worker by then
   * has taken a page (or ended without one): jobs started together enter in any order, but all
   * have entered by the time any of them has loaded its design. Call `release` as soon as this
   * range has its page, and again when it ends whatever happened (it is idempotent).
   */
  enter(file: string, index: number): RangeTurn {
    let ranges = this.files.get(file);
    if (!ranges) {
      ranges = new Map();
      this.files.set(file, ranges);
    }
    let take!: () => void;
    const taken = new Promise<void>((resolve) => {
      take = resolve;
    });
    const entry = { taken, take };
    ranges.set(index, entry);
    const own = ranges;
    const release = () => {
      entry.take();
      if (own.get(index) === entry) own.delete(index);
      if (own.size === 0 && this.files.get(file) === own) this.files.delete(file);
    };
    const wait = async () => {
      await Promise.all([...own].filter(([i]) => i < index).map(([, r]) => r.taken));
    };
    return { wait, release };
  }

  /** Ranges waiting for their page, all files (for tests and diagnostics). */
  get size(): number {
    let n = 0;
    for (const ranges of this.files.values()) n += ranges.size;
    return n;
  }
}
