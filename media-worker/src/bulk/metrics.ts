import { bulkRowsCounter } from '@pressroom/platform';
import type { Counter, Registry } from 'prom-client';

export interface BulkMetrics {
  rows: Counter<'outcome'>;
}

export function bulkMetrics(registry: Registry): BulkMetrics {
  return { rows: bulkRowsCounter(registry) };
}
