import { Counter, Histogram, type Registry } from 'prom-client';

export const AI_PROVIDERS = ['onnx'] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];
export const AI_RUN_OPERATIONS = ['remove_bg', 'upscale'] as const;
export type AiRunOperation = (typeof AI_RUN_OPERATIONS)[number];
/** ok: the model ran; cached: a stored result of the same inputs was reused; failed: it threw. */
export const AI_OUTCOMES = ['ok', 'cached', 'failed'] as const;

export interface AiMetrics {
  operations: Counter<'operation' | 'provider' | 'outcome'>;
  seconds: Histogram<'operation' | 'provider'>;
}

/** Labels from the fixed sets above; every series exists from the start at zero. */
export function createAiMetrics(registry: Registry): AiMetrics {
  const metrics: AiMetrics = {
    operations: new Counter({
      name: 'pressroom_ai_operations_total',
      help: 'AI image operations by operation, provider and outcome (ok, cached, failed).',
      labelNames: ['operation', 'provider', 'outcome'],
      registers: [registry],
    }),
    seconds: new Histogram({
      name: 'pressroom_ai_operation_seconds',
      help: 'Duration of AI image operations that ran (cache hits excluded), by operation and provider.',
      labelNames: ['operation', 'provider'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
      registers: [registry],
    }),
  };
  for (const operation of AI_RUN_OPERATIONS) {
    for (const provider of AI_PROVIDERS) {
      for (const outcome of AI_OUTCOMES) metrics.operations.inc({ operation, provider, outcome }, 0);
    }
  }
  return metrics;
}
