import { PoolSaturatedError } from './errors.js';

/** What the pool's gauges show: pages leased (running a render) and renders waiting for one. */
export interface PoolState {
  leased: number;
  waiting: number;
}

/**
 * Which of the pool's slots a render holds: one of the `size` pages any render may lease, or one
 * of the `reserved` pages only urgent renders lease. The supervisor opens a reserved slot's page in
 * the reserved browser, which keeps the worker's CPU priority (docs/bulk.md, "Interactive renders first").
 */
export type Slot = 'pool' | 'reserved';

interface Waiter {
  /** graphile-worker's order: lower is served first; equal ones in arrival order. */
  priority: number;
  resolve: (slot: Slot) => void;
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
 * urgent renders take, those first, so a sync render never waits behind the others), and a bounded
 * queue of renders waiting for one, served by priority (a sync render before the bulk renders
 * already waiting; docs/bulk.md, "Interactive renders first"). A slot that comes free is handed to
 * the first waiter that may hold it. It holds no pages itself: the browser supervisor opens one for
 * each slot, a reserved slot's in the reserved browser.
 */
export class PagePool {
  private readonly leased: Record<Slot, number> = { pool: 0, reserved: 0 };
  private readonly waiters: Waiter[] = [];
  private readonly onChange: (state: PoolState) => void;

  constructor(private readonly options: PagePoolOptions) {
    this.onChange = options.onChange ?? (() => undefined);
    this.changed();
  }

  state(): PoolState {
    return { leased: this.leased.pool + this.leased.reserved, waiting: this.waiters.length };
  }

  /**
   * Takes a free slot at once, if there is one a render of this priority may count on: an urgent
   * render a reserved one first, then any; null when there is none.
   */
  take(priority: number): Slot | null {
    const slot =
      this.isUrgent(priority) && this.leased.reserved < this.options.reserved
        ? 'reserved'
        : this.leased.pool < this.options.size
          ? 'pool'
          : null;
    if (slot === null) return null;
    this.leased[slot]++;
    this.changed();
    return slot;
  }

  /**
   * Waits in the queue for a slot (when `take` found none): the releasing render hands its slot
   * over. A full queue refuses at once (throws PoolSaturatedError). Aborting `signal` leaves the
   * queue and rejects with the signal's reason.
   */
  wait(signal: AbortSignal | undefined, priority: number): Promise<Slot> {
    if (this.waiters.length >= this.options.maxQueueLength) throw new PoolSaturatedError(this.waiters.length);
    return this.enqueue(signal, priority);
  }

  /**
   * A slot came free: hand it to the first waiter (they are in priority order) if it may hold that
   * slot, else give it back. A reserved slot freed while only non-urgent renders wait stays free
   * for the next urgent one.
   */
  release(slot: Slot): void {
    const next = this.waiters[0];
    if (next && (slot === 'pool' || this.isUrgent(next.priority))) {
      this.waiters.shift();
      next.resolve(slot); // the slot passes to it: the counts are unchanged
    } else {
      this.leased[slot]--;
    }
    this.changed();
  }

  private isUrgent(priority: number): boolean {
    return priority < this.options.urgentBelow;
  }

  /** Rejects every waiting render, each with an error of its own (the supervisor stops). */
  rejectWaiting(error: () => unknown): void {
    for (const waiter of this.waiters.splice(0)) waiter.reject(error());
    this.changed();
  }

  private enqueue(signal: AbortSignal | undefined, priority: number): Promise<Slot> {
    return new Promise<Slot>((resolve, reject) => {
      const onAbort = () => {
        const index = this.waiters.indexOf(waiter);
        if (index !== -1) this.waiters.splice(index, 1);
        this.changed();
        reject(signal?.reason);
      };
      const waiter: Waiter = {
        priority,
        resolve: (slot) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(slot);
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
