import { type Logger, type ObjectStorage, unheldProfileFailuresCounter, unheldProfileSweeper } from '@pressroom/platform';
import type pg from 'pg';
import type { Registry } from 'prom-client';

/**
 * How often a render worker sweeps for print jobs whose profile no live worker holds: a tenth of
 * the wait (so a job ends at most 10% late), no more often than it beats, and at least every 30 s.
 */
export function unheldSweepEveryMs(waitMs: number, heartbeatMs: number): number {
  return Math.min(30_000, Math.max(heartbeatMs, waitMs / 10));
}

/**
 * Runs the sweep of print jobs whose colour profile no live render worker holds any more
 * (`unheldProfileSweeper`; docs/print.md, "Routing by profile") on a timer, from every render
 * worker, counting the jobs it ends in `pressroom_print_profile_unheld_failures_total{profile}`
 * (registered on `metrics` either way). `waitMs` 0: never (they wait for a holder).
 */
export function startUnheldProfileSweep(options: {
  db: pg.Pool;
  storage: ObjectStorage;
  logger: Logger;
  metrics: Registry;
  waitMs: number;
  heartbeatMs: number;
  staleAfterMs: number;
}): { stop(): Promise<void> } {
  const failures = unheldProfileFailuresCounter(options.metrics);
  if (options.waitMs === 0) return { stop: async () => undefined };
  const sweep = unheldProfileSweeper({ ...options, failures });
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(
    () => {
      running = running.then(() =>
        sweep().then(
          (ended) => {
            if (ended > 0) options.logger.warn({ ended }, 'print jobs ended: no live render worker holds their colour profile');
          },
          (err: unknown) => options.logger.warn({ err }, 'sweep of print jobs with an unheld colour profile failed'),
        ),
      );
    },
    unheldSweepEveryMs(options.waitMs, options.heartbeatMs),
  );
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
