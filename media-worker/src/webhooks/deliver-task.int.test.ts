import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DEFAULT_GAPS_MS, DELIVER_WEBHOOK_TASK, type EventPayload, newBannerBatchEvent, newExportEvent } from '@pressroom/model';
import {
  addSubscription,
  createLogger,
  createMetricsRegistry,
  enqueueEvent,
  listDeliveries,
  redeliver,
  startWorkerRuntime,
  verifyWebhookSignature,
  type WorkerRuntime,
} from '@pressroom/platform';
import { type TestDatabase, testDatabase, until, verifyWithPythonSdk } from '@pressroom/platform/testing';
import type { JobHelpers } from 'graphile-worker';
import type { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMediaWorkerConfig } from '../config.js';
import { deliverWebhookTask, type WebhookTaskConfig } from './deliver-task.js';
import { type Receiver, respond, startReceiver } from './testing/receiver.js';
import { createTestCertificates, type TestCertificates } from './testing/test-ca.js';

const TIME_SCALE = 0.0005; // 15 s → 7.5 ms … 2 h → 3.6 s
const TIMEOUT_MS = 1_500; // stands in for 15 s; the receiver that "sleeps 20 s" sleeps 2 s
const config: WebhookTaskConfig = {
  webhookTimeoutMs: TIMEOUT_MS,
  webhookRetryGapsMs: DEFAULT_GAPS_MS.join(','),
  webhookExportRetryGapsMs: '60000,180000,600000,1800000,7200000',
  webhookTimeScale: TIME_SCALE,
  apiHostName: 'api.pressroom.test',
  outboundAllowPrivateNetworks: true,
};

let db: TestDatabase;
let certs: TestCertificates;
let receiver: Receiver;
let canary: Receiver;
let runtime: WorkerRuntime | null = null;
let metrics: Registry;

async function startRuntime(): Promise<WorkerRuntime> {
  const logger = createLogger('test', 'silent');
  metrics = createMetricsRegistry('media-worker');
  return startWorkerRuntime({
    role: 'media-worker',
    db: db.pool,
    taskList: { [DELIVER_WEBHOOK_TASK]: deliverWebhookTask({ config, db: db.pool, logger, metrics, ca: certs.caPem }) },
    concurrency: 8,
    logger,
    metrics,
    pollIntervalMs: 50,
    heartbeatIntervalMs: 200,
  });
}

async function workspace(): Promise<string> {
  const { rows } = await db.pool.query<{ id: string }>(`INSERT INTO workspaces (name) VALUES ('Acme') RETURNING id`);
  return rows[0]!.id;
}

async function subscribe(workspaceId: string, path: string): Promise<string> {
  return (await addSubscription(db.pool, { workspaceId, url: receiver.url(path), eventTypes: null })).id;
}

async function emit(workspaceId: string, payload: EventPayload = batch(), callbackUrl?: string) {
  return enqueueEvent(db.pool, { workspaceId, eventType: payload.event_type, payload, callbackUrl: callbackUrl ?? null });
}

const batch = () => newBannerBatchEvent({ generationRequestId: crypto.randomUUID(), banners: [{ id: crypto.randomUUID() }] });

/** The waits below: a hang guard on a loaded machine, never a speed check. */
const WAIT = { timeoutMs: 20_000 };

/** A pending callback delivery of a NEW_BANNER event, with no job: only a task the test calls runs it. */
async function deliveryWithoutJob(workspaceId: string, deliveryId: string, url: string): Promise<string> {
  const ev = await db.pool.query<{ id: string }>(
    `INSERT INTO webhook_events (workspace_id, event_type, payload) VALUES ($1, 'NEW_BANNER', '{}') RETURNING id`,
    [workspaceId],
  );
  const row = await db.pool.query<{ id: string }>(
    `INSERT INTO webhook_deliveries (delivery_id, event_id, workspace_id, target_kind, url) VALUES ($1, $2, $3, 'callback', $4) RETURNING id`,
    [deliveryId, ev.rows[0]!.id, workspaceId, url],
  );
  return row.rows[0]!.id;
}

async function deliveryRow(rowId: string) {
  const { rows } = await db.pool.query<{ status: string; attempts: number }>(
    'SELECT status, attempts FROM webhook_deliveries WHERE id = $1',
    [rowId],
  );
  return rows[0]!;
}

