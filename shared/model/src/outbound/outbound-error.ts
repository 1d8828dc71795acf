/**
 * Why an outbound fetch failed. A small fixed set: callers map every reason to one public
 * error (400 `image_fetching_error`) and may use it as a metric label.
 */
export const OUTBOUND_FAILURE_REASONS = [
  'forbidden_address',
  'too_large',
  'timeout',
  'bad_status',
  'bad_scheme',
  'too_many_redirects',
  'network',
] as const;
export type OutboundFailureReason = (typeof OUTBOUND_FAILURE_REASONS)[number];

/**
 * The message names the reason and the URL the caller gave us (never an address we resolved,
 * which would leak internal topology); the low-level error sits in `cause` for logs.
 */
export class OutboundFetchError extends Error {
  readonly reason: OutboundFailureReason;
  /** HTTP status of the final response, for `bad_status`. */
  readonly status: number | undefined;

  constructor(reason: OutboundFailureReason, message: string, options: { cause?: unknown; status?: number } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'OutboundFetchError';
    this.reason = reason;
    this.status = options.status;
  }
}

/** Finds an OutboundFetchError anywhere in a cause chain (undici wraps connector errors). */
export function findOutboundError(error: unknown): OutboundFetchError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth++) {
    if (current instanceof OutboundFetchError) return current;
    current = current.cause;
  }
  return undefined;
}
