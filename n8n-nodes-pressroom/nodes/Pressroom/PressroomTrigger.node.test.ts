import { signatureHeader } from '@pressroom/platform';
import type { IHookFunctions, IWebhookFunctions } from 'n8n-workflow';
import { describe, expect, it } from 'vitest';
import { httpRequestOver, NODE } from '../../test/fake.js';
import { fakeApi } from '../../test/fake-api.js';
import { PressroomTrigger } from './PressroomTrigger.node.js';
import { verifySignature } from './signature.js';

const SECRET = 'whsec_current';
const BODY = JSON.stringify({ event_type: 'NEW_BANNER_BATCH', generation_request_id: 'r1' });
const now = () => Math.floor(Date.now() / 1000);

describe('verifySignature (the spec\'s "Signature")', () => {
  it("accepts the farm's own header (its signer, shared/platform), during a rotation with either secret", () => {
    const t = now();
    expect(verifySignature(BODY, signatureHeader([SECRET], t, BODY), SECRET)).toBe(true);
    const rotated = signatureHeader(['whsec_new', SECRET], t, BODY);
    expect(verifySignature(BODY, rotated, SECRET)).toBe(true);
    expect(verifySignature(Buffer.from(BODY), rotated, 'whsec_new')).toBe(true);
  });

  it('refuses another body, another secret, a stale or future t, and malformed headers, without throwing', () => {
    const t = now();
    const header = signatureHeader([SECRET], t, BODY);
    expect(verifySignature(`${BODY} `, header, SECRET)).toBe(false);
    expect(verifySignature(BODY, header, 'whsec_other')).toBe(false);
    expect(verifySignature(BODY, signatureHeader([SECRET], t - 301, BODY), SECRET)).toBe(false);
    expect(verifySignature(BODY, signatureHeader([SECRET], t + 301, BODY), SECRET)).toBe(false);
    expect(verifySignature(BODY, signatureHeader([SECRET], t - 200, BODY), SECRET)).toBe(true);
    for (const bad of ['', 't=1', 'v1=abc', `t=${t},v1=zz`, `t=x,${header.split(',')[1]}`, `${header},t=${t}`, 'garbage', undefined, null])
      expect(verifySignature(BODY, bad, SECRET)).toBe(false);
    // Unknown tags are ignored.
    expect(verifySignature(BODY, `${header},v0=whatever`, SECRET)).toBe(true);
  });
});

/** The webhook function context as n8n hands it, with a delivery and a response recorder. */
function delivery(headers: Record<string, string>, body: string, parameters: Record<string, unknown> = {}) {
  const api = fakeApi((call) => (call.path === '/signing-secret' ? { body: { secret: SECRET } } : undefined));
  const response: { status?: number; body?: unknown } = {};
  const ctx = {
    getRequestObject: () => ({ headers, rawBody: Buffer.from(body), body: JSON.parse(body) }),
    getResponseObject: () => ({
      status(code: number) {
        response.status = code;
        return { json: (b: unknown) => (response.body = b) };
      },
    }),
    getBodyData: () => JSON.parse(body),
    getNodeParameter: (name: string, fallback?: unknown) => parameters[name] ?? fallback,
    getNode: () => NODE,
    getCredentials: async () => ({ baseUrl: 'http://farm.test', apiKey: 'prk_test' }),
    helpers: { httpRequest: httpRequestOver(api.fetch), returnJsonArray: (d: object) => [{ json: d }] },
  } as unknown as IWebhookFunctions;
  return { ctx, response, api };
}

describe('the Pressroom Trigger', () => {
  const trigger = new PressroomTrigger();

  it('starts the workflow with a delivery whose signature verifies, with its delivery id', async () => {
    const { ctx, api } = delivery(
      { 'x-pressroom-signature': signatureHeader([SECRET], now(), BODY), 'x-pressroom-delivery-id': 'd'.repeat(64) },
      BODY,
    );
    const answer = await trigger.webhook.call(ctx);
    expect(answer.workflowData?.[0]?.[0]?.json).toMatchObject({
      event_type: 'NEW_BANNER_BATCH',
      generation_request_id: 'r1',
      delivery_id: 'd'.repeat(64),
    });
    expect(api.calls[0]?.headers['x-api-key']).toBe('prk_test');
  });

  it('answers 401 and starts nothing for a forged, missing or stale signature', async () => {
    const cases: Record<string, string>[] = [
      { 'x-pressroom-signature': signatureHeader(['whsec_forged'], now(), BODY) },
      {},
      { 'x-pressroom-signature': signatureHeader([SECRET], now() - 3600, BODY) },
    ];
    for (const headers of cases) {
      const { ctx, response } = delivery(headers, BODY);
      const answer = await trigger.webhook.call(ctx);
      expect(answer.workflowData).toBeUndefined();
      expect(answer.noWebhookResponse).toBe(true);
      expect(response.status).toBe(401);
    }
  });

  it('acknowledges and ignores a signed event it does not listen to', async () => {
    const { ctx } = delivery({ 'x-pressroom-signature': signatureHeader([SECRET], now(), BODY) }, BODY, { events: 'BULK_RUN_FINISHED' });
    const answer = await trigger.webhook.call(ctx);
    expect(answer.workflowData).toBeUndefined();
    expect(answer.webhookResponse).toBe('ignored');
  });

  it("activation subscribes the node's URL to the chosen events; deactivation removes the subscription", async () => {
    const api = fakeApi((call) => {
      if (call.method === 'POST' && call.path === '/webhook-subscriptions') return { status: 201, body: { id: 's1' } };
      if (call.method === 'GET' && call.path === '/webhook-subscriptions') return { body: [{ id: 's1', active: true }] };
      if (call.method === 'DELETE' && call.path === '/webhook-subscriptions/s1') return { body: { id: 's1' } };
      return undefined;
    });
    const staticData: Record<string, unknown> = {};
    const hooks = {
      getNodeParameter: (name: string, fallback?: unknown) =>
        ({ events: 'NEW_BANNER_BATCH, BULK_RUN_FINISHED', subscribe: true })[name] ?? fallback,
      getWorkflowStaticData: () => staticData,
      getNodeWebhookUrl: () => 'https://n8n.test/webhook/abc/webhook',
      getNode: () => NODE,
      getCredentials: async () => ({ baseUrl: 'http://farm.test', apiKey: 'prk_test' }),
      helpers: { httpRequest: httpRequestOver(api.fetch) },
    } as unknown as IHookFunctions;
    const methods = trigger.webhookMethods.default;
    expect(await methods.checkExists.call(hooks)).toBe(false);
    await methods.create.call(hooks);
    expect(api.calls[0]?.body).toEqual({
      url: 'https://n8n.test/webhook/abc/webhook',
      event_types: ['NEW_BANNER_BATCH', 'BULK_RUN_FINISHED'],
    });
    expect(await methods.checkExists.call(hooks)).toBe(true);
    await methods.delete.call(hooks);
    expect(api.calls.at(-1)).toMatchObject({ method: 'DELETE', path: '/webhook-subscriptions/s1' });
    expect(staticData.subscriptionId).toBeUndefined();
  });
});
