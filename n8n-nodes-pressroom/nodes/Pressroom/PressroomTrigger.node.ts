import {
  type IDataObject,
  type IHookFunctions,
  type INodeType,
  type INodeTypeDescription,
  type IWebhookFunctions,
  type IWebhookResponseData,
  NodeConnectionTypes,
} from 'n8n-workflow';
import { SIGNATURE_HEADER, verifySignature } from './signature';
import { pressroomRequest } from './transport';

const eventsOf = (value: unknown): string[] =>
  String(value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Pressroom Trigger: a webhook subscription of the workspace (created when the workflow is
 * activated, removed when it is deactivated) whose deliveries start the workflow only when their
 * X-Pressroom-Signature verifies with the workspace's signing secret (the spec's "Signature").
 */
export class PressroomTrigger implements INodeType {
  description: INodeTypeDescription = {
    displayName: 'Pressroom Trigger',
    name: 'pressroomTrigger',
    icon: 'file:pressroom.svg',
    group: ['trigger'],
    version: 1,
    subtitle: '={{$parameter["events"] || "every event"}}',
    description: 'Starts the workflow on a signed Pressroom webhook: files ready, a bulk run finished, an export ready',
    defaults: { name: 'Pressroom Trigger' },
    inputs: [],
    outputs: [NodeConnectionTypes.Main],
    credentials: [{ name: 'pressroomApi', required: true }],
    webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' }],
    properties: [
      {
        displayName: 'Event Types',
        name: 'events',
        type: 'string',
        default: '',
        placeholder: 'NEW_BANNER_BATCH, BULK_RUN_FINISHED',
        description: 'Comma-separated event_type values (docs/webhooks.md); empty: every event. Other events are acknowledged and ignored.',
      },
      {
        displayName: 'Subscribe Automatically',
        name: 'subscribe',
        type: 'boolean',
        default: true,
        description:
          "Whether activating the workflow creates the workspace's webhook subscription to this node's URL (an https:// URL); off: pass the URL as a request's callback_url yourself",
      },
    ],
  };

  webhookMethods = {
    default: {
      async checkExists(this: IHookFunctions): Promise<boolean> {
        if (!this.getNodeParameter('subscribe', true)) return true;
        const data = this.getWorkflowStaticData('node');
        if (!data.subscriptionId) return false;
        const { body } = await pressroomRequest<IDataObject[]>(this, 'GET', '/webhook-subscriptions');
        return body.some((s) => s.id === data.subscriptionId && s.active === true);
      },
      async create(this: IHookFunctions): Promise<boolean> {
        if (!this.getNodeParameter('subscribe', true)) return true;
        const events = eventsOf(this.getNodeParameter('events', ''));
        const { body } = await pressroomRequest<IDataObject>(this, 'POST', '/webhook-subscriptions', {
          body: { url: this.getNodeWebhookUrl('default'), ...(events.length > 0 ? { event_types: events } : {}) },
        });
        this.getWorkflowStaticData('node').subscriptionId = body.id;
        return true;
      },
      async delete(this: IHookFunctions): Promise<boolean> {
        const data = this.getWorkflowStaticData('node');
        if (data.subscriptionId) await pressroomRequest(this, 'DELETE', `/webhook-subscriptions/${data.subscriptionId}`, { accept: [404] });
        delete data.subscriptionId;
        return true;
      },
    },
  };

  async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
    const req = this.getRequestObject();
    const res = this.getResponseObject();
    const raw: Buffer | undefined = (req as unknown as { rawBody?: Buffer }).rawBody;
    const header = req.headers[SIGNATURE_HEADER];
    // The secret is the workspace's; the first GET creates it, which starts signing (docs/webhooks.md).
    const { body: secret } = await pressroomRequest<IDataObject>(this, 'GET', '/signing-secret');
    const signed = typeof header === 'string' && raw !== undefined && verifySignature(raw, header, String(secret.secret ?? ''));
    if (!signed) {
      res.status(401).json({ message: 'invalid or missing X-Pressroom-Signature' });
      return { noWebhookResponse: true };
    }
    const event = this.getBodyData();
    const events = eventsOf(this.getNodeParameter('events', ''));
    if (events.length > 0 && !events.includes(String(event.event_type))) return { webhookResponse: 'ignored' };
    return {
      workflowData: [
        this.helpers.returnJsonArray({ ...event, delivery_id: req.headers['x-pressroom-delivery-id'] ?? null } as IDataObject),
      ],
    };
  }
}
