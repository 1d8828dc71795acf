import { AppError } from '@pressroom/model';
import { type ForbiddenTargetOptions, isForbiddenTarget } from '@pressroom/platform';

/** Refuses a request body whose `callback_url` can only reach a forbidden address. */
export type CallbackUrlCheck = (body: unknown) => Promise<void>;

/**
 * The submit-time half of the webhook address policy: a `callback_url` on loopback, a private
 * range, link-local or cloud metadata answers 400 invalid_payload at `callback_url` at once,
 * instead of being retried for hours against a refusal certain from the start. Delivery still
 * re-checks the address it connects to. `allowPrivateNetworks` (config
 * OUTBOUND_ALLOW_PRIVATE_NETWORKS, for development and tests with a loopback receiver) turns
 * both halves off. A body whose `callback_url` is not an https URL is left to the schema.
 */
export function callbackUrlCheck(options: { allowPrivateNetworks: boolean } & ForbiddenTargetOptions): CallbackUrlCheck {
  return async (body) => {
    if (options.allowPrivateNetworks || typeof body !== 'object' || body === null) return;
    const url = (body as { callback_url?: unknown }).callback_url;
    if (typeof url !== 'string' || !(await isForbiddenTarget(url, options))) return;
    throw AppError.fromIssues([
      {
        path: 'callback_url',
        code: 'invalid_payload',
        message: 'must not point at a loopback, private, link-local or metadata address (webhooks are delivered to public hosts only)',
        received: url,
      },
    ]);
  };
}
