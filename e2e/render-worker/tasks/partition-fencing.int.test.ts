// Fencing on real Postgres: worker A reaches Postgres through a TCP proxy the test cuts while A
// holds a job, for longer than the stale window; worker B, connected directly, force-unlocks A's
// job and runs it; then the proxy heals and A carries on with the execution it still holds.
// With JOB_FENCING=on, A writes nothing: no second stored file under the banner's key, no second
// webhook POST, and the new owner's job row stays. With JOB_FENCING=off the same test shows
// each of those second writes. (Banner rows, credits and events are unique per file either way:
// the last assertions show that both modes keep them single.)
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createProject } from '@pressroom/control-plane/services/projects';
import { createWorkspace } from '@pressroom/control-plane/services/workspaces';
import { deliverWebhookTask, type WebhookTaskConfig } from '@pressroom/media-worker/webhooks/deliver-task';
import { type Receiver, startReceiver } from '@pressroom/media-worker/webhooks/testing/receiver';
import { createTestCertificates, type TestCertificates } from '@pressroom/media-worker/webhooks/testing/test-ca';
import { DEFAULT_GAPS_MS, DELIVER_WEBHOOK_TASK, type RenderStaticPayload } from '@pressroom/model';
import {
  createGenerationRequest,
  createLogger,
  createPool,
  createStorage,
  type GenerationDesign,
  type JobFencingMode,
  memoryDesignSource,
  type ObjectStorage,
  spendCredits,
  startWorkerRuntime,
  type WorkerRuntime,
} from '@pressroom/platform';
import { exampleDesign, startTcpProxy, type TcpProxy, type TestDatabase, testDatabase, until } from '@pressroom/platform/testing';
import { loadRenderWorkerConfig } from '@pressroom/render-worker/config';
import type { StaticRenderer } from '@pressroom/render-worker/static/pipeline';
import { BUNDLED_FONTS_ONLY } from '@pressroom/render-worker/static/render-fonts';
import { renderStaticTask } from '@pressroom/render-worker/static/task';
import { createRenderMetrics } from '@pressroom/render-worker/tasks/metrics';
import { noAnimationRenderer, standInRenderer } from '@pressroom/render-worker/tasks/testing/stand-in-renderer';
import type pg from 'pg';
import { Registry } from 'prom-client';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const HEARTBEAT_MS = 200;
const STALE_MS = 1_000;

let db: TestDatabase;
let proxy: TcpProxy;
let storage: ObjectStorage;
let certs: TestCertificates;
let receiver: Receiver;
let env: Record<string, string>;
const designs = memoryDesignSource([]);
let design: GenerationDesign;
let workspaceId = '';
/** Everything a scenario started, stopped after it. */
const cleanup: (() => Promise<void>)[] = [];
/** Renders a scenario holds: released first, since a worker's stop() waits for its render. */
const releases: (() => void)[] = [];

interface Worker {
  runtime: WorkerRuntime;
  metrics: Registry;
}

async function startWorker(name: 'A' | 'B', fencing: JobFencingMode, pool: pg.Pool, taskList: () => Record<string, unknown>) {
  const metrics = new Registry();
  const logger = createLogger(`worker-${name}`, 'silent');
  const runtime = await startWorkerRuntime({
    role: 'render-worker',
    db: pool,
    taskList: taskList() as never,
    concurrency: 1,
    logger,
    metrics,
    pollIntervalMs: 100,
    heartbeatIntervalMs: HEARTBEAT_MS,
    staleAfterMs: STALE_MS,
    fencing,
  });
  cleanup.push(() => runtime.stop());
  return { runtime, metrics } satisfies Worker;
}

/** Worker A's pool: every connection through the proxy. */
function poolViaProxy(): pg.Pool {
  const pool = createPool(proxy.via(db.url), { max: 4 });
  cleanup.push(() => pool.end());
  return pool;
}

function renderTasks(pool: pg.Pool, render: StaticRenderer) {
  const metrics = new Registry();
  const deps = {
    config: loadRenderWorkerConfig(env),
    db: pool,
    storage,
    logger: createLogger('test', 'silent'),
    metrics,
    renderMetrics: createRenderMetrics(metrics),
    designs,
    render,
    animation: noAnimationRenderer(),
    fonts: BUNDLED_FONTS_ONLY,
    gate: null,
  };
  return () => ({ render_static: renderStaticTask(deps) });
}

