import { findOutboundError } from '@pressroom/model';

/** The refusal class lives in the model, where the pure planner throws it too. */
export { RenderRefusedError } from '@pressroom/model';

/**
 * Why a render attempt failed: a small fixed set, used as the metric label and to decide
 * between recording the failure for the customer and letting graphile-worker retry.
 * - refused: the content cannot be drawn (text that cannot fit); deterministic, never retried.
 * - fetch: a remote image could not be fetched safely; recorded as image_fetching_error.
 * - crash: the render crashed Chromium twice, the second time alone in the quarantine browser
 *   (withPage): the design's fault, recorded at once as cannot_build_banner, never retried.
 * - timeout: the render ran out its deadline and its page was killed; retried once (the machine
 *   may have been busy), then the design's fault like a crash.
 * - internal: anything else (a stopped supervisor at shutdown included); retried.
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
  if (code === 'browser_crashed') return 'crash';
  return 'internal';
}

/**
 * Whether the failure is the content's own, to be recorded now instead of retried: refusals and
 * fetch failures always, a crash always (it was retried in isolation already), a timeout from
 * the second job attempt (`attempt`: graphile-worker's count, 1 on the first run).
 */
export function isDesignFault(failure: FailureClass, attempt: number): boolean {
  if (failure === 'timeout') return attempt >= 2;
  return failure === 'refused' || failure === 'fetch' || failure === 'crash';
}

/** What the customer reads for a failure recorded as the design's fault. */
export function designFaultReason(failure: FailureClass, error: unknown): string {
  if (failure === 'crash')
    return 'Rendering this design crashed the renderer twice; it cannot be rendered (too large an image, or too heavy a page).';
  if (failure === 'timeout')
    return 'Rendering this design ran out of its time twice; it cannot be rendered (too large an image, or too heavy a page).';
  return error instanceof Error ? error.message : String(error);
}
