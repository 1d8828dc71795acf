import { AI_OPERATIONS, type AiOperation } from '@pressroom/model';
import { counterFromZero, histogramOnce } from '@pressroom/platform';
import type { Counter, Histogram, Registry } from 'prom-client';
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

/**
 * Labels from the fixed sets above; every series that can happen exists from the start at zero:
 * each operation with its one provider, retries only where the provider is http.
 */
export function createAiMetrics(registry: Registry): AiMetrics {
  const withProvider = (operation: AiOperation) => ({ operation, provider: AI_OPERATION_PROVIDER[operation] });
  return {
    operations: counterFromZero(registry, {
      name: 'pressroom_ai_operations_total',
      help: 'AI image operations by operation, provider and outcome (ok, cached, failed).',
      labelNames: ['operation', 'provider', 'outcome'],
      series: AI_OPERATIONS.flatMap((operation) => AI_OUTCOMES.map((outcome) => ({ ...withProvider(operation), outcome }))),
    }),
    seconds: histogramOnce(registry, {
      name: 'pressroom_ai_operation_seconds',
      help: 'Duration of AI image operations that ran (cache hits excluded; retries and their waits included), by operation and provider.',
      labelNames: ['operation', 'provider'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120],
    }),
    retries: counterFromZero(registry, {
      name: 'pressroom_ai_provider_retries_total',
      help: 'Calls to an AI provider tried again, by operation, provider and reason (rate_limited, server_error, timeout, network).',
      labelNames: ['operation', 'provider', 'reason'],
      series: AI_OPERATIONS.filter((operation) => AI_OPERATION_PROVIDER[operation] === 'http').flatMap((operation) =>
        RETRY_REASONS.map((reason) => ({ ...withProvider(operation), reason })),
      ),
    }),
  };
}
