import { Counter, Histogram, type Registry } from 'prom-client';
import { getOrCreate } from '../webhooks/metrics.js';

export const EXPORT_OUTCOMES = ['done', 'failed'] as const;

export interface ExportMetrics {
  /** outcome ∈ done | failed (failed: nothing readable, or the last attempt threw). */
  exports: Counter<'outcome'>;
  seconds: Histogram;
  bytes: Counter;
}

/** Idempotent per registry; every outcome series exists from the first scrape, at zero. */
export function exportMetrics(registry: Registry): ExportMetrics {
  const metrics: ExportMetrics = {
    exports: getOrCreate(
      registry,
      'pressroom_exports_total',
      () =>
        new Counter({
          name: 'pressroom_exports_total',
          help: 'ZIP exports finished, by outcome (done, failed).',
          labelNames: ['outcome'],
          registers: [registry],
        }),
    ),
    seconds: getOrCreate(
      registry,
      'pressroom_export_duration_seconds',
      () =>
        new Histogram({
          name: 'pressroom_export_duration_seconds',
          help: 'Time to pack one export into its ZIP and store it.',
          buckets: [0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800],
          registers: [registry],
        }),
    ),
    bytes: getOrCreate(
      registry,
      'pressroom_export_bytes_total',
      () => new Counter({ name: 'pressroom_export_bytes_total', help: 'Bytes of ZIP archives written by exports.', registers: [registry] }),
    ),
  };
  for (const outcome of EXPORT_OUTCOMES) metrics.exports.inc({ outcome }, 0);
  return metrics;
}