/** A renderer that cuts A off as its render starts and holds the render until `release`. */
function heldRenderer(onStart: () => void): { render: StaticRenderer; release: () => void } {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const inner = standInRenderer();
  releases.push(() => release());
  return {
    release: () => release(),
    render: async (input) => {
      onStart();
      const out = await inner(input);
      await held;
      // The stale execution's bytes differ from the owner's (as a render of an older design
      // version would): the file under the banner's key shows whose write landed last.
      return { ...out, bytes: await sharp(out.bytes).negate().jpeg().toBuffer() };
    },
  };
}

/** The waits below: a hang guard on a loaded machine, never a speed check. */
const WAIT = { timeoutMs: 20_000 };

/** Sum of a counter's series matching the labels given (0 when none). */
async function counter(worker: Worker, name: string, labels: Record<string, string> = {}): Promise<number> {
  const metric = worker.metrics.getSingleMetric(name);
  if (!metric) return 0;
  const { values } = await metric.get();
  return values.filter((v) => Object.entries(labels).every(([k, want]) => v.labels[k] === want)).reduce((sum, v) => sum + v.value, 0);
}

/** The job's execution in `worker` has ended (whatever its outcome). */
async function settled(worker: Worker, task: string): Promise<void> {
  await until(`${task} to settle`, async () => (await counter(worker, 'pressroom_jobs_total', { task })) >= 1, WAIT);
}

async function newRequest(): Promise<{ requestId: string; jobId: string }> {
  const requestId = await createGenerationRequest(db.pool, {
    workspaceId,
    designId: design.id,
    kind: 'async',
    callbackUrl: receiver.url('/callback'),
    fileType: 'jpeg',
    expectedFiles: 1,
    creditPerFile: 1,
  });
  expect(await spendCredits(db.pool, workspaceId, 'generation', 1, 'generation', requestId)).toBe(true);
  const payload: RenderStaticPayload = {
    v: 1,
    generation_request_id: requestId,
    banner_id: crypto.randomUUID(),
    workspace_id: workspaceId,
    design_id: design.id,
    format_name: 'square',
    file_type: 'jpeg',
    overrides: { layers: {}, vars: {} },
    priority: 'async',
    enqueued_at: Date.now(),
  };
  const { rows } = await db.pool.query<{ id: string }>('SELECT id FROM graphile_worker.add_job($1, $2::json)', [
    'render_static',
    JSON.stringify(payload),
  ]);
  return { requestId, jobId: rows[0]!.id };
}

async function jobRow(jobId: string): Promise<{ locked_by: string | null } | undefined> {
  const { rows } = await db.pool.query<{ locked_by: string | null }>('SELECT locked_by FROM graphile_worker._private_jobs WHERE id = $1', [
    jobId,
  ]);
  return rows[0];
}

/** What the request ended with: its rows, its credit movements, its events. */
async function resultsOf(requestId: string) {
  const q = async (sql: string) => Number((await db.pool.query<{ n: string }>(sql, [requestId])).rows[0]!.n);
  return {
    banners: await q('SELECT count(*) AS n FROM banners WHERE generation_request_id = $1'),
    errors: await q('SELECT count(*) AS n FROM generation_errors WHERE generation_request_id = $1'),
    creditMovements: await q('SELECT count(*) AS n FROM credit_ledger WHERE reference = $1'),
    batchEvents: await q(`SELECT count(*) AS n FROM webhook_events WHERE payload->>'generation_request_id' = $1::text`),
  };
}

async function storedBytesOf(requestId: string): Promise<Buffer> {
  const { rows } = await db.pool.query<{ storage_key: string }>('SELECT storage_key FROM banners WHERE generation_request_id = $1', [
    requestId,
  ]);
  return storage.get(rows[0]!.storage_key);
}

