import { AppError, EVENT_TYPES, httpsUrl, subscriptionEventTypesSchema, WEBHOOK_URL_JSON_SCHEMA } from '@pressroom/model';
import {
  addSubscription,
  listDeliveries,
  listSubscriptions,
  redeliver,
  removeSubscription,
  type Subscription,
  withTransaction,
} from '@pressroom/platform';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { documented, UUID_JSON_SCHEMA } from '../http/documented.js';
import { pagingQuery } from '../http/paging.js';
import { defineRoute, idParams } from '../http/route.js';
import { type OutboundUrlCheck, WEBHOOK_TARGET } from '../services/outbound-urls.js';

const TAG = 'Webhooks (Pressroom extension)';

const subscription = z.object({
  id: z.uuid(),
  url: z.string(),
  event_types: z.array(z.enum(EVENT_TYPES)).nullable().describe('null: every event type.'),
  active: z.boolean(),
  created_at_ts: z.number().int(),
  deactivated_at_ts: z.number().int().nullable(),
  deactivation_reason: z.string().nullable().describe('gone, rejected, unreachable or removed.'),
});

const createBody = z.strictObject({
  url: documented(z.string().pipe(httpsUrl() as z.ZodType<string, string>), WEBHOOK_URL_JSON_SCHEMA),
  event_types: subscriptionEventTypesSchema
    .nullable()
    .optional()
    .describe('The event types delivered to this URL; omit or null for every type.'),
});

const attempt = z.object({
  attempt: z.number().int(),
  attempted_at_ts: z.number().int(),
  status_code: z.number().int().nullable(),
  reason: z.string(),
  outcome: z.string(),
  duration_ms: z.number().int(),
  signed: z.boolean(),
  manual: z.boolean(),
});

const delivery = z.object({
  id: z.uuid(),
  delivery_id: z.string().describe('The X-Pressroom-Delivery-Id header, the same on every attempt.'),
  event_id: z.uuid(),
  event_type: z.string(),
  target_kind: z.enum(['subscription', 'callback']),
  subscription_id: z.uuid().nullable(),
  url: z.string(),
  status: z.string().describe('pending, delivered, dropped or deactivated.'),
  attempts: z.number().int(),
  created_at_ts: z.number().int(),
  generation_request_id: z.string().nullable(),
  attempt_log: z.array(attempt),
});

const deliveriesQuery = z.object({
  generation_request_id: documented(z.uuid().optional(), UUID_JSON_SCHEMA).describe('Only deliveries of events about this request.'),
  ...pagingQuery,
});

const present = ({ workspace_id: _w, ...s }: Subscription) => s;

/**
 * Webhook subscriptions and the delivery log over HTTP (a Pressroom extension; docs/webhooks.md):
 * what `npm run admin -- webhook …` does, scoped to the key's workspace, for the web console.
 */
export function webhookSubscriptionRoutes(app: FastifyInstance, db: pg.Pool, outbound: OutboundUrlCheck): void {
  defineRoute(app, {
    method: 'GET',
    url: '/webhook-subscriptions',
    operationId: 'listWebhookSubscriptions',
    summary: 'The webhook subscriptions of the workspace, removed ones included, oldest first.',
    tag: TAG,
    tier: 'read',
    response: { status: 200, schema: subscription, array: true },
    handler: async ({ workspace }) => (await listSubscriptions(db, workspace.id)).map(present),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/webhook-subscriptions',
    operationId: 'createWebhookSubscription',
    summary: 'Subscribe an https:// URL on a public host to the workspace events, all of them or the listed types.',
    tag: TAG,
    tier: 'write',
    body: createBody,
    response: { status: 201, schema: subscription },
    handler: async ({ workspace, body, reply }) => {
      // A target only a forbidden address answers is refused now, as a callback_url is, not retried for hours.
      await outbound([{ path: 'url', url: body.url }], WEBHOOK_TARGET);
      const eventTypes = body.event_types ? [...new Set(body.event_types)] : null;
      reply.status(201);
      return present(await addSubscription(db, { workspaceId: workspace.id, url: body.url, eventTypes }));
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/webhook-subscriptions/:id',
    operationId: 'removeWebhookSubscription',
    summary: 'Remove a subscription: it receives nothing more; its deliveries stay in the log.',
    tag: TAG,
    tier: 'write',
    params: idParams,
    response: { status: 200, schema: subscription },
    handler: async ({ workspace, params }) => {
      const removed = await removeSubscription(db, params.id, workspace.id);
      if (!removed) throw new AppError('not_found', `Subscription ${params.id} was not found.`);
      return present(removed);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/webhook-deliveries',
    operationId: 'listWebhookDeliveries',
    summary: 'The delivery log: every delivery of the workspace, newest first, with each attempt (25 per page by default).',
    tag: TAG,
    tier: 'read',
    query: deliveriesQuery,
    response: { status: 200, schema: delivery, array: true },
    handler: async ({ workspace, query }) => {
      const perPage = query.per_page ?? 25;
      return listDeliveries(db, workspace.id, perPage, {
        generationRequestId: query.generation_request_id ?? null,
        offset: ((query.page ?? 1) - 1) * perPage,
      });
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/webhook-deliveries/:id/redeliver',
    operationId: 'redeliverWebhook',
    summary: 'Send a delivery once more, with the same delivery id; a failure is not retried.',
    tag: TAG,
    tier: 'write',
    params: idParams,
    response: { status: 200, schema: z.object({ id: z.uuid(), delivery_id: z.string(), attempt: z.number().int() }) },
    handler: async ({ workspace, params }) => {
      // Reopening the delivery and adding its job commit together, or neither does.
      const queued = await withTransaction(db, (tx) => redeliver(tx, params.id, workspace.id));
      if (!queued) throw new AppError('not_found', `Delivery ${params.id} was not found.`);
      return queued;
    },
  });
}
