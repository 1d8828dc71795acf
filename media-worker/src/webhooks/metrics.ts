import { HTTP_BUCKETS } from '@pressroom/platform';
import { Counter, Histogram, type Registry } from 'prom-client';

export interface WebhookMetrics {
  /** outcome ∈ ack | retry | deactivate | drop (one per attempt). */
  deliveries: Counter<'outcome'>;
  /** result ∈ 2xx | 3xx | 4xx | 5xx | other_status | timeout | connection. */
  attemptSeconds: Histogram<'result'>;
  /** reason ∈ gone | rejected | unreachable. */
  deactivations: Counter<'reason'>;
}

/** Idempotent per registry: building the task list twice must not register twice. */
export function webhookMetrics(registry: Registry): WebhookMetrics {
  const metrics: WebhookMetrics = {
    deliveries: getOrCreate(
      registry,
      'pressroom_webhook_deliveries_total',
      () =>
        new Counter({
          name: 'pressroom_webhook_deliveries_total',
          help: 'Webhook delivery attempts by outcome (ack, retry, deactivate, drop).',
          labelNames: ['outcome'],
          registers: [registry],
        }),
    ),
    attemptSeconds: getOrCreate(
      registry,
      'pressroom_webhook_attempt_duration_seconds',
      () =>
        new Histogram({
          name: 'pressroom_webhook_attempt_duration_seconds',
          help: 'Duration of one webhook attempt, by result class.',
          labelNames: ['result'],
          buckets: [...HTTP_BUCKETS, 15, 20],
          registers: [registry],
        }),
    ),
    deactivations: getOrCreate(
      registry,
      'pressroom_webhook_deactivations_total',
      () =>
        new Counter({
          name: 'pressroom_webhook_deactivations_total',
          help: 'Webhook subscriptions deactivated, by reason (gone, rejected, unreachable).',
          labelNames: ['reason'],
          registers: [registry],
        }),
    ),
  };
  // Every series exists from the first scrape, at zero: a dashboard rate() needs a starting point,
  // and a missing series reads as "no data" rather than "none happened".
  for (const outcome of ['ack', 'retry', 'deactivate', 'drop']) metrics.deliveries.inc({ outcome }, 0);
  for (const reason of ['gone', 'rejected', 'unreachable']) metrics.deactivations.inc({ reason }, 0);
  return metrics;
}

/** The metric already registered under `name`, else a new one. */
export function getOrCreate<T>(registry: Registry, name: string, create: () => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? create();
}
