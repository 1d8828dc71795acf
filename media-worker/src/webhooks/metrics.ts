import { counterFromZero, HTTP_BUCKETS, histogramOnce } from '@pressroom/platform';
import type { Counter, Histogram, Registry } from 'prom-client';

export interface WebhookMetrics {
  /** outcome ∈ ack | retry | deactivate | drop (one per attempt). */
  deliveries: Counter<'outcome'>;
  /** result ∈ 2xx | 3xx | 4xx | 5xx | other_status | timeout | connection. */
  attemptSeconds: Histogram<'result'>;
  /** reason ∈ gone | rejected | unreachable. */
  deactivations: Counter<'reason'>;
}

/**
 * Idempotent per registry: building the task list twice must not register twice. Every counted
 * series exists from the first scrape, at zero: a dashboard rate() needs a starting point, and a
 * missing series reads as "no data" rather than "none happened".
 */
export function webhookMetrics(registry: Registry): WebhookMetrics {
  return {
    deliveries: counterFromZero(registry, {
      name: 'pressroom_webhook_deliveries_total',
      help: 'Webhook delivery attempts by outcome (ack, retry, deactivate, drop).',
      labels: { outcome: ['ack', 'retry', 'deactivate', 'drop'] },
    }),
    attemptSeconds: histogramOnce(registry, {
      name: 'pressroom_webhook_attempt_duration_seconds',
      help: 'Duration of one webhook attempt, by result class.',
      labelNames: ['result'],
      buckets: [...HTTP_BUCKETS, 15, 20],
    }),
    deactivations: counterFromZero(registry, {
      name: 'pressroom_webhook_deactivations_total',
      help: 'Webhook subscriptions deactivated, by reason (gone, rejected, unreachable).',
      labels: { reason: ['gone', 'rejected', 'unreachable'] },
    }),
  };
}
