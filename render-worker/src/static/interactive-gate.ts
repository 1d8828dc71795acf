import { BULK_JOB_PRIORITY } from '@pressroom/model';

/** A bulk run's render: graphile-worker priority `BULK_JOB_PRIORITY` or later. */
export function isBulkPriority(priority: number | undefined): boolean {
  return priority !== undefined && priority >= BULK_JOB_PRIORITY;
}

/**
 * Where a bulk render steps aside for a sync one in the same worker. The page pool, the encoder
 * queue and the CPU priority of the pool's browsers put a sync render first wherever renders wait;
 * what is left is the work they share while both run: the worker's one event loop (every DevTools
 * message, query and file write of every render goes through it) and Postgres. So, while a sync
 * render runs here, a bulk render waits before each of its steps (drawing, capture, recording) until
 * no sync render runs, or for `maxWaitMs` at most, so that a steady stream of sync renders slows a
 * run without stopping it (docs/bulk.md, "Interactive renders first").
 */
export class InteractiveGate {
  private running = 0;
  private readonly waiting = new Set<() => void>();

  constructor(private readonly maxWaitMs: number) {}

  /** A sync render starts; call the answer once when it ends. */
  enter(): () => void {
    this.running++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.running--;
      if (this.running === 0) for (const open of [...this.waiting]) open();
    };
  }

  /** Sync renders running now. */
  get runningInteractive(): number {
    return this.running;
  }

  /**
   * Resolves at once when no sync render runs (or `maxWaitMs` is 0); else when the last one
   * ends, after `maxWaitMs`, or when `signal` aborts (the step that follows sees the abort).
   * Answers how long it waited, in milliseconds.
   */
  async clear(signal?: AbortSignal): Promise<number> {
    if (this.running === 0 || this.maxWaitMs === 0 || signal?.aborted) return 0;
    const started = performance.now();
    await new Promise<void>((resolve) => {
      const open = () => {
        clearTimeout(timer);
        this.waiting.delete(open);
        signal?.removeEventListener('abort', open);
        resolve();
      };
      const timer = setTimeout(open, this.maxWaitMs);
      this.waiting.add(open);
      signal?.addEventListener('abort', open, { once: true });
    });
    return performance.now() - started;
  }
}
