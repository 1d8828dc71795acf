import { findOutboundError } from '@pressroom/model';

/** The refusal class lives in the model, where the pure planner throws it too. */
export { RenderRefusedError } from '@pressroom/model';

/**
 * Why a render attempt failed: a small fixed set, used as the metric label and to decide
 * between recording the failure for the customer and letting graphile-worker retry.
 * - refused: the content cannot be drawn (text that cannot fit); deterministic, never retried.
 * - fetch: a remote image could not be fetched safely; recorded as image_fetching_error.
 * - timeout, crash: infrastructure; retried, recorded only on the last attempt.
 * - internal: anything else; retried likewise.
 */
export const FAILURE_CLASSES = ['refused', 'fetch', 'timeout', 'crash', 'internal'] as const;
export type FailureClass = (typeof FAILURE_CLASSES)[number];

/** A remote asset failed; the message names the URL as given, never an address we resolved. */
export class AssetFetchError extends Error {
  readonly code = 'image_fetching_error';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AssetFetchError';
  }
}

/** By class or stable `code`, never by message text. */
export function classifyFailure(error: unknown): FailureClass {
  const code =
    typeof error === 'object' && error !== null
      ? ((error as { code?: unknown; id?: unknown }).code ?? (error as { id?: unknown }).id)
      : undefined;
  // An AI operation that failed on this image fails the same way next time; its message names it.
  if (code === 'cannot_build_banner' || code === 'ai_operation_failed') return 'refused';
  if (code === 'image_fetching_error' || findOutboundError(error)) return 'fetch';
  if (code === 'render_timeout') return 'timeout';
  if (code === 'browser_crashed' || code === 'supervisor_stopped') return 'crash';
  return 'internal';
}

/** Refusals and fetch failures are the same next time: record them at once. */
export function isDeterministic(failure: FailureClass): boolean {
  return failure === 'refused' || failure === 'fetch';
}
