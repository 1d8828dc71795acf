import { PoolSaturatedError } from './errors.js';

/** What the pool's gauges show: pages leased (running a render) and renders waiting for one. */
export interface PoolState {
  leased: number;
  waiting: number;
}

interface Waiter {
  /** graphile-worker's order: lower is served first; equal ones in arrival order. */
  priority: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export interface PagePoolOptions {
  /** Pages any render may lease at once. */
  size: number;
  /** Pages beyond `size` that only urgent renders lease (priority below `urgentBelow`). */
  reserved: number;
  /** The priority below which a render is urgent (graphile-worker's order: lower first). */
  urgentBelow: number;
  /** Renders that may wait; one more is refused at once (PoolSaturatedError). */
  maxQueueLength: number;
  /** Called with the new state after every change (the gauges). */
  onChange?: (state: PoolState) => void;
}

/**
 * The page pool's slots: at most `size` pages leased at once (plus `reserved` ones that only
 * urgent renders take, so a sync render never waits behind the others), and a bounded queue of
 * renders waiting for one, served by priority (a sync render before the bulk renders already
 * waiting; docs/bulk.md, "Interactive renders first"). A slot that comes free is handed to the
 * first waiter directly. It holds no pages itself: the browser supervisor opens one for each slot.
 */
export class PagePool {
  private leased = 0;
  private readonly waiters: Waiter[] = [];
  private readonly onChange: (state: PoolState) => void;

  constructor(private readonly options: PagePoolOptions) {
    this.onChange = options.onChange ?? (() => undefined);
    this.changed();
  }

  state(): PoolState {
    return { leased: this.leased, waiting: this.waiters.length };
  }

  /** Takes a free slot at once, if there is one a render of this priority may count on. */
  take(priority: number): boolean {
    if (this.leased >= this.capacityFor(priority)) return false;
    this.leased++;
    this.changed();
    return true;
  }

  /**
   * Waits in the queue for a slot (when `take` found none): the releasing render hands its slot
   * over. A full queue refuses at once (throws PoolSaturatedError). Aborting `signal` leaves the
   * queue and rejects with the signal's reason.
   */
  wait(signal: AbortSignal | undefined, priority: number): Promise<void> {
    if (this.waiters.length >= this.options.maxQueueLength) throw new PoolSaturatedError(this.waiters.length);
    return this.enqueue(signal, priority);
  }

  /**
   * A slot came free: hand it to the first waiter (they are in priority order) if its capacity
   * admits it, else give it back to the pool. A reserved page freed while only non-urgent renders
   * wait stays free for the next urgent one.
   */
  release(): void {
    const next = this.waiters[0];
    if (next && this.leased - 1 < this.capacityFor(next.priority)) {
      this.waiters.shift();
      next.resolve(); // the slot passes to it: `leased` is unchanged
    } else {
      this.leased--;
    }
    this.changed();
  }

  /** Pages a render of this priority may count on: the pool, plus the reserve for urgent ones. */
  private capacityFor(priority: number): number {
    return this.options.size + (priority < this.options.urgentBelow ? this.options.reserved : 0);
  }

  /** Rejects every waiting render, each with an error of its own (the supervisor stops). */
  rejectWaiting(error: () => unknown): void {
    for (const waiter of this.waiters.splice(0)) waiter.reject(error());
    this.changed();
  }

  private enqueue(signal: AbortSignal | undefined, priority: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const index = this.waiters.indexOf(waiter);
        if (index !== -1) this.waiters.splice(index, 1);
        this.changed();
        reject(signal?.reason);
      };
      const waiter: Waiter = {
        priority,
        resolve: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        reject: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const behind = this.waiters.findIndex((w) => w.priority > priority);
      this.waiters.splice(behind === -1 ? this.waiters.length : behind, 0, waiter);
      this.changed();
    });
  }

  private changed(): void {
    this.onChange(this.state());
  }
}
