import { EVENT_TYPES, type EventType, isEventType, subscriptionEventTypesSchema } from '@pressroom/model';
import { addSubscription, listDeliveries, listSubscriptions, redeliver, removeSubscription, withTransaction } from '@pressroom/platform';
import { outboundUrlCheck, WEBHOOK_TARGET } from '../../services/outbound-urls.js';
import { getWorkspace } from '../../services/workspaces.js';
import { type AdminCommand, AdminUsageError, notFound, requireFlag } from '../command.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function requireUuid(flags: Record<string, string | undefined>, name: string): string {
  const value = requireFlag(flags, name);
  if (!UUID.test(value)) throw new AdminUsageError(`--${name} must be a UUID`);
  return value;
}

/** Deliveries are POSTed over HTTPS only (Events; docs/webhooks.md), so a plain-HTTP subscription is refused up front. */
function parseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AdminUsageError('--url must be an absolute URL');
  }
  if (url.protocol !== 'https:') throw new AdminUsageError('--url must be an https:// URL (webhooks are delivered over HTTPS only)');
  return url.href;
}

/**
 * `--events`: absent means every type, as an absent `event_types` does; given, it lists at least
 * one known type under the API's own rule (subscriptionEventTypesSchema), so `--events ,` or
 * `--events ''` is refused rather than stored as a subscription that receives nothing.
 */
function parseEvents(value: string | undefined): EventType[] | null {
  if (value === undefined) return null;
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !isEventType(n));
  if (unknown.length > 0) throw new AdminUsageError(`unknown event type ${unknown.join(', ')}; known: ${EVENT_TYPES.join(', ')}`);
  const parsed = subscriptionEventTypesSchema.safeParse(names);
  if (!parsed.success)
    throw new AdminUsageError(`--events ${parsed.error.issues[0]?.message ?? 'is invalid'} (known: ${EVENT_TYPES.join(', ')})`);
  return [...new Set(parsed.data)];
}

/** Dashboard subscriptions and the delivery log (configuration of subscriptions is not shown; this is ours; docs/webhooks.md). */
export const webhookCommands: AdminCommand[] = [
  {
    name: 'webhook add',
    usage: `webhook add --workspace ID --url https://… [--events ${EVENT_TYPES.join(',')}]`,
    flags: {
      workspace: { required: true, description: 'Workspace id' },
      url: { required: true, description: 'HTTPS URL that receives the POSTs' },
      events: { description: 'Comma-separated event types; omit for every type' },
    },
    run: async (flags, { db, config }) => {
      const workspaceId = requireUuid(flags, 'workspace');
      const url = parseUrl(requireFlag(flags, 'url'));
      const eventTypes = parseEvents(flags['events']);
      // The API's guard: a target only a forbidden address answers is refused now, not retried for hours.
      await outboundUrlCheck({ allowPrivateNetworks: config.outboundAllowPrivateNetworks })([{ path: 'url', url }], WEBHOOK_TARGET);
      if (!(await getWorkspace(db, workspaceId))) throw notFound('workspace');
      return { subscription: await addSubscription(db, { workspaceId, url, eventTypes }) };
    },
  },
  {
    name: 'webhook list',
    usage: 'webhook list --workspace ID',
    flags: { workspace: { required: true, description: 'Workspace id' } },
    run: async (flags, { db }) => {
      const workspaceId = requireUuid(flags, 'workspace');
      if (!(await getWorkspace(db, workspaceId))) throw notFound('workspace');
      return { workspace_id: workspaceId, subscriptions: await listSubscriptions(db, workspaceId) };
    },
  },
  {
    name: 'webhook remove',
    usage: 'webhook remove --id SUBSCRIPTION_ID',
    flags: { id: { required: true, description: 'Subscription id' } },
    run: async (flags, { db }) => {
      const removed = await removeSubscription(db, requireUuid(flags, 'id'));
      if (!removed) throw notFound('subscription');
      return { removed: true, subscription: removed };
    },
  },
  {
    name: 'webhook deliveries',
    usage: 'webhook deliveries --workspace ID [--limit N]',
    flags: { workspace: { required: true, description: 'Workspace id' }, limit: { description: 'Most recent N deliveries (default 100)' } },
    run: async (flags, { db }) => {
      const workspaceId = requireUuid(flags, 'workspace');
      const limit = flags['limit'] === undefined ? 100 : Number(flags['limit']);
      if (!Number.isInteger(limit) || limit < 1 || limit > 10_000)
        throw new AdminUsageError('--limit must be a whole number from 1 to 10000');
      if (!(await getWorkspace(db, workspaceId))) throw notFound('workspace');
      return { workspace_id: workspaceId, deliveries: await listDeliveries(db, workspaceId, limit) };
    },
  },
  {
    name: 'webhook redeliver',
    usage: 'webhook redeliver --delivery ID',
    flags: { delivery: { required: true, description: 'The 64-hex delivery id (X-Pressroom-Delivery-Id) or the delivery row id' } },
    run: async (flags, { db }) => {
      const id = requireFlag(flags, 'delivery');
      if (!/^[0-9a-f]{64}$/.test(id) && !UUID.test(id)) throw new AdminUsageError('--delivery must be a 64-hex delivery id or a UUID');
      // Reopening the delivery and adding its job commit together, or neither does.
      const queued = await withTransaction(db, (tx) => redeliver(tx, id));
      if (!queued) throw notFound('delivery');
      return { queued: true, ...queued };
    },
  },
];
