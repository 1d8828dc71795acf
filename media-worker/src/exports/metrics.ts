import { counterFromZero, histogramOnce } from '@pressroom/platform';
import type { Counter, Histogram, Registry } from 'prom-client';

export const EXPORT_OUTCOMES = ['done', 'failed'] as const;

export interface ExportMetrics {
  /** outcome ∈ done | failed (failed: nothing readable, or the last attempt threw). */
  exports: Counter<'outcome'>;
  seconds: Histogram;
  bytes: Counter;
}

/** Idempotent per registry; every outcome series exists from the first scrape, at zero. */
export function exportMetrics(registry: Registry): ExportMetrics {
  return {
    exports: counterFromZero(registry, {
      name: 'pressroom_exports_total',
      help: 'ZIP exports finished, by outcome (done, failed).',
      labels: { outcome: EXPORT_OUTCOMES },
    }),
    seconds: histogramOnce(registry, {
      name: 'pressroom_export_duration_seconds',
      help: 'Time to pack one export into its ZIP and store it.',
      buckets: [0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800],
    }),
    bytes: counterFromZero(registry, {
      name: 'pressroom_export_bytes_total',
      help: 'Bytes of ZIP archives written by exports.',
      labels: {},
    }),
  };
}
