import { AI_OPERATIONS, type AiOperation } from '@pressroom/model';
import { Counter, Histogram, type Registry } from 'prom-client';
import { RETRY_REASONS } from './http-plan.js';

export const AI_PROVIDERS = ['onnx', 'http'] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];
export type AiRunOperation = AiOperation;
/** Which provider runs each operation: the local models, or the OpenAI-compatible images API. */
export const AI_OPERATION_PROVIDER: Readonly<Record<AiRunOperation, AiProvider>> = {
  text_to_image: 'http',
  expand: 'http',
  remove_bg: 'onnx',
  upscale: 'onnx',
};
/** ok: the model ran; cached: a stored result of the same inputs was reused; failed: it threw. */
export const AI_OUTCOMES = ['ok', 'cached', 'failed'] as const;

export interface AiMetrics {
  operations: Counter<'operation' | 'provider' | 'outcome'>;
  seconds: Histogram<'operation' | 'provider'>;
  retries: Counter<'operation' | 'provider' | 'reason'>;
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
      help: 'Duration of AI image operations that ran (cache hits excluded; retries and their waits included), by operation and provider.',
      labelNames: ['operation', 'provider'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120],
      registers: [registry],
    }),
    retries: new Counter({
      name: 'pressroom_ai_provider_retries_total',
      help: 'Calls to an AI provider tried again, by operation, provider and reason (rate_limited, server_error, timeout, network).',
      labelNames: ['operation', 'provider', 'reason'],
      registers: [registry],
    }),
  };
  for (const operation of AI_OPERATIONS) {
    const provider = AI_OPERATION_PROVIDER[operation];
    for (const outcome of AI_OUTCOMES) metrics.operations.inc({ operation, provider, outcome }, 0);
    if (provider === 'http') for (const reason of RETRY_REASONS) metrics.retries.inc({ operation, provider, reason }, 0);
  }
  return metrics;
}