async function attemptsOf(rowId: string) {
  const { rows } = await db.pool.query<{
    attempt: number;
    status_code: number | null;
    reason: string;
    outcome: string;
    duration_ms: number;
  }>(
    'SELECT attempt, status_code, reason, outcome, duration_ms FROM webhook_delivery_attempts WHERE delivery_row_id = $1 ORDER BY attempt',
    [rowId],
  );
  return rows;
}

async function subscriptionState(id: string) {
  const { rows } = await db.pool.query<{ active: boolean; deactivation_reason: string | null }>(
    'SELECT active, deactivation_reason FROM webhook_subscriptions WHERE id = $1',
    [id],
  );
  return rows[0]!;
}

/** The delivery row once it is no longer pending. */
const finished = (rowId: string) =>
  until(
    `delivery ${rowId} to finish`,
    async () => {
      const row = await deliveryRow(rowId);
      return row.status !== 'pending' && row;
    },
    WAIT,
  );

beforeAll(async () => {
  db = await testDatabase();
  certs = createTestCertificates();
  receiver = await startReceiver(certs);
  canary = await startReceiver(certs);
  runtime = await startRuntime();
});

afterAll(async () => {
  await runtime?.stop();
  await receiver?.close();
  await canary?.close();
  await db?.drop();
});