beforeAll(async () => {
  db = await testDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), 'pressroom-fencing-'));
  env = { DATABASE_URL: db.url, LOG_LEVEL: 'silent', DATA_DIR: dataDir };
  storage = await createStorage(loadRenderWorkerConfig(env), { publicBaseUrl: 'http://localhost:8080', dataDir });
  const u = new URL(db.url);
  proxy = await startTcpProxy({ host: u.hostname, port: Number(u.port) });
  certs = await createTestCertificates();
  receiver = await startReceiver(certs);
  workspaceId = (await createWorkspace(db.pool, { name: 'Acme', plan: 'pro', credits: 100, aiCredits: 0 })).id;
  const projectId = (await createProject(db.pool, workspaceId, 'Campaigns'))!.id;
  design = await exampleDesign('static-summer-sale.json', { workspaceId, projectId });
  designs.add(design);
});

afterEach(async () => {
  proxy.heal();
  for (const release of releases.splice(0)) release();
  for (const stop of cleanup.splice(0).reverse()) await stop().catch(() => undefined);
  // The webhook deliveries a finished request enqueued: no worker of the next scenario takes them.
  await db.pool.query('DELETE FROM graphile_worker._private_jobs');
});

afterAll(async () => {
  await receiver?.close();
  await proxy?.close();
  await db?.drop();
});

