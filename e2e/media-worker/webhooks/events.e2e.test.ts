import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ReceivedRequest, type Receiver, startReceiver } from '@pressroom/media-worker/webhooks/testing/receiver';
import { createTestCertificates } from '@pressroom/media-worker/webhooks/testing/test-ca';
import { until, verifyWithPythonSdk } from '@pressroom/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../../control-plane/admin.js';
import { freePort, type RunningFarm, startFarm, waitForDesigns } from '../../control-plane/farm.js';
import { runSdkCheck } from '../../control-plane/sdk.js';

const KINDS = ['NEW_BANNER', 'NEW_BANNER_BATCH', 'NEW_EXPORT', 'TEMPLATE_STATUS'] as const;

/**
 * Issue acceptance (exports, every event kind, approval), end to end on a running farm: every
 * event kind is emitted by a real path and reaches a real HTTPS receiver, signed; a subscription
 * filtered to one kind receives exactly that kind; a per-job callback receives its job's event
 * only; the SDK's export_banners validates strictly.
 */
describe('every event kind from a running farm', () => {
  let farm: RunningFarm;
  let receiver: Receiver;
  let pgPort: number;
  let workspaceId: string;
  let secret: string;
  let headers: Record<string, string>;
  // The admin tool runs with the farm's outbound setting: the receiver is on loopback.
  const adminEnv = () => ({ DATA_DIR: farm.dataDir, EMBEDDED_PG_PORT: String(pgPort), OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  const api = (path: string, init: RequestInit = {}) => fetch(`${farm.baseUrl}${path}`, { ...init, headers });
  const bodies = (path: string) => receiver.requests(path).map((r) => JSON.parse(r.body) as Record<string, unknown>);
  /** Waits for deliveries: a timeout shows the end of the farm's output. */
  const DELIVERIES = { timeoutMs: 120_000, intervalMs: 250, detail: () => farm.output().slice(-3000) };

  beforeAll(async () => {
    const certs = createTestCertificates();
    receiver = await startReceiver(certs);
    pgPort = await freePort();
    // A loaded machine can take more than the default minute to start a farm.
    farm = await startFarm({
      pgPort,
      timeoutMs: 150_000,
      // This test is about events, not the sync budget: on a loaded machine a sync render can pass 10 s.
      // Nor about rate limits: the SDK's checks and this test's own calls pass 10 requests in a second.
      env: {
        NODE_EXTRA_CA_CERTS: certs.caPath,
        OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
        SYNC_RENDER_TIMEOUT_MS: '60000',
        RATE_LIMIT_GLOBAL_PER_SECOND: '1000',
        RATE_LIMIT_WRITE_PER_MINUTE: '10000',
      },
    });
    headers = { 'x-api-key': farm.apiKey, 'content-type': 'application/json' };
    workspaceId = JSON.parse(await readFile(join(farm.dataDir, 'demo-workspace.json'), 'utf8')).workspace_id;
    const added = await Promise.all(
      KINDS.map((kind) =>
        admin(['webhook', 'add', '--workspace', workspaceId, '--url', receiver.url(`/sub/${kind}`), '--events', kind], adminEnv()),
      ),
    );
    expect(added.map((a) => a.code)).toEqual([0, 0, 0, 0]);
    secret = (await (await api('/signing-secret')).json()).secret;
  }, 300_000);
  afterAll(async () => {
    if (farm?.process.exitCode === null) await farm.interrupt();
    await receiver?.close();
  });

  it('NEW_BANNER per file (sync and async), NEW_BANNER_BATCH, NEW_EXPORT and TEMPLATE_STATUS, each to its own subscription', async () => {
    const [design] = await waitForDesigns(farm);
    const designId = design!.id;

    // Sync: one file, one NEW_BANNER.
    const sync = await api(`/banner-builder/${designId}/generate`, { method: 'POST', body: '{}' });
    expect(sync.status).toBe(200);
    const syncBannerId = (await sync.json()).id as string;

    // Async with a callback: NEW_BANNER per format to the subscription, the batch to the callback.
    const accepted = await api(`/async/banner-builder/${designId}/generate`, {
      method: 'POST',
      body: JSON.stringify({ callback_url: receiver.url('/callback/generation') }),
    });
    expect(accepted.status).toBe(200);
    const requestId = (await accepted.json()).generation_request_id as string;
    await until('the batch callback', () => receiver.requests('/callback/generation').length > 0, DELIVERIES);
    const batch = bodies('/callback/generation')[0]!;
    const asyncBannerIds = (batch['banners'] as { id: string }[]).map((b) => b.id);
    expect(asyncBannerIds.length).toBeGreaterThan(0);

    // Export of every file made, with its own callback.
    const allIds = [syncBannerId, ...asyncBannerIds];
    const exported = await api('/async/banners/export', {
      method: 'POST',
      body: JSON.stringify({ ids: allIds, callback_url: receiver.url('/callback/export') }),
    });
    expect(exported.status).toBe(200);
    const exportId = (await exported.json()).export_id as string;

    // Approval: approve with the admin CLI, reject over HTTP.
    const approved = await admin(['design', 'approve', '--design', designId, '--reason', 'on brand'], adminEnv());
    expect(approved).toMatchObject({ code: 0, json: { template_id: designId, status: 'approved', reason: 'on brand' } });
    const rejected = await api(`/designs/${designId}/review`, {
      method: 'POST',
      body: JSON.stringify({ status: 'rejected', reason: 'logo too small' }),
    });
    expect(rejected.status).toBe(200);
    expect(await rejected.json()).toMatchObject({ template_id: designId, status: 'rejected', reason: 'logo too small' });

    await until(
      'every event',
      () =>
        receiver.requests('/sub/NEW_BANNER').length >= allIds.length &&
        receiver.requests('/sub/NEW_BANNER_BATCH').length >= 1 &&
        receiver.requests('/sub/NEW_EXPORT').length >= 1 &&
        receiver.requests('/sub/TEMPLATE_STATUS').length >= 2 &&
        receiver.requests('/callback/export').length >= 1,
      DELIVERIES,
    );
    // Give a duplicate or a stray event the chance to show up before counting.
    await new Promise((r) => setTimeout(r, 3_000));

    // Each subscription received exactly its kind.
    for (const kind of KINDS) {
      const received = bodies(`/sub/${kind}`);
      expect(received.length, kind).toBeGreaterThan(0);
      expect(new Set(received.map((b) => b['event_type'])), kind).toEqual(new Set([kind]));
    }
    const newBanners = bodies('/sub/NEW_BANNER');
    expect(newBanners.map((b) => b['banner_id']).sort()).toEqual([...allIds].sort());
    for (const b of newBanners) expect((b['banner'] as { id: string }).id).toBe(b['banner_id']);
    expect(bodies('/sub/NEW_BANNER_BATCH')).toEqual([expect.objectContaining({ generation_request_id: requestId })]);
    // Deliveries run side by side and are not ordered (docs/webhooks.md): the approval may arrive
    // after the rejection, so the two are compared in a fixed order of their own.
    const byStatus = (a: Record<string, unknown>, b: Record<string, unknown>) => String(a['status']).localeCompare(String(b['status']));
    expect(bodies('/sub/TEMPLATE_STATUS').sort(byStatus)).toEqual([
      {
        event_type: 'TEMPLATE_STATUS',
        template_id: designId,
        status: 'approved',
        reason: 'on brand',
        status_updated_at_ts: expect.any(Number),
      },
      {
        event_type: 'TEMPLATE_STATUS',
        template_id: designId,
        status: 'rejected',
        reason: 'logo too small',
        status_updated_at_ts: expect.any(Number),
      },
    ]);

    // The per-job callbacks received their job's event only.
    expect(bodies('/callback/generation').map((b) => b['event_type'])).toEqual(['NEW_BANNER_BATCH']);
    const exportEvents = bodies('/callback/export');
    expect(exportEvents).toHaveLength(1);
    expect(exportEvents[0]).toMatchObject({ event_type: 'NEW_EXPORT', export_id: exportId, banner_ids: allIds });
    expect(bodies('/sub/NEW_EXPORT')).toEqual([exportEvents[0]]);

    // The archive behind archive_url holds every file, under unique names.
    const archive = await fetch(String(exportEvents[0]!['archive_url']));
    expect(archive.status).toBe(200);
    const zipPath = join(farm.dataDir, 'export-test.zip');
    await writeFile(zipPath, Buffer.from(await archive.arrayBuffer()));
    execFileSync('unzip', ['-tq', zipPath]);
    const names = execFileSync('unzip', ['-Z1', zipPath], { encoding: 'utf8' }).trim().split('\n');
    expect(names).toHaveLength(allIds.length);
    expect(new Set(names).size).toBe(allIds.length);
    expect((await (await api(`/exports/${exportId}`)).json()).status).toBe('done');

    // Every delivery is signed, and the SDK's own verifier accepts each one.
    const all: ReceivedRequest[] = [
      ...KINDS.flatMap((k) => receiver.requests(`/sub/${k}`)),
      ...receiver.requests('/callback/generation'),
      ...receiver.requests('/callback/export'),
    ];
    const verdicts = verifyWithPythonSdk(all.map((d) => ({ body: d.body, header: String(d.headers['x-abyssale-signature']), secret })));
    expect(verdicts).toEqual(all.map(() => true));

    // Banners of the reviewed design carry visual_status; a move to another project resets it.
    const reviewed = await (await api(`/banners/${syncBannerId}`)).json();
    expect(reviewed.visual_status).toMatchObject({
      status: 'rejected',
      reason: 'logo too small',
      status_updated_at_ts: expect.any(Number),
    });

    const sdk = await runSdkCheck('export_check.py', farm.baseUrl, farm.apiKey, {
      BANNER_IDS: allIds.join(','),
      CALLBACK_URL: receiver.url('/callback/sdk'),
    });
    expect(sdk.results.filter((r) => !r.ok)).toEqual([]);
    expect(sdk.passed).toBe(4);

    const project = await api('/projects', { method: 'POST', body: JSON.stringify({ name: 'Elsewhere' }) });
    const projectId = (await project.json()).id as string;
    const designRead = await (await api(`/designs/${designId}`)).json();
    const sameProject = await api(`/designs/${designId}/project`, {
      method: 'PUT',
      body: JSON.stringify({ project_id: designRead.project_id }),
    });
    expect(sameProject.status).toBe(200);
    expect((await (await api(`/banners/${syncBannerId}`)).json()).visual_status).toMatchObject({ status: 'rejected' });
    const moved = await api(`/designs/${designId}/project`, { method: 'PUT', body: JSON.stringify({ project_id: projectId }) });
    expect(moved.status).toBe(200);
    expect((await (await api(`/banners/${syncBannerId}`)).json()).visual_status).toBeUndefined();
  });
});