describe('deliver_webhook through a real graphile-worker and a real HTTPS receiver', () => {
  it('500 five times then 200: 6 attempts, one delivery id, fresh t, gaps of the scaled schedule, signed', async () => {
    const ws = await workspace();
    await db.pool.query(`INSERT INTO webhook_signing_secrets (workspace_id, secret) VALUES ($1, 'whsec_retry')`, [ws]);
    await subscribe(ws, '/retry');
    receiver.on('/retry', (n, _req, res) => respond(res, n < 5 ? 500 : 200));
    const { deliveries } = await emit(ws);
    const row = await finished(deliveries[0]!.id);
    expect(row).toEqual({ status: 'delivered', attempts: 6 });

    const got = receiver.requests('/retry');
    expect(got).toHaveLength(6);
    expect(new Set(got.map((r) => r.headers['x-pressroom-delivery-id']))).toEqual(new Set([deliveries[0]!.deliveryId]));
    expect(got[0]!.headers['x-pressroom-delivery-id']).toMatch(/^[0-9a-f]{64}$/);
    for (const [i, r] of got.entries()) {
      expect(r.method).toBe('POST');
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['x-referer']).toBe('api.pressroom.test');
      expect(JSON.parse(r.body).event_type).toBe('NEW_BANNER_BATCH');
      const sig = String(r.headers['x-pressroom-signature']);
      // The names Abyssale's SDKs read carry the same values (docs/webhooks.md).
      expect(r.headers['x-abyssale-signature']).toBe(sig);
      expect(r.headers['x-abyssale-delivery-id']).toBe(r.headers['x-pressroom-delivery-id']);
      const t = Number(/^t=(\d+),/.exec(sig)![1]);
      // t is taken at send time on every attempt, not reused from the first: each attempt is
      // signed after the previous one arrived and before itself arrives (whatever the delays).
      expect(t).toBeLessThanOrEqual(r.at / 1000);
      if (i > 0) expect(t).toBeGreaterThanOrEqual(Math.floor(got[i - 1]!.at / 1000));
      expect(verifyWebhookSignature(r.body, sig, 'whsec_retry')).toBe(true);
    }
    // No attempt runs before its scaled gap. How much later it runs depends on the machine's load,
    // so there is no upper bound here; schedule.test.ts pins run_at = attempt time + gap.
    const gaps = got.slice(1).map((r, i) => r.at - got[i]!.at);
    DEFAULT_GAPS_MS.forEach((gap, i) => {
      expect(gaps[i]).toBeGreaterThanOrEqual(gap * TIME_SCALE - 5);
    });
    // The sum of the gaps (4.9 s) separates the first and last signatures by at least a second.
    expect(Number(/^t=(\d+),/.exec(String(got[5]!.headers['x-pressroom-signature']))![1])).toBeGreaterThan(
      Number(/^t=(\d+),/.exec(String(got[0]!.headers['x-pressroom-signature']))![1]),
    );
    expect((await attemptsOf(deliveries[0]!.id)).map((a) => [a.status_code, a.outcome])).toEqual([
      ...Array(5).fill([500, 'retry']),
      [200, 'ack'],
    ]);
    const text = await metrics.metrics();
    expect(text).toMatch(/pressroom_webhook_deliveries_total\{outcome="retry",role="media-worker"\} 5/);
    expect(text).toMatch(/pressroom_webhook_deliveries_total\{outcome="ack",role="media-worker"\} 1/);
  });

  it('410 deactivates at once, with no further attempt', async () => {
    const ws = await workspace();
    const sub = await subscribe(ws, '/gone');
    receiver.on('/gone', (_n, _req, res) => respond(res, 410));
    const { deliveries } = await emit(ws);
    expect(await finished(deliveries[0]!.id)).toEqual({ status: 'deactivated', attempts: 1 });
    expect(await subscriptionState(sub)).toEqual({ active: false, deactivation_reason: 'gone' });
    await new Promise((r) => setTimeout(r, 300)); // well past the first scaled gap (7.5 ms)
    expect(receiver.requests('/gone')).toHaveLength(1);
    // A deactivated subscription gets no new deliveries.
    expect((await emit(ws)).deliveries).toHaveLength(0);
    expect(await metrics.metrics()).toMatch(/pressroom_webhook_deactivations_total\{reason="gone",role="media-worker"\} 1/);
  });

  it('each exact 400 body deactivates; any other 400 body stays in the schedule; fan-out gets one id per subscription', async () => {
    const ws = await workspace();
    const bodies = [
      'Queue is full.',
      'There is no scenario listening for this webhook.',
      'Organization is in read-only mode.',
      'Queue is full',
      'queue is full.',
    ];
    const subs: string[] = [];
    for (const [i, body] of bodies.entries()) {
      receiver.on(`/b400-${i}`, (n, _req, res) => respond(res, n === 0 ? 400 : 200, n === 0 ? body : 'ok'));
      subs.push(await subscribe(ws, `/b400-${i}`));
    }
    const { deliveries } = await emit(ws);
    expect(deliveries).toHaveLength(5);
    expect(new Set(deliveries.map((d) => d.deliveryId)).size).toBe(5);
    const rows = await Promise.all(deliveries.map((d) => finished(d.id)));
    expect(rows.map((r) => r.status)).toEqual(['deactivated', 'deactivated', 'deactivated', 'delivered', 'delivered']);
    const states = await Promise.all(subs.map(subscriptionState));
    expect(states.map((s) => s.active)).toEqual([false, false, false, true, true]);
    expect(states[0]!.deactivation_reason).toBe('rejected');
    for (const [i] of bodies.entries()) {
      const seen = receiver.requests(`/b400-${i}`).map((r) => r.headers['x-pressroom-delivery-id']);
      expect(new Set(seen)).toEqual(new Set([deliveries[i]!.deliveryId]));
    }
  });

  it('404 on every attempt deactivates after the sixth; a persistent 5xx drops and keeps the subscription', async () => {
    const ws = await workspace();
    const missing = await subscribe(ws, '/missing');
    const broken = await subscribe(ws, '/broken');
    receiver.on('/missing', (_n, _req, res) => respond(res, 404));
    receiver.on('/broken', (_n, _req, res) => respond(res, 503));
    const { deliveries } = await emit(ws);
    const [a, b] = await Promise.all(deliveries.map((d) => finished(d.id)));
    expect(a).toEqual({ status: 'deactivated', attempts: 6 });
    expect(b).toEqual({ status: 'dropped', attempts: 6 });
    expect(await subscriptionState(missing)).toEqual({ active: false, deactivation_reason: 'unreachable' });
    expect(await subscriptionState(broken)).toEqual({ active: true, deactivation_reason: null });
    expect(receiver.requests('/missing')).toHaveLength(6);
    expect((await attemptsOf(deliveries[0]!.id)).map((x) => x.outcome)).toEqual([...Array(5).fill('retry'), 'deactivate']);
  });

  it('a receiver that sleeps past the timeout is abandoned at the timeout (default 15 s)', async () => {
    expect(loadMediaWorkerConfig({}).webhookTimeoutMs).toBe(15_000);
    const ws = await workspace();
    await subscribe(ws, '/sleepy');
    // The first request is never answered: only the sender's timeout can end that attempt, so no
    // race between a receiver's sleep and the timeout decides the result.
    receiver.on('/sleepy', async (n, _req, res) => {
      if (n === 0) await new Promise((r) => res.once('close', r));
      if (!res.destroyed) respond(res, 200);
    });
    const { deliveries } = await emit(ws);
    expect(await finished(deliveries[0]!.id)).toEqual({ status: 'delivered', attempts: 2 });
    const [first, second] = await attemptsOf(deliveries[0]!.id);
    expect(first).toMatchObject({ reason: 'timeout', status_code: null, outcome: 'retry' });
    expect(first!.duration_ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(second).toMatchObject({ status_code: 200, outcome: 'ack' });
  });

  it('a 301 is a failure and its Location is never fetched', async () => {
    const ws = await workspace();
    await subscribe(ws, '/moved');
    canary.on('/canary', (_n, _req, res) => respond(res, 200));
    receiver.on('/moved', (n, _req, res) => (n === 0 ? respond(res, 301, '', { location: canary.url('/canary') }) : respond(res, 200)));
    const { deliveries } = await emit(ws);
    expect(await finished(deliveries[0]!.id)).toEqual({ status: 'delivered', attempts: 2 });
    expect((await attemptsOf(deliveries[0]!.id))[0]).toMatchObject({ status_code: 301, outcome: 'retry' });
    expect(canary.connections()).toBe(0);
    expect(canary.requests('/canary')).toHaveLength(0);
  });

  it('a callback and a subscription each get one delivery with its own id; a callback is never deactivated', async () => {
    const ws = await workspace();
    await db.pool.query(`INSERT INTO webhook_signing_secrets (workspace_id, secret) VALUES ($1, 'whsec_fanout')`, [ws]);
    await subscribe(ws, '/dash');
    receiver.on('/cb', (_n, _req, res) => respond(res, 201));
    const { deliveries } = await emit(ws, batch(), receiver.url('/cb'));
    expect(deliveries.map((d) => d.targetKind)).toEqual(['subscription', 'callback']);
    await Promise.all(deliveries.map((d) => finished(d.id)));
    const [dash, cb] = [receiver.requests('/dash'), receiver.requests('/cb')];
    expect(dash).toHaveLength(1);
    expect(cb).toHaveLength(1);
    expect(dash[0]!.headers['x-pressroom-delivery-id']).not.toBe(cb[0]!.headers['x-pressroom-delivery-id']);
    expect(dash[0]!.body).toBe(cb[0]!.body);
    const verdicts = verifyWithPythonSdk(
      [dash[0]!, cb[0]!].map((r) => ({ body: r.body, header: String(r.headers['x-pressroom-signature']), secret: 'whsec_fanout' })),
    );
    expect(verdicts).toEqual([true, true]);

    // An export callback answering 410 is dropped after one attempt; there is nothing to deactivate.
    receiver.on('/export-cb', (_n, _req, res) => respond(res, 410));
    const exp = await emit(
      ws,
      newExportEvent({ exportId: crypto.randomUUID(), archiveUrl: 'https://cdn.test/a.zip', bannerIds: [] }),
      receiver.url('/export-cb'),
    );
    const exportDelivery = exp.deliveries.find((d) => d.targetKind === 'callback')!;
    expect(await finished(exportDelivery.id)).toEqual({ status: 'dropped', attempts: 1 });
  });

  it('during a rotation overlap a delivery carries two v1, each verifying with the Python SDK for its own secret; unsigned before any secret', async () => {
    const ws = await workspace();
    await subscribe(ws, '/rotation');
    const first = await emit(ws);
    await finished(first.deliveries[0]!.id);
    expect(receiver.requests('/rotation')[0]!.headers['x-pressroom-signature']).toBeUndefined();
    expect(receiver.requests('/rotation')[0]!.headers['x-abyssale-signature']).toBeUndefined();
    expect(receiver.requests('/rotation')[0]!.headers['x-pressroom-delivery-id']).toMatch(/^[0-9a-f]{64}$/);
    expect(receiver.requests('/rotation')[0]!.headers['x-abyssale-delivery-id']).toBe(
      receiver.requests('/rotation')[0]!.headers['x-pressroom-delivery-id'],
    );

    await db.pool.query(
      `INSERT INTO webhook_signing_secrets (workspace_id, secret, previous_secret, previous_expires_at, rotated_at)
       VALUES ($1, 'whsec_new', 'whsec_old', now() + interval '1 hour', now())`,
      [ws],
    );
    const second = await emit(ws);
    await finished(second.deliveries[0]!.id);
    const r = receiver.requests('/rotation')[1]!;
    // The header the SDKs' docs read (X-Abyssale-Signature); Pressroom's own name has the same value.
    const header = String(r.headers['x-abyssale-signature']);
    expect(r.headers['x-pressroom-signature']).toBe(header);
    expect(header.match(/v1=/g)).toHaveLength(2);
    const v1s = header.split(',').filter((p) => p.startsWith('v1='));
    const tPart = header.split(',')[0]!;
    const cases = ['whsec_new', 'whsec_old'].flatMap((secret) => v1s.map((v1) => ({ body: r.body, header: `${tPart},${v1}`, secret })));
    // Each secret verifies exactly one of the two v1 values.
    expect(verifyWithPythonSdk(cases)).toEqual([true, false, false, true]);
    expect(
      verifyWithPythonSdk([
        { body: r.body, header, secret: 'whsec_new' },
        { body: r.body, header, secret: 'whsec_old' },
      ]),
    ).toEqual([true, true]);
  });

  // The TypeScript SDK (getabyssale/abyssale-sdk) is not on npm and is not vendored here: point
  // ABYSSALE_TS_SDK_DIR at a checkout to verify with its own `verifyWebhookSignature`, as its README reads it.
  it.skipIf(!process.env['ABYSSALE_TS_SDK_DIR'])(
    'the TypeScript SDK verifies a delivery from the x-abyssale-signature header',
    async () => {
      const sdk = (await import(/* @vite-ignore */ `${process.env['ABYSSALE_TS_SDK_DIR']}/src/webhooks.ts`)) as {
        verifyWebhookSignature: (o: { body: string; header: string | undefined; secret: string }) => boolean;
      };
      const ws = await workspace();
      await db.pool.query(`INSERT INTO webhook_signing_secrets (workspace_id, secret) VALUES ($1, 'whsec_ts')`, [ws]);
      await subscribe(ws, '/ts-sdk');
      const { deliveries } = await emit(ws);
      await finished(deliveries[0]!.id);
      const r = receiver.requests('/ts-sdk')[0]!;
      const header = r.headers['x-abyssale-signature'] as string | undefined;
      expect(sdk.verifyWebhookSignature({ body: r.body, header, secret: 'whsec_ts' })).toBe(true);
      expect(sdk.verifyWebhookSignature({ body: `${r.body} `, header, secret: 'whsec_ts' })).toBe(false);
      expect(r.headers['x-abyssale-delivery-id']).toBe(deliveries[0]!.deliveryId);
    },
  );

  it('refuses a non-HTTPS target without contacting it', async () => {
    const ws = await workspace();
    const before = receiver.connections();
    const { deliveries } = await emit(ws, batch(), receiver.url('/plain').replace('https:', 'http:'));
    expect(await finished(deliveries[0]!.id)).toEqual({ status: 'dropped', attempts: 1 });
    expect((await attemptsOf(deliveries[0]!.id))[0]).toMatchObject({ reason: 'not_https' });
    expect(receiver.connections()).toBe(before);
  });

  it('outbound targets pass the address guard: loopback is refused without a connection when private networks are off', async () => {
    const guarded = deliverWebhookTask({
      // Unscaled time: its retry is due in 15 s, after this file is done, so the shared runtime never sends it.
      config: { ...config, outboundAllowPrivateNetworks: false, webhookTimeScale: 1 },
      db: db.pool,
      logger: createLogger('test', 'silent'),
      metrics: createMetricsRegistry('media-worker'),
    });
    const ws = await workspace();
    // Added with no job so that only the guarded task instance below runs it.
    const rowId = await deliveryWithoutJob(ws, 'a'.repeat(64), receiver.url('/guarded').replace('127.0.0.1', 'localhost'));
    const before = receiver.connections();
    await guarded({ v: 1, delivery: rowId, attempt: 1 }, {} as JobHelpers);
    expect(await attemptsOf(rowId)).toEqual([expect.objectContaining({ reason: 'forbidden_address', outcome: 'retry' })]);
    expect(receiver.connections()).toBe(before);
  });

  it('a job whose payload breaks its contract ends its delivery as dropped, never pending for ever, without contacting anyone', async () => {
    const task = deliverWebhookTask({
      config,
      db: db.pool,
      logger: createLogger('test', 'silent'),
      metrics: createMetricsRegistry('media-worker'),
    });
    const ws = await workspace();
    // Added with no job, so that only the call below runs it.
    const rowId = await deliveryWithoutJob(ws, 'b'.repeat(64), receiver.url('/invalid-payload'));
    await task({ v: 1, delivery: rowId, attempt: 0 }, { job: { id: '1' } } as JobHelpers);
    expect(await deliveryRow(rowId)).toEqual({ status: 'dropped', attempts: 0 });
    expect(receiver.requests('/invalid-payload')).toEqual([]);
  });

  it('redeliver by hand sends the same delivery id once more', async () => {
    const ws = await workspace();
    receiver.on('/again', (n, _req, res) => respond(res, n === 0 ? 410 : 200));
    const { deliveries } = await emit(ws, batch(), receiver.url('/again'));
    expect(await finished(deliveries[0]!.id)).toEqual({ status: 'dropped', attempts: 1 });
    expect(await redeliver(db.pool, deliveries[0]!.deliveryId)).toMatchObject({ attempt: 2 });
    await until('the redelivery to be delivered', async () => (await deliveryRow(deliveries[0]!.id)).status === 'delivered', WAIT);
    const ids = receiver.requests('/again').map((r) => r.headers['x-pressroom-delivery-id']);
    expect(ids).toEqual([deliveries[0]!.deliveryId, deliveries[0]!.deliveryId]);
    const listed = (await listDeliveries(db.pool, ws))[0]!;
    expect(listed.attempt_log.map((a) => [a.attempt, a.status_code, a.manual])).toEqual([
      [1, 410, false],
      [2, 200, true],
    ]);
  });
});

