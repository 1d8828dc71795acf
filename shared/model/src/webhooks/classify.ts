/**
 * What one attempt's result means for the delivery and its subscription (docs/webhooks.md,
 * deactivation and retries). Pure and table-tested; the task only executes the verdict.
 */
export type TargetKind = 'subscription' | 'callback';

/** How an attempt ended. `status` covers every HTTP answer, 3xx included (never followed). */
export type AttemptResult =
  | { kind: 'status'; status: number; body: string }
  | { kind: 'timeout' }
  /** DNS, refused, reset, TLS, or the address guard refusing the target. */
  | { kind: 'connection' };

export type Outcome = 'ack' | 'retry' | 'deactivate' | 'drop';

/** Fixed set, used as the `reason` of a deactivation and as a metric label. */
export type DeactivationReason = 'gone' | 'rejected' | 'unreachable';

export const DEACTIVATING_400_BODIES: readonly string[] = [
  'Queue is full.',
  'There is no scenario listening for this webhook.',
  'Organization is in read-only mode.',
];

export interface Verdict {
  outcome: Outcome;
  deactivationReason: DeactivationReason | null;
}

export function classifyAttempt(input: {
  result: AttemptResult;
  /** 1-based number of this attempt. */
  attempt: number;
  maxAttempts: number;
  target: TargetKind;
  /** A by-hand redelivery: one attempt, never retried, no final-attempt deactivation. */
  manual?: boolean;
}): Verdict {
  const { result, target } = input;
  if (result.kind === 'status' && (result.status === 200 || result.status === 201)) return verdict('ack');
  if (result.kind === 'status') {
    // "Never retried". A per-job callback has no subscription to deactivate, so it is dropped.
    if (result.status === 410) return target === 'subscription' ? verdict('deactivate', 'gone') : verdict('drop');
    // Exact equality, as docs/webhooks.md says: no trimming, no case folding.
    if (result.status === 400 && DEACTIVATING_400_BODIES.includes(result.body)) {
      return target === 'subscription' ? verdict('deactivate', 'rejected') : verdict('drop');
    }
  }
  if (input.manual) return verdict('drop');
  if (input.attempt < input.maxAttempts) return verdict('retry');
  const unreachable = result.kind === 'timeout' || result.kind === 'connection' || result.status === 404;
  if (target === 'subscription' && unreachable) return verdict('deactivate', 'unreachable');
  return verdict('drop');
}

function verdict(outcome: Outcome, deactivationReason: DeactivationReason | null = null): Verdict {
  return { outcome, deactivationReason };
}

/** Small fixed label set for the latency histogram. */
export function resultClass(result: AttemptResult): '2xx' | '3xx' | '4xx' | '5xx' | 'other_status' | 'timeout' | 'connection' {
  if (result.kind !== 'status') return result.kind;
  const family = Math.floor(result.status / 100);
  return family >= 2 && family <= 5 ? (`${family}xx` as '2xx' | '3xx' | '4xx' | '5xx') : 'other_status';
}