describe.each(['on', 'off'] as const)('JOB_FENCING=%s: a worker cut off from Postgres mid-job, longer than the stale window', (fencing) => {
  const fenced = fencing === 'on';

  it(`its job runs elsewhere; healed, the stale execution ${fenced ? 'writes nothing' : 'rewrites the stored file'}`, async () => {
    const poolA = poolViaProxy();
    const stale = heldRenderer(() => proxy.cut());
    const a = await startWorker('A', fencing, poolA, renderTasks(poolA, stale.render));
    const { requestId, jobId } = await newRequest();
    await until('A to start rendering (and be cut off)', () => proxy.isCut(), WAIT);

    const owner = standInRenderer();
    let ownerBytes: Buffer | undefined;
    const b = await startWorker(
      'B',
      fencing,
      db.pool,
      renderTasks(db.pool, async (input) => {
        const out = await owner(input);
        ownerBytes = out.bytes;
        return out;
      }),
    );
    // B sweeps A's silent heartbeat, force-unlocks the job, renders and records it.
    await until('B to record the banner', async () => (await resultsOf(requestId)).banners === 1, WAIT);
    await settled(b, 'render_static');
    expect(await counter(b, 'pressroom_dead_workers_unlocked_total')).toBeGreaterThanOrEqual(1);
    expect(await storedBytesOf(requestId)).toEqual(ownerBytes);

    proxy.heal();
    stale.release();
    await settled(a, 'render_static');

    expect(await counter(a, 'pressroom_job_fenced_total', { task: 'render_static', write: 'object' })).toBe(fenced ? 1 : 0);
    expect(await counter(a, 'pressroom_jobs_total', { task: 'render_static', outcome: 'fenced' })).toBe(fenced ? 1 : 0);
    // The file a customer downloads is the one its owner recorded, or the stale one written over it.
    const stored = await storedBytesOf(requestId);
    if (fenced) expect(stored).toEqual(ownerBytes);
    else expect(stored).not.toEqual(ownerBytes);
    // One banner, one credit spent and none refunded, one batch event: in both modes.
    expect(await resultsOf(requestId)).toEqual({ banners: 1, errors: 0, creditMovements: 1, batchEvents: 1 });
    expect(await jobRow(jobId)).toBeUndefined();
  });

  it(`healed while the new owner still renders, the stale execution ${fenced ? 'leaves the owner its job' : 'completes (deletes) the owner’s job'}`, async () => {
    const poolA = poolViaProxy();
    const stale = heldRenderer(() => proxy.cut());
    const a = await startWorker('A', fencing, poolA, renderTasks(poolA, stale.render));
    const { requestId, jobId } = await newRequest();
    await until('A to start rendering (and be cut off)', () => proxy.isCut(), WAIT);

    let ownerStarted = false;
    const owner = heldRenderer(() => {
      ownerStarted = true;
    });
    const b = await startWorker('B', fencing, db.pool, renderTasks(db.pool, owner.render));
    await until('B to take the job over', () => ownerStarted, WAIT);
    const bLock = (await jobRow(jobId))?.locked_by;
    expect(bLock).toBeTruthy();

    // A comes back while B renders.
    proxy.heal();
    stale.release();
    await settled(a, 'render_static');
    expect(await counter(a, 'pressroom_job_fenced_total', { task: 'render_static' })).toBe(fenced ? 1 : 0);
    // Fenced, B still holds its job; unfenced, A's banner is recorded and graphile-worker's
    // completion (a DELETE by id alone) removed the job B is running: had B failed, it was lost.
    expect(await resultsOf(requestId)).toMatchObject({ banners: fenced ? 0 : 1 });
    // graphile-worker writes a job's end after its event, in a promise nobody awaits: poll.
    await until("A's end of the job written", async () => (await jobRow(jobId))?.locked_by === (fenced ? bLock : undefined), {
      timeoutMs: 5_000,
    });

    owner.release();
    await settled(b, 'render_static');
    expect(await resultsOf(requestId)).toEqual({ banners: 1, errors: 0, creditMovements: 1, batchEvents: 1 });
    expect(await jobRow(jobId)).toBeUndefined();
  });

  it(`a webhook attempt cut off just before its POST is ${fenced ? 'sent once, by the new owner' : 'sent twice'}`, async () => {
    const path = `/hook-${fencing}`;
    const { rows } = await db.pool.query<{ id: string }>(
      `WITH ev AS (INSERT INTO webhook_events (workspace_id, event_type, payload) VALUES ($1, 'NEW_BANNER', '{}') RETURNING id)
       INSERT INTO webhook_deliveries (delivery_id, event_id, workspace_id, target_kind, url)
       SELECT encode(sha256(gen_random_uuid()::text::bytea), 'hex'), ev.id, $1, 'callback', $2 FROM ev RETURNING id`,
      [workspaceId, receiver.url(path)],
    );
    const deliveryRowId = rows[0]!.id;
    const config: WebhookTaskConfig = {
      webhookTimeoutMs: 5_000,
      webhookRetryGapsMs: DEFAULT_GAPS_MS.join(','),
      webhookExportRetryGapsMs: DEFAULT_GAPS_MS.join(','),
      webhookTimeScale: 0.001,
      apiHostName: 'api.pressroom.test',
      outboundAllowPrivateNetworks: true,
    };
    const webhookTasks = (pool: pg.Pool, now?: () => Date) => () => ({
      [DELIVER_WEBHOOK_TASK]: deliverWebhookTask({
        config,
        db: pool,
        logger: createLogger('test', 'silent'),
        metrics: new Registry(),
        ca: certs.caPem,
        ...(now ? { now } : {}),
      }),
    });
    const poolA = poolViaProxy();
    // A is cut off the moment it stamps its attempt: after it read the delivery, before it sends.
    const a = await startWorker(
      'A',
      fencing,
      poolA,
      webhookTasks(poolA, () => {
        proxy.cut();
        return new Date();
      }),
    );
    await db.pool.query('SELECT graphile_worker.add_job($1, $2::json)', [
      DELIVER_WEBHOOK_TASK,
      JSON.stringify({ v: 1, delivery: deliveryRowId, attempt: 1 }),
    ]);
    await until('A to be cut off', () => proxy.isCut(), WAIT);
    const b = await startWorker('B', fencing, db.pool, webhookTasks(db.pool));
    await until(
      'B to deliver',
      async () =>
        (await db.pool.query('SELECT 1 FROM webhook_delivery_attempts WHERE delivery_row_id = $1', [deliveryRowId])).rows.length === 1,
      WAIT,
    );
    await settled(b, DELIVER_WEBHOOK_TASK);
    proxy.heal();
    await settled(a, DELIVER_WEBHOOK_TASK);

    expect(receiver.requests(path)).toHaveLength(fenced ? 1 : 2);
    expect(await counter(a, 'pressroom_job_fenced_total', { task: DELIVER_WEBHOOK_TASK, write: 'webhook' })).toBe(fenced ? 1 : 0);
    const attempts = await db.pool.query('SELECT attempt FROM webhook_delivery_attempts WHERE delivery_row_id = $1', [deliveryRowId]);
    expect(attempts.rows).toHaveLength(1);
  });
});