describe('crash safety', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill('SIGKILL');
  });

  it('a worker killed after the receiver answered 200 but before recording: the same delivery id arrives again', async () => {
    await runtime?.stop(); // only the child may take the job
    runtime = null;
    const script = fileURLToPath(new URL('./testing/worker-child.ts', import.meta.url));
    child = spawn(process.execPath, ['--import', 'tsx', script], {
      env: {
        ...process.env,
        DATABASE_URL: db.url,
        NODE_EXTRA_CA_CERTS: certs.caPath,
        OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
        WEBHOOK_TIME_SCALE: String(TIME_SCALE),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const proc = child;
    await new Promise<void>((resolve, reject) => {
      proc.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
      proc.once('exit', (code) => reject(new Error(`child exited early with ${code}`)));
    });
    const exited = new Promise((r) => proc.once('exit', r));

    const ws = await workspace();
    await subscribe(ws, '/crash');
    receiver.on('/crash', (n, _req, res) => {
      respond(res, 200);
      if (n === 0) proc.kill('SIGKILL'); // the 200 is on the wire; the child never records it
    });
    const { deliveries } = await emit(ws);
    await exited;
    expect(receiver.requests('/crash')).toHaveLength(1);
    expect(await attemptsOf(deliveries[0]!.id)).toEqual([]);
    expect(await deliveryRow(deliveries[0]!.id)).toEqual({ status: 'pending', attempts: 0 });

    // The job is still locked by the dead worker pool. graphile-worker 0.17 locks by POOL id; the
    // sweeper in shared/platform/src/worker/runtime.ts releases what a silent process held. Here the test
    // plays the sweeper for the dead pool it can see, then a fresh worker picks the job up.
    const locked = await db.pool.query<{ locked_by: string | null }>(
      `SELECT locked_by FROM graphile_worker._private_jobs WHERE payload->>'delivery' = $1`,
      [deliveries[0]!.id],
    );
    const deadPool = locked.rows[0]?.locked_by;
    expect(deadPool).toEqual(expect.any(String));
    await db.pool.query('SELECT graphile_worker.force_unlock_workers($1::text[])', [[deadPool]]);
    runtime = await startRuntime();
    expect(await finished(deliveries[0]!.id)).toEqual({ status: 'delivered', attempts: 1 });
    const ids = receiver.requests('/crash').map((r) => r.headers['x-pressroom-delivery-id']);
    expect(ids).toEqual([deliveries[0]!.deliveryId, deliveries[0]!.deliveryId]);
  });
});
