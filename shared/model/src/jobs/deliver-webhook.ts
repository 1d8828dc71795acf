import { z } from 'zod';

/** The graphile-worker task that sends one attempt of one delivery. */
export const DELIVER_WEBHOOK_TASK = 'deliver_webhook';

/**
 * Version 1 (it changes by adding fields). `delivery` is the row id of webhook_deliveries, not
 * the public delivery id. `attempt` is the 1-based attempt this job makes.
 */
export const deliverWebhookPayload = z.object({
  v: z.literal(1),
  delivery: z.uuid(),
  attempt: z.int().min(1),
  manual: z.boolean().optional(),
});
export type DeliverWebhookPayload = z.output<typeof deliverWebhookPayload>;
