import { AppError, type FieldIssue } from '@pressroom/model';
import { type ForbiddenTargetOptions, forbiddenTargets, type OutboundTarget } from '@pressroom/platform';

/** What a refused URL is for: the envelope code at its path, and why it is refused. */
export interface OutboundPurpose {
  code: 'invalid_payload' | 'image_fetching_error';
  /** Where Pressroom connects to such URLs, for the message. */
  reach: string;
}

export const WEBHOOK_TARGET: OutboundPurpose = { code: 'invalid_payload', reach: 'webhooks are delivered to public hosts only' };
export const MEDIA_SOURCE: OutboundPurpose = { code: 'image_fetching_error', reach: 'media is fetched from public hosts only' };

/** Refuses, with one field issue per URL, the targets that can only reach a forbidden address. */
export type OutboundUrlCheck = (targets: readonly OutboundTarget[], purpose: OutboundPurpose) => Promise<void>;

/** Refuses a request body whose `callback_url` can only reach a forbidden address. */
export type CallbackUrlCheck = (body: unknown) => Promise<void>;

/**
 * The submit-time half of the outbound address policy, for every URL a request gives Pressroom to
 * connect to later (`callback_url`, webhook subscriptions, the media URLs of generation
 * overrides): one on loopback, a private range, link-local or cloud metadata is refused at once,
 * at its path, instead of being accepted and then failing every attempt (webhooks: retried for
 * hours). The connection still re-checks the address it reaches (createGuardedAgent), for names
 * whose answers change. `allowPrivateNetworks` (config OUTBOUND_ALLOW_PRIVATE_NETWORKS, for
 * development and tests with a loopback server) turns both halves off.
 */
export function outboundUrlCheck(options: { allowPrivateNetworks: boolean } & ForbiddenTargetOptions): OutboundUrlCheck {
  return async (targets, purpose) => {
    if (options.allowPrivateNetworks || targets.length === 0) return;
    const refused = await forbiddenTargets(targets, options);
    if (refused.length === 0) return;
    throw AppError.fromIssues(
      refused.map(
        ({ path, url }): FieldIssue => ({
          path,
          code: purpose.code,
          message: `must not point at a loopback, private, link-local or metadata address (${purpose.reach})`,
          received: url,
        }),
      ),
    );
  };
}

/** The `callback_url` of a request body, through the same check. A body whose `callback_url` is not an https URL is left to the schema. */
export function callbackUrlCheck(check: OutboundUrlCheck): CallbackUrlCheck {
  return async (body) => {
    if (typeof body !== 'object' || body === null) return;
    const url = (body as { callback_url?: unknown }).callback_url;
    if (typeof url === 'string') await check([{ path: 'callback_url', url }], WEBHOOK_TARGET);
  };
}
