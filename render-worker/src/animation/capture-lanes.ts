// Where a composited file's raster captures run (docs/animation.md, "Rasters"): on the page that
// loaded the file and, when the worker has another browser with a page free, on a page there too.
// Each capture is a task run on whichever page is free first, in the order asked; a page
// draws one task at a time (its staging is its own). A helper page that fails (its renderer or
// browser died) leaves, and the task it held goes back to the front of the queue; a task that
// fails on the main page fails as it would with no helper.

interface Queued<L> {
  task: (lane: L) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

interface Helper<L> {
  lane: L;
  /** Asked before each task: false, and the helper leaves instead (its page is wanted elsewhere). */
  stay: () => boolean;
  /** Settles when the helper leaves: lanes closed and its task done, or its task failed. */
  left: () => void;
}

export class CaptureLanes<L> {
  private readonly queue: Queued<L>[] = [];
  private readonly idle: L[] = [];
  private readonly helpers = new Map<L, Helper<L>>();
  private closed = false;
  /** Tasks run on each lane so far, the main lane first (for the metric and the tests). */
  readonly counts = new Map<L, number>();

  constructor(main: L) {
    this.counts.set(main, 0);
    this.idle.push(main);
  }

  /** Runs `task` on the first lane free; answers what it answers. */
  run<T>(task: (lane: L) => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the capture lanes are closed'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ task, resolve: resolve as (value: unknown) => void, reject });
      this.pump();
    });
  }

  /**
   * Lends `lane` until the lanes close: it takes tasks like the main one. Resolves once it has
   * left (closed; `stay` answered false before a task; or a task failed on it: that task goes
   * back to the queue for another lane).
   */
  help(lane: L, stay: () => boolean = () => true): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise<void>((left) => {
      this.helpers.set(lane, { lane, left, stay });
      this.counts.set(lane, 0);
      this.idle.push(lane);
      this.pump();
    });
  }

  /** No more tasks: every helper leaves once its task is done. */
  close(): void {
    this.closed = true;
    for (const lane of this.idle) this.leave(lane);
  }

  private leave(lane: L): void {
    const helper = this.helpers.get(lane);
    if (!helper) return;
    this.helpers.delete(lane);
    const at = this.idle.indexOf(lane);
    if (at >= 0) this.idle.splice(at, 1);
    helper.left();
  }

  private pump(): void {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const lane = this.idle.shift()!;
      const helper = this.helpers.get(lane);
      if (helper && !helper.stay()) {
        this.leave(lane);
        continue;
      }
      const job = this.queue.shift()!;
      this.counts.set(lane, (this.counts.get(lane) ?? 0) + 1);
      job.task(lane).then(
        (value) => {
          job.resolve(value);
          this.done(lane);
        },
        (error: unknown) => {
          if (this.helpers.has(lane)) {
            // A helper page that failed leaves; the main page (or another helper) draws it.
            this.counts.set(lane, (this.counts.get(lane) ?? 1) - 1);
            this.queue.unshift(job);
            this.leave(lane);
            this.pump();
            return;
          }
          job.reject(error);
          this.done(lane);
        },
      );
    }
  }

  private done(lane: L): void {
    if (this.closed && this.helpers.has(lane)) {
      this.leave(lane);
      return;
    }
    this.idle.push(lane);
    this.pump();
  }
}
