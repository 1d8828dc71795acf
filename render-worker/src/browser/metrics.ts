import { counterFromZero } from '@pressroom/platform';
import { type Counter, Gauge, Registry } from 'prom-client';
import type { PoolState } from './page-pool.js';

export const RESTART_REASONS = ['crash', 'disconnect', 'recycle_count', 'recycle_memory'] as const;
export type RestartReason = (typeof RESTART_REASONS)[number];

export const ATTEMPT_OUTCOMES = ['success', 'crash', 'timeout', 'aborted', 'error'] as const;
export type AttemptOutcome = (typeof ATTEMPT_OUTCOMES)[number];

export interface BrowserMetrics {
  registry: Registry;
  poolSize: Gauge;
  pagesInUse: Gauge;
  queueLength: Gauge;
  restarts: Counter<'reason'>;
  renderAttempts: Counter<'outcome'>;
}

/**
 * Pass the process's registry to expose these on /metrics; the default is a private registry, so
 * tests can build many supervisors without "metric already registered" errors.
 */
export function createBrowserMetrics(registry: Registry = new Registry()): BrowserMetrics {
  return {
    registry,
    poolSize: new Gauge({ name: 'pressroom_browser_pool_size', help: 'Pages the render pool may open at once.', registers: [registry] }),
    pagesInUse: new Gauge({ name: 'pressroom_browser_pages_in_use', help: 'Pages currently running a render.', registers: [registry] }),
    queueLength: new Gauge({ name: 'pressroom_browser_queue_length', help: 'Renders waiting for a free page.', registers: [registry] }),
    // Every label at zero, so dashboards show a flat line instead of "no data".
    restarts: counterFromZero(registry, {
      name: 'pressroom_browser_restarts_total',
      help: 'Chromium replacements, by reason.',
      labels: { reason: RESTART_REASONS },
    }),
    renderAttempts: counterFromZero(registry, {
      name: 'pressroom_browser_render_attempts_total',
      help: 'Render attempts on a pooled page, by outcome (a crash is retried once).',
      labels: { outcome: ATTEMPT_OUTCOMES },
    }),
  };
}

/**
 * The page pool's gauges: its size now, then pages in use and renders waiting on every change of
 * its state (the pool's `onChange`).
 */
export function poolGauges(metrics: BrowserMetrics, size: number): (state: PoolState) => void {
  metrics.poolSize.set(size);
  return ({ leased, waiting }) => {
    metrics.pagesInUse.set(leased);
    metrics.queueLength.set(waiting);
  };
}
