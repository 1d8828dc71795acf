import type { Counter, Registry } from 'prom-client';
import { counterFromZero } from './from-zero.js';

/**
 * `pressroom_bulk_rows_total{outcome}`: bulk-run rows (docs/bulk.md) as they are started by the
 * runner (media worker) and as they end (render worker: done or failed; media worker: failed for
 * want of credits). `rate(...{outcome="done"}[1m])` is the farm's bulk rows per second.
 */
export const BULK_ROW_OUTCOMES = ['started', 'done', 'failed'] as const;
export type BulkRowOutcome = (typeof BULK_ROW_OUTCOMES)[number];

/** Idempotent per registry; every outcome series exists from the first scrape, at zero. */
export function bulkRowsCounter(registry: Registry): Counter<'outcome'> {
  return counterFromZero(registry, {
    name: 'pressroom_bulk_rows_total',
    help: 'Bulk-run rows started by the runner and ended (done, failed), by outcome.',
    labels: { outcome: BULK_ROW_OUTCOMES },
  });
}
