import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Receiver, respond, startReceiver } from '@pressroom/media-worker/webhooks/testing/receiver';
import { createTestCertificates } from '@pressroom/media-worker/webhooks/testing/test-ca';
import { verifyWithPythonSdk } from '@pressroom/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../../control-plane/admin.js';
import { freePort, type RunningFarm, startFarm, waitForDesigns } from '../../control-plane/farm.js';

/**
 * Issue acceptance, end to end: an async generation with a callback_url, plus a dashboard
 * subscription, gives one NEW_BANNER_BATCH to each, with different delivery ids, both verifiable.
 */
describe('webhooks from a running farm', () => {
  let farm: RunningFarm;
  let receiver: Receiver;
  let pgPort: number;

  beforeAll(async () => {
    const certs = createTestCertificates();
    receiver = await startReceiver(certs);
    pgPort = await freePort();
    // The farm's workers trust the test CA the way a deployment trusts a private CA.
    farm = await startFarm({ pgPort, env: { NODE_EXTRA_CA_CERTS: certs.caPath, OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' } });
  });
  afterAll(async () => {
    if (farm.process.exitCode === null) await farm.interrupt();
    await receiver.close();
  });

  it('one signed NEW_BANNER_BATCH to the callback and one to the subscription, with different delivery ids', async () => {
    const headers = { 'x-api-key': farm.apiKey, 'content-type': 'application/json' };
    const { workspace_id: workspaceId } = JSON.parse(await readFile(join(farm.dataDir, 'demo-workspace.json'), 'utf8'));
    const sub = await admin(
      ['webhook', 'add', '--workspace', workspaceId, '--url', receiver.url('/subscription'), '--events', 'NEW_BANNER_BATCH'],
      // With the farm's outbound setting: the receiver is on loopback.
      { DATA_DIR: farm.dataDir, EMBEDDED_PG_PORT: String(pgPort), OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' },
    );
    expect(sub.code).toBe(0);
    for (const path of ['/subscription', '/callback']) receiver.on(path, (_n, _req, res) => respond(res, 200, 'ok'));

    const secret = (await (await fetch(`${farm.baseUrl}/signing-secret`, { headers })).json()).secret as string;
    expect(secret).toMatch(/^whsec_/);

    const [design] = await waitForDesigns(farm);
    const accepted = await fetch(`${farm.baseUrl}/async/banner-builder/${design!.id}/generate`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ callback_url: receiver.url('/callback') }),
    });
    expect(accepted.status).toBe(200);
    const { generation_request_id: requestId } = await accepted.json();

    const deadline = Date.now() + 120_000;
    while ((receiver.requests('/callback').length === 0 || receiver.requests('/subscription').length === 0) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
    }
    // Give a duplicate the chance to show up before counting.
    await new Promise((r) => setTimeout(r, 3_000));
    const callback = receiver.requests('/callback');
    const subscription = receiver.requests('/subscription');
    expect(callback).toHaveLength(1);
    expect(subscription).toHaveLength(1);

    for (const delivery of [...callback, ...subscription]) {
      const body = JSON.parse(delivery.body);
      expect(body).toMatchObject({ event_type: 'NEW_BANNER_BATCH', generation_request_id: requestId });
      expect(delivery.headers['x-pressroom-delivery-id']).toMatch(/^[0-9a-f]{64}$/);
      expect(delivery.headers['x-abyssale-delivery-id']).toBe(delivery.headers['x-pressroom-delivery-id']);
      expect(delivery.headers['x-abyssale-signature']).toBe(delivery.headers['x-pressroom-signature']);
      expect(delivery.headers['x-referer']).toBeTruthy();
    }
    expect(callback[0]!.headers['x-pressroom-delivery-id']).not.toBe(subscription[0]!.headers['x-pressroom-delivery-id']);

    const verdicts = verifyWithPythonSdk(
      // As the SDK's docs read it: the X-Abyssale-Signature header.
      [...callback, ...subscription].map((d) => ({ body: d.body, header: String(d.headers['x-abyssale-signature']), secret })),
    );
    expect(verdicts).toEqual([true, true]);
  });
});
